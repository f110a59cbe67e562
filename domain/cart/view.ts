/**
 * What the cart API answers: the cart with every line re-priced by the server. Shared by the
 * handlers and the browser's API client.
 */
import type { Configuration } from '../pricing/configuration';
import type { Discount } from '../pricing/discounts';

/**
 * `submitted`: a partner cart returned to the buyer's procurement system (domain/punchout); never active again.
 * `merged`: an abandoned cart whose lines were brought into the signed-in session's cart (domain/cart/lifecycle.ts); never revived.
 */
export const CART_STATUSES = ['active', 'abandoned', 'purchased', 'submitted', 'merged'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** Shipping is never estimated in the cart: it depends on the address checkout asks for. */
export const SHIPPING_AT_CHECKOUT = 'Calculated at checkout';
/** A purchase order is billed at its lines' prices: no tax or freight is added (punchout/purchase-order.ts). */
export const SHIPPING_ON_PURCHASE_ORDER = 'Included';

export interface CartLineView {
  /** Stable for one configuration in one cart: adding the same configuration again adds to this line. */
  id: string;
  configuration: Configuration;
  /** The window or room the blind is for, when the shopper gave one. */
  roomLabel: string | null;
  quantity: number;
  /** The unit price computed now from the current grids, integer cents; the price when added if it can no longer be priced. */
  unitCents: number;
  /** The grids' price of the blind, which a buyer on contract prices (pricing/price-list.ts) pays less than: struck through beside `unitCents` when higher. */
  listUnitCents: number;
  /** unitCents x quantity. */
  lineCents: number;
  /** The unit price computed when the line was added (or last merged). */
  addedUnitCents: number;
  /** The current grids give another unit price than when the line was added. */
  priceChanged: boolean;
  /** Set when the current grids can no longer price the line; the line is then left out of the subtotal. */
  priceError: string | null;
  /** Product name, e.g. "Faux Wood Blinds: Standard". */
  title: string;
  /** The configuration spelled out: size with fractions, mount, colour, options, room label. */
  description: string[];
  addedAt: string;
}

export interface CartView {
  id: string;
  status: CartStatus;
  items: CartLineView[];
  /** Total quantity over all lines: what the header badge shows. */
  itemCount: number;
  lineCount: number;
  subtotalCents: number;
  /** The sum of `discounts`, taken off the blinds as checkout will. */
  discountCents: number;
  discounts: Discount[];
  /** The promotion code the cart was asked with (`?promoCode=`) and what became of it; null when none. */
  promoCode: { code: string; status: 'applied' | 'outdone' | 'refused'; message: string | null } | null;
  /** 'Add 3 more blinds to save 5%': what the next volume tier needs; null at the top tier or for contract prices. */
  volumeNudge: string | null;
  /**
   * How the cart is paid: at checkout, which adds tax and shipping, or, for a punch-out buyer, on their
   * purchase order at the lines' prices, which adds neither (and offers no installation).
   */
  billing: 'checkout' | 'purchaseOrder';
  /** 8% of the subtotal less the discounts, see totals.ts; 0 on a purchase order. */
  estimatedTaxCents: number;
  /** Subtotal less the discounts plus estimated tax: for a purchase order, what the buyer's system receives. */
  estimatedTotalCents: number;
  shipping: typeof SHIPPING_AT_CHECKOUT | typeof SHIPPING_ON_PURCHASE_ORDER;
  /** Items (total quantity) this load brought back from the client's abandoned cart at sign-in; present only then. */
  broughtBack?: number;
}

export interface CartCount {
  count: number;
}

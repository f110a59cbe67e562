/**
 * The money rules of checkout, pure and in integer cents: subtotal, 8% tax, shipping by destination
 * and by each blind's width, sample shipping, professional installation, and the total. The server
 * computes every figure with these; the browser shows what the quote call answers.
 */
import { estimatedTaxCents } from '../cart/totals';
import { groupThousands } from '../thousands';
import {
  installationOptionCharges,
  NO_INSTALLATION_OPTIONS,
  type InstallationOptions,
} from '../appointments/installation-choices';
import { chargeTotalCents, type QuoteCharge } from '../customer-quotes/charges';
import { INSTALLATION } from '../installation';
import type { FamilyId } from '../catalogue/families';
import { discountTotalCents, type Discount, type VolumeTier } from '../pricing/discounts';
import { orderDiscounts } from '../pricing/order-discounts';
import { codeOutcome, NO_PROMOTIONS, usablePromotions, type PromotionOffers } from '../promotions/promotion';
import { SAMPLE_SHIPPING_CENTS } from '../samples/messages';
import { ZIP_CODE_PATTERN, type ShippingClass, type ShippingStatus } from './checkout';

/**
 * The free delivery zone and the installation area: the Dallas-Fort Worth metro, as the 3-digit
 * ZIP prefixes of its post offices (Dallas 750-753, Fort Worth 760-761, Denton 762; 754 is
 * Greenville/Rockwall). The two documents name two zones: checkout's "free for state TX" and the
 * storefront's "free local delivery in DFW", "DFW delivery free" and "Standard shipping outside
 * DFW $12.50 per shade". We take DFW: the storefront says it three times, the installation terms
 * ("DFW only", "only in the DFW metro") use the same area, and the business is a DFW shop that
 * ships nationwide. One constant serves free delivery and installation.
 */
export const DFW_METRO_ZIP_PREFIXES = ['750', '751', '752', '753', '754', '760', '761', '762'] as const;
export const DFW_METRO_STATE = 'TX';

/** Shipping per unit outside the zone: $12.50 up to 75 in wide, $30 over 75 in. */
export const STANDARD_SHIPPING_CENTS_PER_UNIT = 1250;
export const OVERSIZE_SHIPPING_CENTS_PER_UNIT = 3000;
export const STANDARD_SHIPPING_MAX_WIDTH_INCHES = 75;
/** Over 100 in wide a blind ships by LTL freight, priced by staff on a freight quote (domain/customer-quotes): card checkout refuses it. */
export const CARD_CHECKOUT_MAX_WIDTH_INCHES = 100;

export const freightMessage = (phoneDisplay: string) =>
  `Blinds wider than ${CARD_CHECKOUT_MAX_WIDTH_INCHES} inches ship by LTL freight, which we price for you: choose Request a freight quote, then accept and pay the priced quote. Questions? Call ${phoneDisplay}.`;

/**
 * The most different blinds one order holds: a large property's windows. The order's lines are
 * written in batches before the order is made visible (docs/decisions/0057), and hosted checkout
 * gets them grouped by product when they do not fit its 100 line items.
 */
export const MAX_ORDER_LINES = 1000;
export const tooManyLinesMessage = (phoneDisplay: string) =>
  `An order can hold at most ${groupThousands(MAX_ORDER_LINES)} different blinds. Please place the rest as a second order, or call us at ${phoneDisplay}.`;

/**
 * Professional installation: $150 for up to 10 blinds. The old shop gave no price for more; a crew
 * installs about ten blinds in a visit, so each started group of ten is another $150 (11-20 blinds
 * $300, 21-30 $450, …). Old-blind removal ($5 each) and high-ladder work ($300 minimum) are options
 * the customer chooses with it (appointments/installation-options.ts), charged beside it.
 */
export const INSTALLATION_GROUP_SIZE = INSTALLATION.baseBlindLimit;
export const INSTALLATION_CENTS_PER_GROUP = INSTALLATION.baseCents;

export function installationCents(blindCount: number): number {
  return Math.ceil(blindCount / INSTALLATION_GROUP_SIZE) * INSTALLATION_CENTS_PER_GROUP;
}

export interface Destination {
  state: string;
  zipCode: string;
}

/** Shipping is known once a state and a well-formed ZIP code are entered. */
export function isCompleteDestination(destination: Destination): boolean {
  return destination.state.trim() !== '' && ZIP_CODE_PATTERN.test(destination.zipCode.trim());
}

/** In the DFW metro: a Texas address whose ZIP starts with one of the metro's prefixes. */
export function isInDfwMetro(destination: Destination): boolean {
  const prefix = destination.zipCode.trim().slice(0, 3);
  return (
    destination.state.trim().toUpperCase() === DFW_METRO_STATE &&
    isCompleteDestination(destination) &&
    (DFW_METRO_ZIP_PREFIXES as readonly string[]).includes(prefix)
  );
}

/** By the width the blind is made at (after an inside window measurement's deduction), which is what is boxed. */
export function shippingClassOf(widthInches: number): ShippingClass {
  if (widthInches > CARD_CHECKOUT_MAX_WIDTH_INCHES) return 'freight';
  return widthInches > STANDARD_SHIPPING_MAX_WIDTH_INCHES ? 'oversize' : 'standard';
}

export function shippingCentsPerUnit(shippingClass: Exclude<ShippingClass, 'freight'>): number {
  return shippingClass === 'oversize' ? OVERSIZE_SHIPPING_CENTS_PER_UNIT : STANDARD_SHIPPING_CENTS_PER_UNIT;
}

export interface TotalsLine {
  quantity: number;
  unitCents: number;
  widthInches: number;
  /** For a promotion of some families only. */
  family: FamilyId;
}

export interface CheckoutTotals {
  blindCount: number;
  /** The blinds at their unit prices, before any discount. */
  subtotalCents: number;
  /** What the discounts take off the blinds: their sum. */
  discountCents: number;
  discounts: Discount[];
  /** The promotion code given and what became of it; null when none was given. */
  promoCode: ReturnType<typeof codeOutcome>;
  /** The promotion whose discount is among `discounts`, or null. */
  promotionId: string | null;
  /** 8% of the blinds less their discount. */
  taxCents: number;
  shipping: { status: ShippingStatus; cents: number | null };
  sampleShippingCents: number;
  /** `cents` the visit; `charges` the options chosen with it (old-blind removal, high-ladder work), each added to the total. */
  installation: { available: boolean; selected: boolean; cents: number; charges: QuoteCharge[] };
  /** Null while shipping is unknown or needs freight. */
  totalCents: number | null;
}

/**
 * Every figure of an order: subtotal (unit x quantity summed), the discounts on the blinds
 * (pricing/discounts.ts), tax 8% of the subtotal less the discounts rounded half up once
 * (installation and shipping are not taxed), shipping per unit by width outside the DFW metro and
 * free in it, $15 sample shipping when samples ride along (wherever they go: they travel by mail,
 * not on the local delivery), installation when asked for in the DFW metro, and the total.
 */
export function checkoutTotals(input: {
  lines: readonly TotalsLine[];
  sampleCount: number;
  destination: Destination;
  installationRequested: boolean;
  /** What the customer adds to installation; none when not given. */
  installationOptions?: InstallationOptions;
  /** The buyer pays a contract price list's prices (no volume tier on top). */
  contractPrices?: boolean;
  /** The code given and the sales in effect. */
  promotions?: PromotionOffers;
  /** The volume table in effect (the declared one when not given). */
  tiers?: readonly VolumeTier[];
}): CheckoutTotals {
  const blindCount = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const blindLines = input.lines.map((line) => ({ family: line.family, lineCents: line.unitCents * line.quantity }));
  const offers = input.promotions ?? NO_PROMOTIONS;
  const { usable, codeRefusal } = usablePromotions(
    offers,
    { blindCount, lines: blindLines },
    input.contractPrices ?? false,
  );
  const { discounts, promotion } = orderDiscounts(
    {
      blindCount,
      blindsCents: subtotalCents,
      contractPrices: input.contractPrices ?? false,
      lines: blindLines,
      promotions: usable,
    },
    input.tiers,
  );
  const discountCents = discountTotalCents(discounts);
  const taxCents = estimatedTaxCents(subtotalCents - discountCents);
  const sampleShippingCents = input.sampleCount > 0 ? SAMPLE_SHIPPING_CENTS : 0;
  const inMetro = isInDfwMetro(input.destination);

  const classes = input.lines.map((line) => ({
    quantity: line.quantity,
    shippingClass: shippingClassOf(line.widthInches),
  }));
  let shipping: CheckoutTotals['shipping'];
  if (classes.some((line) => line.shippingClass === 'freight')) shipping = { status: 'freight', cents: null };
  else if (!isCompleteDestination(input.destination)) shipping = { status: 'unknown', cents: null };
  else if (inMetro || blindCount === 0) shipping = { status: 'free', cents: 0 };
  else {
    const cents = classes.reduce(
      (sum, line) =>
        sum + line.quantity * shippingCentsPerUnit(line.shippingClass as Exclude<ShippingClass, 'freight'>),
      0,
    );
    shipping = { status: 'charged', cents };
  }

  const available = inMetro && blindCount > 0;
  const selected = available && input.installationRequested;
  const installation = {
    available,
    selected,
    cents: selected ? installationCents(blindCount) : 0,
    charges: selected ? installationOptionCharges(input.installationOptions ?? NO_INSTALLATION_OPTIONS) : [],
  };
  const optionCents = chargeTotalCents(installation.charges);

  const totalCents =
    shipping.cents === null
      ? null
      : subtotalCents -
        discountCents +
        taxCents +
        shipping.cents +
        sampleShippingCents +
        installation.cents +
        optionCents;
  return {
    blindCount,
    subtotalCents,
    discountCents,
    discounts,
    promoCode: codeOutcome(offers, codeRefusal, promotion),
    promotionId: promotion?.id ?? null,
    taxCents,
    shipping,
    sampleShippingCents,
    installation,
    totalCents,
  };
}

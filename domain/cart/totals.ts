/** Cart totals: price x quantity summed, the volume discount, tax estimated at 8%, shipping at checkout. */
import type { FamilyId } from '../catalogue/families';
import { discountTotalCents, VOLUME_TIERS, volumeNudgeText, type VolumeTier } from '../pricing/discounts';
import { orderDiscounts } from '../pricing/order-discounts';
import { codeOutcome, NO_PROMOTIONS, usablePromotions, type PromotionOffers } from '../promotions/promotion';
import { mulDivRoundHalfUp } from '../pricing/money';
import { SHIPPING_AT_CHECKOUT, SHIPPING_ON_PURCHASE_ORDER, type CartView } from './view';

/** The cart's tax estimate: 8% of the subtotal, the rate checkout charges too. */
export const ESTIMATED_TAX_PERCENT = 8;

/** Rounded once, half up, to a whole cent: the engine's one rounding rule. */
export function estimatedTaxCents(subtotalCents: number): number {
  return mulDivRoundHalfUp(subtotalCents, ESTIMATED_TAX_PERCENT, 100);
}

/**
 * The cart's figures as checkout will compute them for the same blinds: the discounts the priced
 * lines reach (pricing/discounts.ts), tax on what is left, and what the next volume tier needs.
 */
export function cartTotals(
  lines: ReadonlyArray<{ lineCents: number; quantity: number; priced: boolean; family: FamilyId }>,
  contractPrices = false,
  offers: PromotionOffers = NO_PROMOTIONS,
  tiers: readonly VolumeTier[] = VOLUME_TIERS,
) {
  const priced = lines.filter((line) => line.priced);
  const subtotalCents = priced.reduce((sum, line) => sum + line.lineCents, 0);
  const pricedBlinds = priced.reduce((sum, line) => sum + line.quantity, 0);
  const blindLines = priced.map(({ family, lineCents }) => ({ family, lineCents }));
  const { usable, codeRefusal } = usablePromotions(
    offers,
    { blindCount: pricedBlinds, lines: blindLines },
    contractPrices,
  );
  const { discounts, promotion } = orderDiscounts(
    {
      blindCount: pricedBlinds,
      blindsCents: subtotalCents,
      contractPrices,
      lines: blindLines,
      promotions: usable,
    },
    tiers,
  );
  const discountCents = discountTotalCents(discounts);
  const tax = estimatedTaxCents(subtotalCents - discountCents);
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    lineCount: lines.length,
    subtotalCents,
    discountCents,
    discounts,
    promoCode: codeOutcome(offers, codeRefusal, promotion),
    volumeNudge: contractPrices ? null : volumeNudgeText(pricedBlinds, tiers),
    estimatedTaxCents: tax,
    estimatedTotalCents: subtotalCents - discountCents + tax,
  };
}

/**
 * The cart's figures as they are paid: at checkout with tax estimated (shipping comes with the
 * address), or on a punch-out buyer's purchase order, billed at the lines' prices with no tax or
 * freight added, so the cart shows the total the buyer's system receives.
 */
export function billedTotals(
  totals: ReturnType<typeof cartTotals>,
  billing: CartView['billing'],
): Omit<CartView, 'id' | 'status' | 'items' | 'broughtBack'> {
  if (billing === 'checkout') return { ...totals, billing, shipping: SHIPPING_AT_CHECKOUT };
  return {
    ...totals,
    billing,
    estimatedTaxCents: 0,
    estimatedTotalCents: totals.subtotalCents - totals.discountCents,
    shipping: SHIPPING_ON_PURCHASE_ORDER,
  };
}

/**
 * How an order's discounts combine (decision 0053), one rule:
 * 1. A buyer on a contract price list (a client's price list in effect, or a punch-out partner's
 *    pricing rules: price-list.ts) already pays their own price per blind, which replaces the volume
 *    tier and every promotion. Everyone else gets the tier their order reaches.
 * 2. One promotion at a time: of the code entered and the sales in effect, the one that saves the
 *    most, taken off the blinds it applies to as they cost after the volume discount.
 * 3. Together the discounts never take more than DISCOUNT_CEILING_PERCENT off the blinds (the floor
 *    under every price): the promotion gives way first.
 */
import type { FamilyId } from '../catalogue/families';
import type { PromotableOrder, PromotionTerms } from '../promotions/promotion';
import { applicableCents, promotionLabel, promotionSavingCents } from '../promotions/promotion';
import { discountTotalCents, VOLUME_TIERS, volumeTierOf, type Discount, type VolumeTier } from './discounts';
import { mulDivRoundHalfUp } from './money';

/**
 * The floor under every price: whatever combines, the blinds of an order never sell for less than
 * 60% of what they cost at the buyer's prices (the top volume tier and a generous code stay well
 * above it; a mistaken 50% code on top of 15% does not).
 */
export const DISCOUNT_CEILING_PERCENT = 40;

/** What the order's blinds cost and who is buying them: all a discount is decided from. */
export interface DiscountInput {
  /** Blinds (sum of quantities) of the order; samples are not blinds. */
  blindCount: number;
  /** The blinds at the buyer's unit prices, before any discount. */
  blindsCents: number;
  /** The buyer pays a contract price list's prices, which replace the volume tier and any promotion. */
  contractPrices: boolean;
  /** Each blind line's family and cost at the buyer's prices, for a promotion of some families only. */
  lines?: PromotableOrder['lines'];
  /** The promotions the order may use: the code entered and the sales in effect, each already found usable (promotionRefusal). */
  promotions?: readonly PromotionTerms[];
}

export interface OrderDiscounts {
  discounts: Discount[];
  /** The promotion the order uses, or null. */
  promotion: PromotionTerms | null;
}

function volumeDiscount(
  input: DiscountInput,
  tiers: readonly VolumeTier[],
): { percent: number; discount: Discount | null } {
  const tier = input.contractPrices ? null : volumeTierOf(input.blindCount, tiers);
  if (!tier) return { percent: 0, discount: null };
  const cents = mulDivRoundHalfUp(input.blindsCents, tier.percent, 100);
  const label = `Volume discount: ${tier.percent}% off ${tier.minBlinds}+ blinds`;
  return { percent: tier.percent, discount: cents === 0 ? null : { kind: 'volume', label, cents } };
}

/** The discounts of an order, by the rule above. */
export function orderDiscounts(input: DiscountInput, tiers: readonly VolumeTier[] = VOLUME_TIERS): OrderDiscounts {
  const volume = volumeDiscount(input, tiers);
  const discounts = volume.discount ? [volume.discount] : [];
  const room = mulDivRoundHalfUp(input.blindsCents, DISCOUNT_CEILING_PERCENT, 100) - discountTotalCents(discounts);
  const order = { blindCount: input.blindCount, lines: input.lines ?? [] };
  const offers = (input.contractPrices ? [] : (input.promotions ?? [])).map((terms) => {
    const applicable = applicableCents(terms, order);
    const afterVolume = applicable - mulDivRoundHalfUp(applicable, volume.percent, 100);
    return { terms, cents: Math.min(promotionSavingCents(terms, afterVolume), Math.max(room, 0)) };
  });
  const best = offers.reduce<(typeof offers)[number] | null>(
    (kept, offer) => (!kept || offer.cents > kept.cents ? offer : kept),
    null,
  );
  if (!best || best.cents === 0) return { discounts, promotion: null };
  return {
    discounts: [
      ...discounts,
      {
        kind: 'promotion',
        label: promotionLabel(best.terms),
        cents: best.cents,
        ...(best.terms.families.length > 0 ? { families: best.terms.families } : {}),
      },
    ],
    promotion: best.terms,
  };
}

/**
 * What the order's discounts took off some of its blinds (`part`, each line's family and cost): each
 * discount's share in proportion to the cost of the blinds it was taken off, rounded once, half up.
 * Of every blind, it is the whole discount.
 */
export function discountOnPart(
  discounts: readonly Discount[],
  orderLines: ReadonlyArray<{ family: FamilyId; lineCents: number }>,
  part: ReadonlyArray<{ family: FamilyId; lineCents: number }>,
): number {
  return discounts.reduce((sum, discount) => {
    const takenOff = (line: { family: FamilyId }) => !discount.families || discount.families.includes(line.family);
    const base = orderLines.filter(takenOff).reduce((total, line) => total + line.lineCents, 0);
    const share = part.filter(takenOff).reduce((total, line) => total + line.lineCents, 0);
    return sum + (base > 0 ? mulDivRoundHalfUp(share, discount.cents, base) : 0);
  }, 0);
}

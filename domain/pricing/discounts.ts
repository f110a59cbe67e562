/**
 * What a buyer saves on an order, and the rule that decides it. Integer cents, rounded once, half up
 * (money.ts). Samples, shipping and installation are never discounted: a discount is taken off the
 * blinds, and tax is charged on what is left.
 *
 * How discounts combine (decision 0053), one rule:
 * 1. A buyer on a contract price list (a client's price list in effect, or a punch-out partner's
 *    pricing rules: price-list.ts) already pays their own price per blind, which replaces the volume
 *    tier and every promotion. Everyone else gets the tier their order reaches.
 * 2. One promotion at a time: of the code entered and the sales in effect, the one that saves the
 *    most, taken off the blinds it applies to as they cost after the volume discount.
 * 3. Together the discounts never take more than DISCOUNT_CEILING_PERCENT off the blinds (the floor
 *    under every price): the promotion gives way first.
 * No zod here: the configurator's first load shows the tiers.
 */
import type { FamilyId } from '../catalogue/families';
import type { PromotableOrder, PromotionTerms } from '../promotions/promotion';
import { applicableCents, promotionLabel, promotionSavingCents } from '../promotions/promotion';
import { mulDivRoundHalfUp } from './money';

export const DISCOUNT_KINDS = ['volume', 'contract', 'promotion', 'priceMatch'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** One saving on an order, as the quote, the order, its documents and its events carry it (discount-schema.ts). */
export interface Discount {
  kind: DiscountKind;
  /** 'Volume discount: 5% off 10+ blinds': at most 40 characters, the longest name a Stripe coupon takes. */
  label: string;
  cents: number;
  /** The families a promotion of some products only was taken off; absent: every blind of the order. */
  families?: FamilyId[];
}

/** A step of the volume table: orders of at least `minBlinds` blinds get `percent` off the blinds. */
export interface VolumeTier {
  minBlinds: number;
  percent: number;
}

/** The shop's volume table: 10–24 blinds 5% off, 25–49 10%, 50 or more 15%. */
export const VOLUME_TIERS: readonly VolumeTier[] = [
  { minBlinds: 10, percent: 5 },
  { minBlinds: 25, percent: 10 },
  { minBlinds: 50, percent: 15 },
];

/** The highest tier an order of this many blinds reaches, or null below the first. */
export function volumeTierOf(blindCount: number, tiers: readonly VolumeTier[] = VOLUME_TIERS): VolumeTier | null {
  return tiers.filter((tier) => blindCount >= tier.minBlinds).at(-1) ?? null;
}

/** 'Order 10 or more blinds and save 5%': the first tier, where a single blind is priced. */
export function volumeOfferText(tiers: readonly VolumeTier[] = VOLUME_TIERS): string {
  const [first] = tiers;
  return first ? `Order ${first.minBlinds} or more blinds and save ${first.percent}%` : '';
}

/** 'Volume pricing: 10–24 blinds 5% off, 25–49 10%, 50 or more 15%': every tier, where the site names the discounts. */
export function volumeTiersText(tiers: readonly VolumeTier[] = VOLUME_TIERS): string {
  const steps = tiers.map((tier, index) => {
    const next = tiers[index + 1];
    const blinds = next ? `${tier.minBlinds}–${next.minBlinds - 1}` : `${tier.minBlinds} or more`;
    return index === 0 ? `${blinds} blinds ${tier.percent}% off` : `${blinds} ${tier.percent}%`;
  });
  return `Volume pricing: ${steps.join(', ')}`;
}

/** 'Orders of 10 or more blinds save 5%, 25 or more 10%, and 50 or more 15%.': where the site promises volume discounts. */
export function volumeDiscountsSentence(tiers: readonly VolumeTier[] = VOLUME_TIERS): string {
  const steps = tiers.map((tier, index) =>
    index === 0
      ? `${tier.minBlinds} or more blinds save ${tier.percent}%`
      : `${tier.minBlinds} or more ${tier.percent}%`,
  );
  const listed = steps.length > 2 ? `${steps.slice(0, -1).join(', ')}, and ${steps.at(-1)}` : steps.join(' and ');
  return `Orders of ${listed}.`;
}

/** 'Add 3 more blinds to save 5%' / 'Add 1 more blind to save 10%': the next tier, or null at the top. */
export function volumeNudgeText(blindCount: number, tiers: readonly VolumeTier[] = VOLUME_TIERS): string | null {
  if (blindCount === 0) return null;
  const next = tiers.find((tier) => tier.minBlinds > blindCount);
  if (!next) return null;
  const toGo = next.minBlinds - blindCount;
  return `Add ${toGo} more ${toGo === 1 ? 'blind' : 'blinds'} to save ${next.percent}%`;
}

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

export function discountTotalCents(discounts: readonly Discount[]): number {
  return discounts.reduce((sum, discount) => sum + discount.cents, 0);
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

/**
 * An order's discount spread over its lines in proportion to what each line costs, whole cents by
 * largest remainder, so the shares add up to the discount exactly: how Stripe spreads an order's
 * coupon over its line items, which the local stand-in does with this.
 */
export function discountShares(lineCents: readonly number[], discountCents: number): number[] {
  const total = lineCents.reduce((sum, cents) => sum + cents, 0);
  if (total === 0 || discountCents === 0) return lineCents.map(() => 0);
  const exact = lineCents.map((cents) => cents * discountCents);
  const shares = exact.map((product) => Math.floor(product / total));
  let left = discountCents - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((product, index) => ({ index, remainder: product % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

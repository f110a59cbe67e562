/**
 * What a buyer saves on an order, and the rule that decides it. Integer cents, rounded once, half up
 * (money.ts). Samples, shipping and installation are never discounted: a discount is taken off the
 * blinds, and tax is charged on what is left.
 *
 * How they combine is order-discounts.ts. No zod here, nor anything of promotions: the configurator's
 * and the home page's first loads state the tiers.
 */
import type { FamilyId } from '../catalogue/families';

/** `quote`: a discount staff gave on a version of a customer quote (domain/customer-quotes). */
export const DISCOUNT_KINDS = ['volume', 'contract', 'promotion', 'priceMatch', 'quote'] as const;
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

export function discountTotalCents(discounts: readonly Discount[]): number {
  return discounts.reduce((sum, discount) => sum + discount.cents, 0);
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

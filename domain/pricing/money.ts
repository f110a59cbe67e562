/**
 * Money is integer cents. The one rounding rule: a product of cents and a non-integer (a price
 * factor, a per-square-foot rate) is rounded once, half up, to a whole cent. Everything after
 * that (fascia, split draw, quantity) is integer addition and multiplication.
 */

/** cents x numerator / denominator, rounded half up, in integer arithmetic (exact below 2^53). */
export function mulDivRoundHalfUp(cents: number, numerator: number, denominator: number): number {
  return Math.floor((2 * cents * numerator + denominator) / (2 * denominator));
}

/** A price factor in parts per 10,000, so that 0.7071 and 0.429 are exact integers. */
export interface PriceFactor {
  perTenThousand: number;
}

export function applyFactor(cents: number, factor: PriceFactor): number {
  return mulDivRoundHalfUp(cents, factor.perTenThousand, 10_000);
}

export function factorText(factor: PriceFactor): string {
  return String(factor.perTenThousand / 10_000);
}

/** Whole percent saved off the retail price, rounded down so a saving is never overstated. */
export function savingsPercent(retailCents: number, unitCents: number): number {
  return retailCents > unitCents ? Math.floor(((retailCents - unitCents) * 100) / retailCents) : 0;
}

// Made at their first use, not when the module loads: the first Intl formatter a page makes sets up
// the locale data, tens of milliseconds on a slow phone that would otherwise land in the page's start.
let usd: Intl.NumberFormat | undefined;
let wholeUsd: Intl.NumberFormat | undefined;

/** Cents as US dollars for display: 4140 → "$41.40". */
export function formatCents(cents: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** Whole-dollar amounts as the shop's copy states them: 15000 → "$150". */
export function formatWholeDollars(cents: number): string {
  wholeUsd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return wholeUsd.format(cents / 100);
}

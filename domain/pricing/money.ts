/**
 * Money is integer cents. The one rounding rule: a product of cents and a non-integer (a price
 * factor, a per-square-foot rate) is rounded once, half up, to a whole cent. Everything after
 * that (fascia, split draw, quantity) is integer addition and multiplication.
 */
import { groupThousands } from '../thousands';

/** cents x numerator / denominator, rounded half up, in integer arithmetic (exact below 2^53). */
export function mulDivRoundHalfUp(cents: number, numerator: number, denominator: number): number {
  return Math.floor((2 * cents * numerator + denominator) / (2 * denominator));
}

/** The least of the amounts; null for none. */
export function lowestOf(cents: readonly number[]): number | null {
  return cents.length === 0 ? null : Math.min(...cents);
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

/** Cents as US dollars for display: 4140 → "$41.40", -123456 → "-$1,234.56" (by hand: see groupThousands). */
export function formatCents(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}$${groupThousands(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

const DOLLARS = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Dollars as staff type them ("41.40", "$1,058.5", "25") → cents, exactly (no floating point on money); undefined when not an amount. */
export function parseDollars(text: string): number | undefined {
  const match = DOLLARS.exec(text);
  if (!match) return undefined;
  const cents = Number(match[2]!.replaceAll(',', '')) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Whole-dollar amounts as the shop's copy states them, half a dollar rounded up: 15000 → "$150". */
export function formatWholeDollars(cents: number): string {
  return `${cents < 0 ? '-' : ''}$${groupThousands(Math.round(Math.abs(cents) / 100))}`;
}

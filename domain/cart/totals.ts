/** Cart totals: price x quantity summed, tax estimated at 8%, shipping at checkout. */
import { mulDivRoundHalfUp } from '../pricing/money';

/** The cart's tax estimate: 8% of the subtotal, the rate checkout charges too. */
export const ESTIMATED_TAX_PERCENT = 8;

/** Rounded once, half up, to a whole cent: the engine's one rounding rule. */
export function estimatedTaxCents(subtotalCents: number): number {
  return mulDivRoundHalfUp(subtotalCents, ESTIMATED_TAX_PERCENT, 100);
}

export function cartTotals(lines: ReadonlyArray<{ lineCents: number; quantity: number; priced: boolean }>) {
  const subtotalCents = lines.filter((line) => line.priced).reduce((sum, line) => sum + line.lineCents, 0);
  const tax = estimatedTaxCents(subtotalCents);
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    lineCount: lines.length,
    subtotalCents,
    estimatedTaxCents: tax,
    estimatedTotalCents: subtotalCents + tax,
  };
}

/**
 * Checkout's measure check (decision 0069): the cart lines it questions with their findings, and
 * what Fix makes of a line: the same blind at the window's size, outside-mounted when the frame is
 * out of square.
 */
import type { CheckoutLine } from '#domain/checkout/checkout';
import type { Configuration } from '#domain/pricing/configuration';
import { toEighths } from '#domain/pricing/dimensions';
import type { CheckoutQuoteWithFitChecks, FitCheck } from '#domain/properties/fit-check';

export interface QuestionedLine {
  line: CheckoutLine;
  checks: FitCheck[];
}

/** The questioned lines in the cart's order, each with all its findings. */
export function questionedLines(quote: Pick<CheckoutQuoteWithFitChecks, 'lines' | 'fitChecks'>): QuestionedLine[] {
  return quote.lines
    .map((line) => ({ line, checks: quote.fitChecks.filter((check) => check.lineId === line.lineId) }))
    .filter((questioned) => questioned.checks.length > 0);
}

/**
 * The line as the check suggests it: the window's size for the line's mount, or, on a frame out of
 * square, an outside mount spanning its widest width.
 */
export function fixedConfiguration({ line, checks }: QuestionedLine): Configuration {
  const [first] = checks;
  if (!first) return line.configuration;
  if (checks.some((check) => check.kind === 'outOfSquare')) {
    const widest = first.windowWidths.reduce((wide, width) => (toEighths(width) > toEighths(wide) ? width : wide));
    return { ...line.configuration, mount: 'outside', width: widest, length: first.windowSize.length };
  }
  return { ...line.configuration, ...first.windowSize };
}

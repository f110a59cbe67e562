/**
 * The measuring helper of every configurator: a window is rarely square, so measure the width
 * at the top, middle and bottom and order the smallest (the blind must pass the narrowest
 * point), and the height at the left, centre and right and order the largest (it must cover
 * the longest side).
 */
import { formatEighths, formatInches, toEighths, type Dimension } from './dimensions';
import { WINDOW_WIDTH_DEDUCTION_EIGHTHS } from './rules';

export interface WindowMeasurements {
  /** Top, middle and bottom. */
  widths: readonly Dimension[];
  /** Left, centre and right. */
  heights: readonly Dimension[];
  mount: 'inside' | 'outside';
}

export interface SizeToOrder {
  /** What to enter in the configurator, with the Window measurement basis. */
  width: Dimension;
  length: Dimension;
  /** The width the blind is made at, after the deduction. */
  madeWidthInches: number;
  explanation: string;
}

/** 35 and 2 eighths → '35 1/4"'. */
export function formatDimension(dimension: Dimension): string {
  return dimension.eighths === 0 ? `${dimension.inches}"` : `${dimension.inches} ${formatEighths(dimension.eighths)}"`;
}

function fromEighths(eighths: number): Dimension {
  return { inches: Math.floor(eighths / 8), eighths: eighths % 8 };
}

export function sizeToOrder(measurements: WindowMeasurements): SizeToOrder {
  if (measurements.widths.length === 0 || measurements.heights.length === 0)
    throw new Error('At least one width and one height are needed');
  const width = fromEighths(Math.min(...measurements.widths.map(toEighths)));
  const length = fromEighths(Math.max(...measurements.heights.map(toEighths)));
  const deduction = measurements.mount === 'inside' ? WINDOW_WIDTH_DEDUCTION_EIGHTHS : 0;
  const madeWidth = fromEighths(toEighths(width) - deduction);
  const sizes = `Order ${formatDimension(width)} wide (the smallest width) by ${formatDimension(length)} long (the largest height), measured at the window.`;
  const made =
    deduction > 0
      ? ` For an inside mount we make the blind ${formatEighths(deduction)}" narrower, ${formatDimension(madeWidth)} (${formatInches(toEighths(madeWidth) / 8)}"), so it clears the window frame.`
      : ' For an outside mount the blind is made at this size, with no deduction.';
  return { width, length, madeWidthInches: toEighths(madeWidth) / 8, explanation: sizes + made };
}

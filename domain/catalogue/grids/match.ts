/**
 * How a size finds its row in each grid. Each lookup is one pass over the rows keeping the best
 * candidate, so no grid needs sorting first.
 */
import type { FasciaRow, FauxWoodStockRow, MiniRow, VerticalRow } from './types';

/** Sizes within this many inches count as equal ("exact within 0.01", "tolerance 0.01"). */
export const SIZE_TOLERANCE_INCHES = 0.01;

/** A stock blind may be at most this much longer than needed: it is cut to fit. */
export const STOCK_LENGTH_ALLOWANCE_INCHES = 12;

export interface RangeRow {
  widthMin: number;
  widthMax: number;
  lengthMin: number;
  lengthMax: number;
}

/**
 * The stock size for a needed size: the exact size (within 0.01) if stocked, otherwise the
 * smallest stock size at least as wide and at most 12 inches longer than needed, smallest width
 * first, then smallest length.
 */
export function matchStockSize(
  rows: readonly FauxWoodStockRow[],
  width: number,
  length: number,
): FauxWoodStockRow | undefined {
  let best: FauxWoodStockRow | undefined;
  for (const row of rows) {
    if (Math.abs(row.width - width) <= SIZE_TOLERANCE_INCHES && Math.abs(row.length - length) <= SIZE_TOLERANCE_INCHES)
      return row;
    const fits =
      row.width >= width - SIZE_TOLERANCE_INCHES &&
      row.length >= length - SIZE_TOLERANCE_INCHES &&
      row.length <= length + STOCK_LENGTH_ALLOWANCE_INCHES + SIZE_TOLERANCE_INCHES;
    if (fits && (!best || row.width < best.width || (row.width === best.width && row.length < best.length))) best = row;
  }
  return best;
}

/**
 * The range row holding a size, within 0.01 at each end. On a boundary shared by two ranges the
 * smaller range wins (the old lookup ordered by width_max, then height_max, ascending).
 */
export function matchRange<Row extends RangeRow>(rows: readonly Row[], width: number, length: number): Row | undefined {
  let best: Row | undefined;
  for (const row of rows) {
    const holds =
      width >= row.widthMin - SIZE_TOLERANCE_INCHES &&
      width <= row.widthMax + SIZE_TOLERANCE_INCHES &&
      length >= row.lengthMin - SIZE_TOLERANCE_INCHES &&
      length <= row.lengthMax + SIZE_TOLERANCE_INCHES;
    if (
      holds &&
      (!best || row.widthMax < best.widthMax || (row.widthMax === best.widthMax && row.lengthMax < best.lengthMax))
    )
      best = row;
  }
  return best;
}

/** The fascia price row for a width. */
export function matchFascia(rows: readonly FasciaRow[], width: number): FasciaRow | undefined {
  let best: FasciaRow | undefined;
  for (const row of rows) {
    const holds = width >= row.widthMin - SIZE_TOLERANCE_INCHES && width <= row.widthMax + SIZE_TOLERANCE_INCHES;
    if (holds && (!best || row.widthMax < best.widthMax)) best = row;
  }
  return best;
}

/** Vertical: the cheapest standard size at least as wide and as long as requested. */
export function matchVertical(rows: readonly VerticalRow[], width: number, length: number): VerticalRow | undefined {
  let best: VerticalRow | undefined;
  for (const row of rows) {
    const fits = row.width >= width - SIZE_TOLERANCE_INCHES && row.length >= length - SIZE_TOLERANCE_INCHES;
    if (fits && (!best || row.priceCents < best.priceCents)) best = row;
  }
  return best;
}

/** Mini blinds: the smallest size of the colour group up to which the requested size fits. */
export function matchMiniBlind(
  rows: readonly MiniRow[],
  group: MiniRow['colorGroup'],
  width: number,
  length: number,
): MiniRow | undefined {
  let best: MiniRow | undefined;
  for (const row of rows) {
    const fits =
      row.colorGroup === group &&
      row.widthUpTo >= width - SIZE_TOLERANCE_INCHES &&
      row.lengthUpTo >= length - SIZE_TOLERANCE_INCHES;
    const smaller =
      !best || row.widthUpTo < best.widthUpTo || (row.widthUpTo === best.widthUpTo && row.lengthUpTo < best.lengthUpTo);
    if (fits && smaller) best = row;
  }
  return best;
}

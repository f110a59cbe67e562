/**
 * Vertical and mini blinds are sold in standard sizes only, chosen from dropdowns: the sizes are
 * the ones the current price grid offers. A validated grid offers every width with every length (of
 * each colour group), so widths and lengths are chosen independently.
 */
import type { Dimension } from '../pricing/dimensions';
import type { GroupedColor, MiniBlindColorGroup } from './colors';
import { seriesInfo, type FamilyId } from './families';
import { SIZE_TOLERANCE_INCHES } from './grids/match';
import type { PriceGrids } from './grids/types';

export type StandardSizeFamily = 'vertical-blinds' | 'mini-blinds';

export function sellsStandardSizesOnly(family: FamilyId): family is StandardSizeFamily {
  return family === 'vertical-blinds' || family === 'mini-blinds';
}

export interface StandardSize {
  width: number;
  length: number;
}

/** Ascending, without repeats, in inches. */
export interface StandardSizes {
  widths: readonly number[];
  lengths: readonly number[];
}

const ascending = (values: Iterable<number>): number[] => [...new Set(values)].sort((a, b) => a - b);

/**
 * The widths and lengths a grid offers for a series. Vertical: `width_inch` / `height_inch`. Mini
 * blinds: `width_up_to` / `length_up_to` of the chosen colour's group; before a colour is chosen,
 * of every group the series' colours belong to.
 */
export function standardSizes(
  family: StandardSizeFamily,
  series: string,
  color: string | null,
  grids: PriceGrids,
): StandardSizes {
  if (family === 'vertical-blinds') {
    return {
      widths: ascending(grids.vertical.map((row) => row.width)),
      lengths: ascending(grids.vertical.map((row) => row.length)),
    };
  }
  const colors = seriesInfo(family, series).colors as readonly GroupedColor<MiniBlindColorGroup>[];
  const chosen = colors.find((c) => c.code === color);
  const groups = new Set(chosen ? [chosen.group] : colors.map((c) => c.group));
  const rows = grids.mini.filter((row) => groups.has(row.colorGroup));
  return { widths: ascending(rows.map((row) => row.widthUpTo)), lengths: ascending(rows.map((row) => row.lengthUpTo)) };
}

/** A standard size as the configuration carries it: whole inches, plus eighths should a grid hold a fraction. */
export function standardSizeDimension(inches: number): Dimension {
  const whole = Math.floor(inches);
  return { inches: whole, eighths: Math.round((inches - whole) * 8) };
}

/**
 * The smallest standard size at least this wide and this long, within the grids' 0.01 tolerance
 * (what the measuring helper suggests), or undefined when no standard size is that large.
 */
export function smallestStandardSizeFitting(
  sizes: StandardSizes,
  width: number,
  length: number,
): StandardSize | undefined {
  const fittingWidth = sizes.widths.find((w) => w >= width - SIZE_TOLERANCE_INCHES);
  const fittingLength = sizes.lengths.find((l) => l >= length - SIZE_TOLERANCE_INCHES);
  return fittingWidth === undefined || fittingLength === undefined
    ? undefined
    : { width: fittingWidth, length: fittingLength };
}

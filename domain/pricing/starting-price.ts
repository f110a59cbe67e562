/**
 * "from $X": the lowest price a customer can pay for one blind of a family, found by pricing with
 * the engine itself every size the grids price (each row's own corner) in every series, colour
 * group and opacity, made at the size entered (blind measurement, outside mount) with no paid
 * options. So the figure is always a price the configurator can show, never a grid cell no size
 * reaches. Why the storefront gets it the way it does: docs/decisions/0024-claims.md.
 */
import { FAMILIES, FAMILY_IDS, ROLLER_OPACITIES, type FamilyId, type SeriesId } from '../catalogue/families';
import type { PriceGrids } from '../catalogue/grids/types';
import { standardSizeDimension } from '../catalogue/standard-sizes';
import { defaultConfiguration, type Configuration } from './configuration';
import { lowestOf } from './money';
import { priceConfiguration } from './price';

type Size = readonly [width: number, length: number];

/** Every size the series' grid prices, once: a range row's far corner belongs to that row (a shared boundary is the smaller range's). */
function gridSizes(family: FamilyId, series: string, grids: PriceGrids): Size[] {
  const distinct = (sizes: Size[]) => [...new Map(sizes.map((size) => [size.join('x'), size])).values()];
  return distinct(rowSizes(family, series, grids));
}

function rowSizes(family: FamilyId, series: string, grids: PriceGrids): Size[] {
  switch (family) {
    case 'faux-wood-blinds':
      return series === 'standard'
        ? grids.fauxWoodStock.map((row) => [row.width, row.length])
        : grids.fauxWoodPremium.map((row) => [row.widthMax, row.lengthMax]);
    case 'wood-blinds':
      return grids.wood.map((row) => [row.widthMax, row.lengthMax]);
    case 'roller-shades':
      return grids.roller.map((row) => [row.widthMax, row.lengthMax]);
    case 'vertical-blinds':
      return grids.vertical.map((row) => [row.width, row.length]);
    case 'mini-blinds':
      return grids.mini.map((row) => [row.widthUpTo, row.lengthUpTo]);
  }
}

/** One colour of each colour group (the price depends on the group, not the colour). */
function colourPerGroup(colors: readonly { code: string; group?: string }[]): string[] {
  const seen = new Map<string, string>();
  for (const color of colors) if (!seen.has(color.group ?? '')) seen.set(color.group ?? '', color.code);
  return [...seen.values()];
}

/** The lowest unit price in cents of one series over the grids; null when the grids price none of it. */
function seriesStartingPriceCents(family: FamilyId, series: string, grids: PriceGrids): number | null {
  let lowest: number | null = null;
  const base: Configuration = {
    ...defaultConfiguration(family, series as SeriesId<typeof family>),
    mount: 'outside',
    measurement: 'blind',
  };
  const opacities = family === 'roller-shades' && series !== 'blackout' ? ROLLER_OPACITIES : [undefined];
  const sizes = gridSizes(family, series, grids);
  const colors = FAMILIES[family].series.find((candidate) => candidate.id === series)?.colors ?? [];
  for (const color of colourPerGroup(colors)) {
    for (const opacity of opacities) {
      for (const [width, length] of sizes) {
        const configuration = {
          ...base,
          ...(opacity === undefined ? {} : { opacity }),
          color,
          width: standardSizeDimension(width),
          length: standardSizeDimension(length),
        } as Configuration;
        const quote = priceConfiguration(configuration, grids);
        if (quote.ok && (lowest === null || quote.unitCents < lowest)) lowest = quote.unitCents;
      }
    }
  }
  return lowest;
}

/** Each priced series' starting price in cents: what a contract's share per series is taken from. */
export function seriesStartingPrices(family: FamilyId, grids: PriceGrids): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const series of FAMILIES[family].series) {
    const cents = seriesStartingPriceCents(family, series.id, grids);
    if (cents !== null) prices[series.id] = cents;
  }
  return prices;
}

/** The lowest unit price in cents of the family over the grids; null when the grids price none of it. */
export function startingPriceCents(family: FamilyId, grids: PriceGrids): number | null {
  return lowestOf(Object.values(seriesStartingPrices(family, grids)));
}

/**
 * What GET /api/starting-prices answers: each family's starting price in cents (null: none priced),
 * and each priced series' own, from which a buyer on contract prices gets theirs (price-list.ts).
 */
export interface StartingPrices {
  startingPrices: Record<FamilyId, number | null>;
  seriesStartingPrices: Record<FamilyId, Record<string, number>>;
}

export function startingPrices(grids: PriceGrids): StartingPrices {
  const bySeries = FAMILY_IDS.map((family) => [family, seriesStartingPrices(family, grids)] as const);
  return {
    startingPrices: Object.fromEntries(
      bySeries.map(([family, prices]) => [family, lowestOf(Object.values(prices))]),
    ) as StartingPrices['startingPrices'],
    seriesStartingPrices: Object.fromEntries(bySeries) as StartingPrices['seriesStartingPrices'],
  };
}

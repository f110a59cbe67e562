import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS, SIZE_LIMITS, type FamilyId, type SeriesId } from '../catalogue/families';
import { SEED_PRICE_GRIDS } from '../catalogue/grids';
import { defaultConfiguration, type Configuration } from './configuration';
import { priceConfiguration } from './price';
import { contractStartingCents, contractUnitCents, WHOLE_PRICE, type PriceList } from './price-list';
import { seriesStartingPrices, startingPriceCents, startingPrices } from './starting-price';

/** Every series and colour of the family, outside mount, every 6 inches of its sizes, as the seeded grids price them. */
function* orderableBlinds(family: FamilyId) {
  const limits = SIZE_LIMITS[family];
  for (const series of FAMILIES[family].series) {
    const base = defaultConfiguration(family, series.id as SeriesId<typeof family>);
    for (const color of series.colors) {
      for (let width = limits.width.min; width <= limits.width.max; width += 6) {
        for (let length = limits.length.min; length <= limits.length.max; length += 6) {
          const configuration = {
            ...base,
            color: color.code,
            mount: 'outside',
            width: { inches: width, eighths: 0 },
            length: { inches: length, eighths: 0 },
          } as Configuration;
          const quote = priceConfiguration(configuration, SEED_PRICE_GRIDS);
          if (quote.ok) yield quote;
        }
      }
    }
  }
}

describe('starting prices ("from $X") over the seeded grids', () => {
  it('is the lowest price of each family', () => {
    expect(startingPrices(SEED_PRICE_GRIDS).startingPrices).toEqual({
      // The 6 x 24 stock blind, the smallest, at 0.7071 x $13.10.
      'faux-wood-blinds': 926,
      // Smooth Finish 8-12 x 12-24 at 0.7071 x $64.99.
      'wood-blinds': 4595,
      // Green 2000 3% 24-30 x 36-48 on sale at $82.99.
      'roller-shades': 8299,
      // The 18 x 12 standard size.
      'vertical-blinds': 4999,
      // Vinyl up to 8 x 12.
      'mini-blinds': 899,
    });
  });

  it.each(FAMILY_IDS)('no size a customer can order of %s, in any series or colour, costs less', (family: FamilyId) => {
    const lowest = startingPriceCents(family, SEED_PRICE_GRIDS)!;
    const cheapestSeen = Math.min(...[...orderableBlinds(family)].map((quote) => quote.unitCents));
    expect(cheapestSeen).toBeGreaterThanOrEqual(lowest);
    // The sweep starts at the smallest size, where the lowest price is.
    expect(cheapestSeen).toBe(lowest);
  });

  it('is null for a family whose grid is empty', () => {
    expect(startingPriceCents('mini-blinds', { ...SEED_PRICE_GRIDS, mini: [] })).toBeNull();
  });

  it.each(FAMILY_IDS)(
    "gives a buyer on contract prices the least price of %s any size costs them, a series' own share beside its family's",
    (family: FamilyId) => {
      const [, ...others] = FAMILIES[family].series;
      // The family at 80%, every series but its first at 50%: the cheapest blind may change series.
      const priceList: PriceList = {
        families: { [family]: WHOLE_PRICE * 0.8 },
        series: { [family]: Object.fromEntries(others.map((series) => [series.id, WHOLE_PRICE / 2])) },
        startsOn: null,
        endsOn: null,
      };
      const today = '2026-11-28';
      const cheapestSeen = Math.min(
        ...[...orderableBlinds(family)].map((quote) => contractUnitCents(quote.unitCents, quote, priceList, today)),
      );
      const series = seriesStartingPrices(family, SEED_PRICE_GRIDS);
      expect(contractStartingCents(family, series, priceList, today)).toBe(cheapestSeen);
      expect(Math.min(...Object.values(series))).toBe(startingPriceCents(family, SEED_PRICE_GRIDS));
    },
  );
});

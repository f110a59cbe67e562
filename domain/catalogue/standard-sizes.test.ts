import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS, SIZE_LIMITS } from './families';
import { SEED_PRICE_GRIDS } from './grids/index';
import type { PriceGrids } from './grids/types';
import {
  sellsStandardSizesOnly,
  smallestStandardSizeFitting,
  standardSizeDimension,
  standardSizes,
} from './standard-sizes';

const range = (from: number, to: number, step: number): number[] =>
  Array.from({ length: (to - from) / step + 1 }, (_, n) => from + n * step);

describe('standard sizes', () => {
  it('are how vertical and mini blinds are sold, and only they', () => {
    expect(FAMILY_IDS.filter(sellsStandardSizesOnly)).toEqual(['vertical-blinds', 'mini-blinds']);
  });

  it("list the vertical grid's widths and heights, ascending and once each", () => {
    const sizes = standardSizes('vertical-blinds', 'vertical-3-5', null, SEED_PRICE_GRIDS);
    expect(sizes.widths).toEqual(range(18, 114, 4));
    expect(sizes.lengths).toEqual(range(12, 192, 6));
  });

  it.each(['vertical-blinds', 'mini-blinds'] as const)(
    'of %s in the seeded grid span the size limits the product facts state',
    (family) => {
      const { widths, lengths } = standardSizes(family, FAMILIES[family].series[0]!.id, null, SEED_PRICE_GRIDS);
      const { width, length } = SIZE_LIMITS[family];
      expect([widths[0], widths.at(-1), lengths[0], lengths.at(-1)]).toEqual([
        width.min,
        width.max,
        length.min,
        length.max,
      ]);
      expect(FAMILIES[family].facts).toEqual(
        expect.arrayContaining([`Width ${width.min}" to ${width.max}"`, `Length ${length.min}" to ${length.max}"`]),
      );
    },
  );

  it("list the mini blind sizes of the chosen colour's group, or of the series' groups before a colour is chosen", () => {
    const grids: PriceGrids = {
      ...SEED_PRICE_GRIDS,
      mini: [
        { id: 'a', colorGroup: 'group1', widthUpTo: 24, lengthUpTo: 36, priceCents: 1999 },
        { id: 'b', colorGroup: 'group2', widthUpTo: 30, lengthUpTo: 48, priceCents: 2999 },
        { id: 'c', colorGroup: 'vinyl', widthUpTo: 12, lengthUpTo: 24, priceCents: 999 },
      ],
    };
    expect(standardSizes('mini-blinds', 'aluminum', 'M101', grids)).toEqual({ widths: [24], lengths: [36] });
    expect(standardSizes('mini-blinds', 'aluminum', 'M202', grids)).toEqual({ widths: [30], lengths: [48] });
    expect(standardSizes('mini-blinds', 'aluminum', null, grids)).toEqual({ widths: [24, 30], lengths: [36, 48] });
    expect(standardSizes('mini-blinds', 'vinyl', null, grids)).toEqual({ widths: [12], lengths: [24] });
  });

  it('suggest the smallest standard size at least as wide and as long, none when the window is larger than all', () => {
    const sizes = standardSizes('vertical-blinds', 'vertical-3-5', null, SEED_PRICE_GRIDS);
    expect(smallestStandardSizeFitting(sizes, 34.75, 61)).toEqual({ width: 38, length: 66 });
    expect(smallestStandardSizeFitting(sizes, 34, 60)).toEqual({ width: 34, length: 60 });
    expect(smallestStandardSizeFitting(sizes, 33.995, 60.005)).toEqual({ width: 34, length: 60 });
    expect(smallestStandardSizeFitting(sizes, 115, 60)).toBeUndefined();
    expect(smallestStandardSizeFitting(sizes, 40, 193)).toBeUndefined();
  });

  it('carry a standard size as whole inches and eighths', () => {
    expect(standardSizeDimension(34)).toEqual({ inches: 34, eighths: 0 });
    expect(standardSizeDimension(34.375)).toEqual({ inches: 34, eighths: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS, findColor, rollerShadeType, seriesInfo } from './families';
import { fauxWoodPrefillFromQuery, seriesFromQuery } from './query';

describe('the catalogue', () => {
  it.each(FAMILY_IDS)('%s has six gallery images, a warranty, and is not returnable', (family) => {
    const info = FAMILIES[family];
    expect(info.images).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/images/products/${family}-${n}.svg`));
    expect(info.returnable).toBe(false);
    expect(info.facts).toContain(`Warranty: ${info.warrantyYears} year${info.warrantyYears === 1 ? '' : 's'}`);
  });

  it('states the warranties: faux wood 2, wood 3, roller 5, vertical 1, mini 2 years', () => {
    expect(FAMILY_IDS.map((family) => FAMILIES[family].warrantyYears)).toEqual([2, 3, 5, 1, 2]);
    expect(FAMILY_IDS.filter((family) => !FAMILIES[family].customSizes)).toEqual([
      'roller-shades',
      'vertical-blinds',
      'mini-blinds',
    ]);
  });

  it('has the series and colours of each tab', () => {
    expect(seriesInfo('faux-wood-blinds', 'standard').defaultColor).toBe('E02');
    expect(findColor('faux-wood-blinds', 'standard', 'E02')?.name).toBe('Smooth White');
    expect(seriesInfo('faux-wood-blinds', 'printed').colors.map((c) => `${c.code} ${c.name}`)).toEqual([
      '253 Pecan',
      '254 Oak',
      '256 Chestnut',
      '257 Mahogany',
    ]);
    expect(seriesInfo('wood-blinds', 'smooth').colors).toHaveLength(4);
    expect(seriesInfo('wood-blinds', 'wood').colors).toHaveLength(6);
    expect(
      FAMILY_IDS.flatMap((family) =>
        FAMILIES[family].series.filter((s) => s.priceMatchGuarantee).map((s) => `${family}/${s.id}`),
      ),
    ).toEqual(['faux-wood-blinds/standard']);
  });

  it('names the five roller shade types by series and opacity', () => {
    expect([
      rollerShadeType('green3000', 3),
      rollerShadeType('green3000', 1),
      rollerShadeType('green2000', 1),
      rollerShadeType('green2000', 3),
      rollerShadeType('blackout', 1),
    ]).toEqual(['GREEN_3000_3PCT', 'GREEN_3000_1PCT', 'GREEN_2000_1PCT', 'GREEN_2000_3PCT', 'BLACKOUT']);
  });
});

describe('product page query parameters', () => {
  it.each([
    ['faux-wood-blinds', '', 'standard'],
    ['faux-wood-blinds', 'type=wood-tone', 'printed'],
    ['faux-wood-blinds', 'type=printed', 'printed'],
    ['faux-wood-blinds', 'type=other', 'standard'],
    ['wood-blinds', 'finish=wood', 'wood'],
    ['wood-blinds', 'finish=smooth', 'smooth'],
    ['wood-blinds', '', 'smooth'],
    ['roller-shades', 'series=green3000', 'green3000'],
    ['roller-shades', 'series=blackout', 'blackout'],
    ['roller-shades', 'series=x', 'green2000'],
    ['vertical-blinds', '', 'vertical-3-5'],
    ['mini-blinds', 'type=vinyl', 'vinyl'],
    ['mini-blinds', '', 'aluminum'],
  ] as const)('%s?%s opens the %s tab', (family, query, series) => {
    expect(seriesFromQuery(family, new URLSearchParams(query))).toBe(series);
  });

  it('pre-fills faux wood from a featured card link, ignoring what is not a whole-inch size', () => {
    expect(
      fauxWoodPrefillFromQuery(new URLSearchParams('width=25&height=72&mount=outside&measurementType=blind')),
    ).toEqual({ width: 25, length: 72, mount: 'outside', measurement: 'blind' });
    expect(fauxWoodPrefillFromQuery(new URLSearchParams('width=25.5&height=x&mount=side'))).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { SIZE_LIMITS, type FamilyId } from '../catalogue/families';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import { configurationSchema } from './configuration';
import { INVALID_ENTRY_MESSAGE } from './errors';
import { priceConfiguration } from './price';
import { configure, failure, fauxStandard, quote } from './price-test-support';

describe('validation messages', () => {
  it.each([
    ['a fractional width', { width: { inches: 35.5, eighths: 0 } }, 'width'],
    ['a fractional length', { length: { inches: 60.25, eighths: 0 } }, 'length'],
    ['a negative width', { width: { inches: -3, eighths: 0 } }, 'width'],
  ])('Invalid Entry for %s', (_, dimension, field) => {
    const config = { ...configure({ ...fauxStandard, w: 35, h: 60 }), ...dimension };
    expect(failure(priceConfiguration(config, SEED_PRICE_GRIDS))).toEqual({
      code: 'INVALID_ENTRY',
      title: 'Invalid Entry',
      message: INVALID_ENTRY_MESSAGE,
      field,
    });
  });

  it('the API schema refuses fractional inches with the Invalid Entry text', () => {
    const parsed = configurationSchema.safeParse({
      ...fauxStandard,
      width: { inches: 35.5, eighths: 0 },
      length: null,
      mount: 'inside',
      measurement: 'blind',
      quantity: 1,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(INVALID_ENTRY_MESSAGE);
  });

  it('eighths outside 0-7 are invalid dimensions', () => {
    const config = { ...configure({ ...fauxStandard, w: 35, h: 60 }), width: { inches: 35, eighths: 8 } };
    expect(failure(priceConfiguration(config, SEED_PRICE_GRIDS))).toMatchObject({
      code: 'INVALID_DIMENSIONS',
      field: 'width',
    });
  });

  it.each([
    ['no width', { width: null }, 'width'],
    ['a zero width', { width: { inches: 0, eighths: 0 } }, 'width'],
    ['no length', { length: null }, 'length'],
  ])('Missing dimensions for %s', (_, dimension, field) => {
    const config = { ...configure({ ...fauxStandard, w: 35, h: 60 }), ...dimension };
    expect(failure(priceConfiguration(config, SEED_PRICE_GRIDS))).toEqual({
      code: 'MISSING_DIMENSIONS',
      title: 'Missing dimensions',
      message: 'Please select valid dimensions before adding to cart.',
      field,
    });
  });

  it.each([
    ['no colour', null],
    ['a colour of another series', '253'],
  ])('Color not selected for %s', (_, color) => {
    const error = failure(priceConfiguration(configure({ ...fauxStandard, color, w: 35, h: 60 }), SEED_PRICE_GRIDS));
    expect(error).toMatchObject({ code: 'COLOR_NOT_SELECTED', title: 'Color not selected', field: 'color' });
  });

  it.each([
    [0.5, true],
    [10, true],
    [3.125, true],
    [0.375, false],
    [10.125, false],
    [3.1, false],
  ])('depth %d is accepted: %s', (depth, accepted) => {
    const result = priceConfiguration({ ...configure({ ...fauxStandard, w: 35, h: 60 }), depth }, SEED_PRICE_GRIDS);
    expect(result.ok).toBe(accepted);
    if (!accepted) expect(failure(result)).toMatchObject({ code: 'INVALID_DIMENSIONS', field: 'depth' });
  });

  it.each([
    [35, 0, 35, 'Roller shades require minimum 36" length.', 'length'],
    [85, 0, 60, 'Maximum width is 84".', 'width'],
    [84, 1, 60, 'Maximum width is 84".', 'width'],
    [35, 0, 145, 'Maximum length is 144".', 'length'],
    [23, 0, 60, 'Roller shades require minimum 24" width.', 'width'],
  ])('roller %i %i/8 x %i: Size not available, %s', (w, we, h, message, field) => {
    const error = failure(
      priceConfiguration(
        configure({ family: 'roller-shades', series: 'green2000', color: 'R2001', w, we, h }),
        SEED_PRICE_GRIDS,
      ),
    );
    expect(error).toEqual({ code: 'SIZE_NOT_AVAILABLE', title: 'Size not available', message, field });
  });

  it('roller sizes at the ends of the available range are priced, after the window deduction', () => {
    const roller = { family: 'roller-shades', series: 'blackout', color: 'RB01' } as const;
    expect(priceConfiguration(configure({ ...roller, w: 24, h: 36 }), SEED_PRICE_GRIDS).ok).toBe(true);
    expect(priceConfiguration(configure({ ...roller, w: 84, h: 144 }), SEED_PRICE_GRIDS).ok).toBe(true);
    expect(
      priceConfiguration(configure({ ...roller, w: 84, we: 4, h: 144, measurement: 'window' }), SEED_PRICE_GRIDS).ok,
    ).toBe(true);
  });

  const colorOf: Record<FamilyId, { series: string; color: string }> = {
    'faux-wood-blinds': { series: 'standard', color: 'E02' },
    'wood-blinds': { series: 'smooth', color: 'W101' },
    'roller-shades': { series: 'green3000', color: 'R3001' },
    'vertical-blinds': { series: 'vertical-3-5', color: 'V01' },
    'mini-blinds': { series: 'aluminum', color: 'M101' },
  };

  it.each([
    [
      'faux-wood-blinds',
      'Faux wood blinds require minimum 6" width.',
      'Maximum width is 96".',
      'Faux wood blinds require minimum 12" length.',
      'Maximum length is 120".',
    ],
    [
      'wood-blinds',
      'Wood blinds require minimum 8" width.',
      'Maximum width is 96".',
      'Wood blinds require minimum 12" length.',
      'Maximum length is 96".',
    ],
    [
      'vertical-blinds',
      'Vertical blinds require minimum 18" width.',
      'Maximum width is 114".',
      'Vertical blinds require minimum 12" length.',
      'Maximum length is 192".',
    ],
    [
      'mini-blinds',
      'Mini blinds require minimum 8" width.',
      'Maximum width is 72".',
      'Mini blinds require minimum 12" length.',
      'Maximum length is 72".',
    ],
  ] as const)(
    '%s: sizes in the limits price, one eighth outside is an Invalid Size naming the limit (issue 25, defect 7)',
    (family, minWidth, maxWidth, minLength, maxLength) => {
      const { width, length } = SIZE_LIMITS[family];
      const at = (w: number, we: number, h: number, he: number) =>
        priceConfiguration(configure({ family, ...colorOf[family], w, we, h, he }), SEED_PRICE_GRIDS);
      expect(at(width.min, 0, length.min, 0).ok).toBe(true);
      expect(at(width.max, 0, length.max, 0).ok).toBe(true);
      const invalid = { code: 'INVALID_SIZE', title: 'Invalid Size' };
      expect(failure(at(width.min - 1, 7, length.min, 0))).toEqual({ ...invalid, message: minWidth, field: 'width' });
      expect(failure(at(width.max, 1, length.min, 0))).toEqual({ ...invalid, message: maxWidth, field: 'width' });
      expect(failure(at(width.min, 0, length.min - 1, 7))).toEqual({ ...invalid, message: minLength, field: 'length' });
      expect(failure(at(width.min, 0, length.max, 1))).toEqual({ ...invalid, message: maxLength, field: 'length' });
    },
  );

  it('too-wide faux wood and wood blinds say their maximum, as roller shades do (issue 25, defect 7)', () => {
    expect(failure(priceConfiguration(configure({ ...fauxStandard, w: 97, h: 60 }), SEED_PRICE_GRIDS)).message).toBe(
      'Maximum width is 96".',
    );
    expect(
      failure(
        priceConfiguration(
          configure({ family: 'wood-blinds', ...colorOf['wood-blinds'], w: 200, h: 60 }),
          SEED_PRICE_GRIDS,
        ),
      ).message,
    ).toBe('Maximum width is 96".');
  });

  it('faux wood reads 6-96 wide (6" Net) and 12-120 long: the readings of its product facts', () => {
    expect(quote(configure({ ...fauxStandard, w: 6, h: 120 })).width).toBe(6);
    expect(
      failure(priceConfiguration(configure({ ...fauxStandard, w: 6, h: 60, measurement: 'window' }), SEED_PRICE_GRIDS))
        .code,
    ).toBe('INVALID_SIZE');
    expect(quote(configure({ ...fauxStandard, w: 6, we: 4, h: 60, measurement: 'window' })).width).toBe(6);
  });

  it('No matching size when the grid has no row for a size in the limits', () => {
    const grids = {
      ...SEED_PRICE_GRIDS,
      fauxWoodStock: SEED_PRICE_GRIDS.fauxWoodStock.filter((row) => row.width < 90),
    };
    expect(failure(priceConfiguration(configure({ ...fauxStandard, w: 92, h: 60 }), grids))).toEqual({
      code: 'NO_MATCHING_SIZE',
      title: 'No matching size',
      message: 'No matching size found. Please contact customer service for assistance.',
    });
  });

  it('a zero price is refused, so add to cart stays blocked', () => {
    const grids = { ...SEED_PRICE_GRIDS, mini: SEED_PRICE_GRIDS.mini.map((row) => ({ ...row, priceCents: 0 })) };
    expect(
      failure(
        priceConfiguration(configure({ family: 'mini-blinds', series: 'vinyl', color: 'M301', w: 24, h: 36 }), grids),
      ),
    ).toEqual({
      code: 'PRICE_NOT_COMPUTABLE',
      title: 'Size Not Available',
      message: 'Unable to calculate price for selected dimensions.',
    });
  });

  it('checks in order: Invalid Entry, Missing dimensions, Color not selected, then the size', () => {
    const base = configure({ family: 'roller-shades', series: 'green2000', color: null, w: 10, h: 10 });
    expect(
      failure(priceConfiguration({ ...base, width: { inches: 1.5, eighths: 0 }, length: null }, SEED_PRICE_GRIDS)).code,
    ).toBe('INVALID_ENTRY');
    expect(failure(priceConfiguration({ ...base, length: null }, SEED_PRICE_GRIDS)).code).toBe('MISSING_DIMENSIONS');
    expect(failure(priceConfiguration(base, SEED_PRICE_GRIDS)).code).toBe('COLOR_NOT_SELECTED');
    expect(failure(priceConfiguration({ ...base, color: 'R2001' }, SEED_PRICE_GRIDS)).code).toBe('SIZE_NOT_AVAILABLE');
  });
});

import { describe, expect, it } from 'vitest';
import { configurationSchema } from './configuration';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import { priceConfiguration } from './price';
import { formatEighthsAsInches, lengthHint, widthHint } from './size-advice';

/** The advertised minimum width, entered with the defaults: inside mount, measured at the window. */
function atDefaults(
  family: 'faux-wood-blinds' | 'wood-blinds' | 'roller-shades',
  series: string,
  color: string,
  width: number,
  length: number,
) {
  return priceConfiguration(
    configurationSchema.parse({
      family,
      series,
      color,
      mount: 'inside',
      measurement: 'window',
      quantity: 1,
      width: { inches: width, eighths: 0 },
      length: { inches: length, eighths: 0 },
    }),
    SEED_PRICE_GRIDS,
  );
}

describe('the ½″ inside-mount deduction named where it refuses a size', () => {
  it.each([
    [
      'faux-wood-blinds',
      'standard',
      'E02',
      6,
      12,
      'With the ½″ inside-mount deduction this blind would be 5 ½″ wide; the narrowest we make is 6″',
    ],
    [
      'wood-blinds',
      'smooth',
      'W101',
      8,
      12,
      'With the ½″ inside-mount deduction this blind would be 7 ½″ wide; the narrowest we make is 8″',
    ],
    [
      'roller-shades',
      'green2000',
      'R2001',
      24,
      36,
      'With the ½″ inside-mount deduction this blind would be 23 ½″ wide; the narrowest we make is 24″',
    ],
  ] as const)('%s %s × %s', (family, series, color, width, length, message) => {
    const result = atDefaults(family, series, color, width, length);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SIZE', title: 'Too narrow for an inside mount', message, field: 'width' },
    });
  });

  it('a width under the minimum before any deduction is an Invalid Size naming the minimum', () => {
    expect(atDefaults('wood-blinds', 'smooth', 'W101', 7, 12)).toMatchObject({
      ok: false,
      error: { title: 'Invalid Size', message: 'Wood blinds require minimum 8" width.' },
    });
  });

  it('half an inch more prices', () => {
    expect(atDefaults('wood-blinds', 'smooth', 'W101', 9, 12).ok).toBe(true);
  });
});

describe('the length hint', () => {
  it('gives the lengths the family is made in, as the product facts and the checks do (issue 25, defect 9)', () => {
    expect(lengthHint('roller-shades')).toBe('36″ to 144″ long');
    expect(lengthHint('faux-wood-blinds')).toBe('12″ to 120″ long');
  });
});

describe('the width hint follows the mount and basis', () => {
  it('shows the window widths that work', () => {
    expect(widthHint('faux-wood-blinds', 'inside', 'window')).toBe('Windows 6 ½″ to 96 ½″ wide');
    expect(widthHint('faux-wood-blinds', 'outside', 'window')).toBe('Windows 6″ to 96″ wide');
    expect(widthHint('roller-shades', 'inside', 'blind')).toBe('Blinds 24″ to 84″ wide');
  });

  it('writes eighths as a reader does', () => {
    expect([0, 1, 4, 44, 48, 775].map(formatEighthsAsInches)).toEqual(['0″', '⅛″', '½″', '5 ½″', '6″', '96 ⅞″']);
  });
});

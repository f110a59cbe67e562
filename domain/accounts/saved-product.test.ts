import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../pricing/configuration';
import { batchesOf, saveProductSchema, savedProductQuantity } from './saved-product';
import { defaultSavedProductName } from './saved-product-name';

describe('defaultSavedProductName', () => {
  it('names a blind after its type and size, with fractions', () => {
    const configuration = {
      ...defaultConfiguration('faux-wood-blinds'),
      width: { inches: 35, eighths: 3 },
      length: { inches: 60, eighths: 0 },
    };
    expect(defaultSavedProductName(configuration)).toBe('Faux Wood Blind 35 3/8" x 60"');
  });

  it('uses the singular of every family', () => {
    expect(defaultSavedProductName(defaultConfiguration('roller-shades'))).toBe('Roller Shade 35" x 60"');
    expect(
      defaultSavedProductName({ ...defaultConfiguration('vertical-blinds'), width: { inches: 34, eighths: 4 } }),
    ).toMatch(/^Vertical Blind 34 1\/2" x /);
  });
});

describe('saveProductSchema', () => {
  it('trims the name and refuses a blank one', () => {
    const configuration = defaultConfiguration('faux-wood-blinds');
    expect(saveProductSchema.parse({ name: '  Kitchen  ', configuration }).name).toBe('Kitchen');
    const blank = saveProductSchema.safeParse({ name: '   ', configuration });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({
      path: ['name'],
      message: 'Please enter a name for this configuration.',
    });
  });
});

describe('savedProductQuantity', () => {
  it('keeps 1 to 99, makes a non-number 1 and caps at 99', () => {
    expect(savedProductQuantity('7')).toBe(7);
    expect(savedProductQuantity(99)).toBe(99);
    expect(savedProductQuantity('abc')).toBe(1);
    expect(savedProductQuantity('')).toBe(1);
    expect(savedProductQuantity(0)).toBe(1);
    expect(savedProductQuantity('-4')).toBe(1);
    expect(savedProductQuantity('2.7')).toBe(2);
    expect(savedProductQuantity(150)).toBe(99);
  });
});

describe('batchesOf', () => {
  it('splits in order into batches of 3, the last one shorter', () => {
    expect(batchesOf([1, 2, 3, 4, 5, 6, 7], 3)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(batchesOf([], 3)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { EIGHTHS_OPTIONS, formatEighths, formatInches, normalizeQuantity, parseWholeInches } from './dimensions';
import { INVALID_ENTRY_MESSAGE } from './errors';
import { mulDivRoundHalfUp, savingsPercent } from './money';

describe('parseWholeInches', () => {
  it.each([
    ['35', 35],
    ['007', 7],
    ['', null],
  ])('reads %j as %s', (text, value) => {
    expect(parseWholeInches(text, 'width')).toEqual({ ok: true, value });
  });

  it.each(['35.5', '35,5', '35 1/2', '1/2', ' 35', '35 ', '3 5', '-3', '+3', '1e2', 'abc'])(
    'refuses %j with Invalid Entry',
    (text) => {
      expect(parseWholeInches(text, 'length')).toEqual({
        ok: false,
        error: { code: 'INVALID_ENTRY', title: 'Invalid Entry', message: INVALID_ENTRY_MESSAGE, field: 'length' },
      });
    },
  );
});

describe('eighths', () => {
  it('offers the dropdown 0, 1/8, 1/4, 3/8, 1/2, 5/8, 3/4, 7/8 with values 0-7', () => {
    expect(EIGHTHS_OPTIONS.map((o) => o.label)).toEqual(['0', '1/8', '1/4', '3/8', '1/2', '5/8', '3/4', '7/8']);
    expect(EIGHTHS_OPTIONS.map((o) => o.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(formatEighths(6)).toBe('3/4');
  });

  it.each([
    [35, '35.000'],
    [35.125, '35.125'],
    [34.875, '34.875'],
  ])('shows %d inches as %s (eighths as decimals to 3 places)', (inches, text) => {
    expect(formatInches(inches)).toBe(text);
  });
});

describe('normalizeQuantity', () => {
  it.each([
    [1, 1],
    [12, 12],
    ['4', 4],
    [2.7, 2],
    [0, 1],
    [-2, 1],
    ['', 1],
    ['two', 1],
    [null, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('%j becomes %i', (value, quantity) => {
    expect(normalizeQuantity(value)).toBe(quantity);
  });
});

describe('money', () => {
  it.each([
    [5855, 7071, 10000, 4140],
    [11799, 4290, 10000, 5062],
    [1, 1, 2, 1],
    [5, 1, 2, 3],
    [3, 1, 3, 1],
  ])('%i x %i / %i rounds half up to %i cents', (cents, numerator, denominator, expected) => {
    expect(mulDivRoundHalfUp(cents, numerator, denominator)).toBe(expected);
  });

  it('states the saving in whole percent, rounded down so it is never overstated', () => {
    expect(savingsPercent(5855, 4140)).toBe(29);
    expect(savingsPercent(1000, 1000)).toBe(0);
    expect(savingsPercent(300, 199)).toBe(33);
  });
});

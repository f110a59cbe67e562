import { describe, expect, it } from 'vitest';
import { queryWholeNumber, typedNumber } from './number-text';

describe('typedNumber (a form box)', () => {
  it.each([
    ['35', 35],
    [' 35.375 ', 35.375],
    ['.5', 0.5],
    ['-4', -4],
    ['', 0],
  ])('reads %j as %d', (text, number) => {
    expect(typedNumber.parse(text)).toBe(number);
  });

  it.each(['0x1E', '1e3', 'Infinity', '3 1/2', '35,5', 'wide'])(
    'reads %j as NaN, for the field to refuse with its message',
    (text) => {
      expect(typedNumber.parse(text)).toBeNaN();
    },
  );
});

describe('queryWholeNumber (a query string parameter)', () => {
  it('reads decimal digits', () => {
    expect(queryWholeNumber.parse('25')).toBe(25);
  });

  it.each(['0x10', '1e3', ' 5', '5 ', '+5', '-5', '5.0', ''])('reads %j as NaN', (text) => {
    expect(queryWholeNumber.parse(text)).toBeNaN();
  });
});

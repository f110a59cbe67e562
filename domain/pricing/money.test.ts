import { describe, expect, it } from 'vitest';
import { formatCents, formatWholeDollars, parseDollars } from './money';

describe('formatCents', () => {
  it('shows cents as US dollars with two decimals and thousands separators', () => {
    expect(formatCents(4140)).toBe('$41.40');
    expect(formatCents(7267)).toBe('$72.67');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(99_999_905)).toBe('$999,999.05');
    expect(formatCents(-123456)).toBe('-$1,234.56');
  });

  it('matches Intl’s en-US currency format, which it stands in for', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 9, 10, 99, 100, 105, 4140, 100_000, 1_234_567, 987_654_321, -5, -4140])
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });
});

describe('formatWholeDollars', () => {
  it('shows whole dollars, half a dollar rounded up, as Intl’s en-US currency format without cents does', () => {
    const wholeUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const cents of [0, 49, 50, 15_000, 15_050, 1_234_500, 99_999_999])
      expect(formatWholeDollars(cents)).toBe(wholeUsd.format(cents / 100));
    expect(formatWholeDollars(15_000)).toBe('$150');
  });
});

describe('parseDollars', () => {
  it('reads dollars as staff type them, exactly, and nothing else', () => {
    expect(parseDollars('41.40')).toBe(4140);
    expect(parseDollars('$1,058.5')).toBe(105850);
    expect(parseDollars('25')).toBe(2500);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('-3.10')).toBe(-310);
    expect(parseDollars(formatCents(123456))).toBe(123456);
    for (const text of ['', '12.345', '1,05', 'ten', '$', '1.2.3', ' 5']) expect(parseDollars(text)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it('shows cents as US dollars with two decimals and thousands separators', () => {
    expect(formatCents(4140)).toBe('$41.40');
    expect(formatCents(7267)).toBe('$72.67');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});

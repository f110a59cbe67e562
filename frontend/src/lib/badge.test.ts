import { describe, expect, it } from 'vitest';
import { formatBadgeCount } from './badge';

describe('formatBadgeCount', () => {
  it('shows the count up to 99', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
  });

  it('caps the display at 99+ above 99', () => {
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(2500)).toBe('99+');
  });

  it('shows 0 for an empty, negative or unreadable count', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(-3)).toBe('0');
    expect(formatBadgeCount(Number.NaN)).toBe('0');
  });
});

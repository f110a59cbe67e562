import { describe, expect, it } from 'vitest';
import { EXAMPLE_BUSINESS } from '../../tests/support/business';
import { bookableRange, shopInstant, slotsOn, unbookableReason } from './schedule';

describe('appointment schedule', () => {
  it('turns Central wall-clock times into the right instant on both sides of a daylight-saving change', () => {
    expect(shopInstant('2027-03-13', '09:00').toISOString()).toBe('2027-03-13T15:00:00.000Z');
    expect(shopInstant('2027-03-15', '09:00').toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(shopInstant('2026-11-02', '16:00').toISOString()).toBe('2026-11-02T22:00:00.000Z');
  });

  it('offers the seven slots Monday to Saturday and none on Sunday', () => {
    expect(slotsOn('2026-11-23', EXAMPLE_BUSINESS.hours.week)).toHaveLength(7);
    expect(slotsOn('2026-11-28', EXAMPLE_BUSINESS.hours.week)).toHaveLength(7);
    expect(slotsOn('2026-11-29', EXAMPLE_BUSINESS.hours.week)).toEqual([]);
  });

  it('books from the next working day in Chicago to 30 days ahead', () => {
    // Saturday 11 pm in Chicago is already Sunday in UTC: the next working day is Monday.
    expect(bookableRange(new Date('2026-11-22T05:00:00Z'), EXAMPLE_BUSINESS.hours.week)).toEqual({
      first: '2026-11-23',
      last: '2026-12-21',
    });
    const now = new Date('2026-11-23T15:00:00Z');
    expect(unbookableReason('2026-11-23', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week)).toMatch(/next business day/);
    expect(unbookableReason('2026-11-24', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week)).toBeNull();
    expect(unbookableReason('2026-12-24', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week)).toMatch(/30 days/);
  });
});

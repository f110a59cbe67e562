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
    expect(slotsOn('2026-11-23', EXAMPLE_BUSINESS.hours.week, [])).toHaveLength(7);
    expect(slotsOn('2026-11-28', EXAMPLE_BUSINESS.hours.week, [])).toHaveLength(7);
    expect(slotsOn('2026-11-29', EXAMPLE_BUSINESS.hours.week, [])).toEqual([]);
  });

  it('offers no slot on a holiday the shop keeps or a day staff closed it, and books around them', () => {
    const week = EXAMPLE_BUSINESS.hours.week;
    // Thanksgiving 2026 is Thursday, November 26; the shop keeps the Friday after too.
    expect(slotsOn('2026-11-26', week, [])).toEqual([]);
    expect(slotsOn('2026-11-27', week, [])).toEqual([]);
    expect(slotsOn('2026-11-24', week, ['2026-11-24'])).toEqual([]);
    // Wednesday evening before Thanksgiving: Saturday is the next day measurers visit.
    expect(bookableRange(new Date('2026-11-25T23:00:00-06:00'), week, []).first).toBe('2026-11-28');
    const now = new Date('2026-11-23T15:00:00Z');
    const closed = { field: 'date', message: 'The shop is closed on that day. Please choose another date.' };
    expect(unbookableReason('2026-11-26', '9:00 AM', now, week, [])).toEqual(closed);
    expect(unbookableReason('2026-12-01', '9:00 AM', now, week, ['2026-12-01'])).toEqual(closed);
    expect(unbookableReason('2026-12-02', '9:00 AM', now, week, ['2026-12-01'])).toBeNull();
  });

  it('has nothing to book when staff close every day, and says so rather than searching on', () => {
    const closedAllWeek = Object.fromEntries(Object.keys(EXAMPLE_BUSINESS.hours.week).map((day) => [day, null]));
    const now = new Date('2026-11-23T15:00:00Z');
    const { first, last } = bookableRange(now, closedAllWeek as typeof EXAMPLE_BUSINESS.hours.week, []);
    expect(first > last).toBe(true);
    expect(
      unbookableReason('2026-11-24', '9:00 AM', now, closedAllWeek as typeof EXAMPLE_BUSINESS.hours.week, []),
    ).toEqual({ field: 'date', message: 'We do not measure on that day. Please choose another date.' });
  });

  it('books from the next working day in Chicago to 30 days ahead', () => {
    // Saturday 11 pm in Chicago is already Sunday in UTC: the next working day is Monday.
    expect(bookableRange(new Date('2026-11-22T05:00:00Z'), EXAMPLE_BUSINESS.hours.week, [])).toEqual({
      first: '2026-11-23',
      last: '2026-12-21',
    });
    const now = new Date('2026-11-23T15:00:00Z');
    expect(unbookableReason('2026-11-23', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week, [])).toEqual({
      field: 'date',
      message: 'Please choose a date from the next business day on.',
    });
    expect(unbookableReason('2026-11-24', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week, [])).toBeNull();
    expect(unbookableReason('2026-12-24', '9:00 AM', now, EXAMPLE_BUSINESS.hours.week, [])).toEqual({
      field: 'date',
      message: 'Please choose a date within the next 30 days.',
    });
  });

  it('refuses a slot whose visit would end after the day closes under the time field', () => {
    // Tuesday closes at noon: a 1 PM visit of two hours is outside the day, a 9 AM one is not.
    const week = { ...EXAMPLE_BUSINESS.hours.week, tuesday: { opens: '07:30', closes: '12:00' } };
    const now = new Date('2026-11-23T15:00:00Z');
    expect(unbookableReason('2026-11-24', '1:00 PM', now, week, [])).toEqual({
      field: 'time',
      message: 'That time is outside our working hours. Please choose another time.',
    });
    expect(unbookableReason('2026-11-24', '9:00 AM', now, week, [])).toBeNull();
  });
});

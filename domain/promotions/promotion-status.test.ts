import { describe, expect, it } from 'vitest';
import { promotionStatus, redemptionsText } from './promotion-status';

/** 2026-11-28 in Dallas: late on the 28th there is already the 29th in UTC. */
const LATE_ON_THE_28TH = new Date('2026-11-29T05:30:00Z');
const dates = { startsOn: '2026-11-01', endsOn: '2026-11-28', endedAt: null };

describe('promotionStatus', () => {
  it.each([
    ['before its first day', { ...dates, startsOn: '2026-11-29', endsOn: '2026-12-31' }, 'scheduled'],
    ['on its first day', { ...dates, startsOn: '2026-11-28', endsOn: '2026-12-31' }, 'active'],
    ['on its last day, by the shop’s calendar', dates, 'active'],
    ['after its last day', { ...dates, endsOn: '2026-11-27' }, 'expired'],
    ['ended by staff during its dates', { ...dates, endedAt: '2026-11-20T15:00:00.000Z' }, 'ended'],
    [
      'ended by staff, and past its dates',
      { ...dates, endsOn: '2026-11-27', endedAt: '2026-11-20T15:00:00.000Z' },
      'ended',
    ],
  ] as const)('%s: %s', (_, promotion, status) => {
    expect(promotionStatus(promotion, LATE_ON_THE_28TH)).toBe(status);
  });

  it('reads the day in the shop’s zone, not UTC', () => {
    expect(promotionStatus({ ...dates, endsOn: '2026-11-28' }, new Date('2026-11-29T06:30:00Z'))).toBe('expired');
  });
});

describe('redemptionsText', () => {
  it('counts against the limit, or alone without one', () => {
    expect(redemptionsText({ redeemedCount: 3, maxRedemptions: 100 })).toBe('3 of 100');
    expect(redemptionsText({ redeemedCount: 0, maxRedemptions: 1 })).toBe('0 of 1');
    expect(redemptionsText({ redeemedCount: 3, maxRedemptions: null })).toBe('3');
  });
});

import { describe, expect, it } from 'vitest';
import { shopInstant } from '../appointments/schedule';
import { DELIVERY_TIME, PRODUCTION_TIME } from '../claims';
import { FAMILY_IDS, type FamilyId } from '../catalogue/families';
import { addWorkingDays, deliveryEstimate, deliveryZoneOf, isWorkingDay, orderStartDate } from './calendar';
import { shortDate } from './date-text';
import {
  PRODUCTION_BUSINESS_DAYS,
  PRODUCTION_RANGE,
  TRANSIT_BUSINESS_DAYS,
  TRANSIT_RANGE,
  type DeliveryZone,
} from './lead-times';

/** The instant of a Central wall-clock time. */
const central = (date: string, time: string) => shopInstant(date, time);

describe('working days', () => {
  it.each([
    ['2026-12-01', true, 'a Tuesday'],
    ['2026-12-05', false, 'a Saturday'],
    ['2026-12-06', false, 'a Sunday'],
    ['2026-11-26', false, 'Thanksgiving'],
    ['2026-11-27', false, 'the day after Thanksgiving'],
    ['2026-07-03', false, 'Independence Day kept on Friday'],
    ['2026-12-24', false, 'Christmas Eve'],
    ['2027-01-01', false, "New Year's Day"],
    ['2026-12-30', true, 'between Christmas and New Year'],
  ])('%s is a working day: %s (%s)', (date, working) => {
    expect(isWorkingDay(date, [])).toBe(working);
  });

  it('a day staff closed is not a working day', () => {
    expect(isWorkingDay('2026-12-01', ['2026-12-01'])).toBe(false);
  });

  it.each([
    ['2026-12-04', 1, '2026-12-07', 'over a weekend'],
    ['2026-11-25', 1, '2026-11-30', 'over Thanksgiving, its Friday and the weekend'],
    ['2026-12-23', 3, '2026-12-30', 'over Christmas, across the weekend'],
    ['2026-12-30', 2, '2027-01-04', 'across the year-end'],
    ['2021-12-30', 1, '2022-01-03', "over New Year's Day kept on December 31"],
  ])('%s plus %i working days is %s (%s)', (date, days, expected) => {
    expect(addWorkingDays(date, days, [])).toBe(expected);
  });
});

describe('the cut-off', () => {
  it.each([
    ['2026-12-01', '13:59', '2026-12-01', 'a working day before 2 PM starts that day'],
    ['2026-12-01', '14:00', '2026-12-02', 'at 2 PM, the next working day'],
    ['2026-12-04', '15:30', '2026-12-07', 'Friday afternoon: Monday'],
    ['2026-12-05', '09:00', '2026-12-07', 'Saturday: Monday'],
    ['2026-11-26', '10:00', '2026-11-30', 'Thanksgiving morning: the Monday after'],
    ['2026-12-31', '16:00', '2027-01-04', "New Year's Eve afternoon: the first Monday"],
    ['2026-07-15', '13:30', '2026-07-15', 'in daylight-saving time too'],
  ])('%s %s starts %s (%s)', (date, time, expected) => {
    expect(orderStartDate(central(date, time), [])).toBe(expected);
  });

  it('a closure moves the start', () => {
    expect(orderStartDate(central('2026-12-01', '10:00'), ['2026-12-01', '2026-12-02'])).toBe('2026-12-03');
  });
});

describe('the estimate', () => {
  const mondayMorning = central('2026-11-30', '09:00');

  it.each(FAMILY_IDS.map((family) => [family, PRODUCTION_BUSINESS_DAYS[family]] as const))(
    '%s takes %i business days, within the terms',
    (_family, days) => {
      expect(days).toBeGreaterThanOrEqual(7);
      expect(days).toBeLessThanOrEqual(10);
    },
  );

  it.each<[FamilyId, DeliveryZone, string, string]>([
    ['mini-blinds', 'dfw', '2026-12-09', '2026-12-14'],
    ['roller-shades', 'dfw', '2026-12-10', '2026-12-15'],
    ['vertical-blinds', 'texas', '2026-12-10', '2026-12-16'],
    ['faux-wood-blinds', 'dfw', '2026-12-11', '2026-12-16'],
    // Ten business days, then five: over Christmas Eve, Christmas Day and the weekends.
    ['wood-blinds', 'elsewhere', '2026-12-14', '2026-12-21'],
  ])('%s to %s ordered Monday Nov 30 ships by %s, delivered by %s', (family, zone, shipsBy, deliveredBy) => {
    expect(deliveryEstimate({ families: [family], zone, now: mondayMorning, closures: [] })).toEqual({
      shipsBy,
      deliveredBy,
    });
  });

  it('a cart takes its slowest family', () => {
    expect(
      deliveryEstimate({ families: ['mini-blinds', 'wood-blinds'], zone: 'dfw', now: mondayMorning, closures: [] }),
    ).toEqual(deliveryEstimate({ families: ['wood-blinds'], zone: 'dfw', now: mondayMorning, closures: [] }));
  });

  it('across the year-end: wood to elsewhere ordered Dec 18 after the cut-off', () => {
    // Starts Mon Dec 21; Dec 24, 25 and Jan 1 closed: ten working days end Jan 7, five more Jan 14.
    expect(
      deliveryEstimate({
        families: ['wood-blinds'],
        zone: 'elsewhere',
        now: central('2026-12-18', '15:00'),
        closures: [],
      }),
    ).toEqual({ shipsBy: '2027-01-07', deliveredBy: '2027-01-14' });
  });

  it('none without blinds', () => {
    expect(deliveryEstimate({ families: [], zone: 'dfw', now: mondayMorning, closures: [] })).toBeNull();
  });

  it.each<[string, string, DeliveryZone]>([
    ['TX', '75234', 'dfw'],
    ['tx', '76102', 'dfw'],
    ['TX', '78701', 'texas'],
    ['OK', '75234', 'elsewhere'],
    ['CA', '94105', 'elsewhere'],
  ])('%s %s is in zone %s', (state, zipCode, zone) => {
    expect(deliveryZoneOf({ state, zipCode })).toBe(zone);
  });

  it('the ranges the terms print come from the same figures', () => {
    expect(PRODUCTION_RANGE).toBe('7-10');
    expect(TRANSIT_RANGE).toBe('3-5');
    expect(Object.values(TRANSIT_BUSINESS_DAYS)).toEqual([3, 4, 5]);
    expect(PRODUCTION_TIME).toBe(`${PRODUCTION_RANGE} business days`);
    expect(DELIVERY_TIME).toBe(`${TRANSIT_RANGE} days`);
  });

  it.each([
    ['2026-12-15', 'Tue, Dec 15'],
    ['2027-01-04', 'Mon, Jan 4'],
  ])('%s reads %s', (date, text) => {
    expect(shortDate(date)).toBe(text);
  });
});

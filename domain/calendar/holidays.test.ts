import { describe, expect, it } from 'vitest';
import { holidayClosuresAround, holidaysOf } from './holidays';

const observedOf = (year: number) => Object.fromEntries(holidaysOf(year).map((day) => [day.name, day.observed]));

describe('the shop holidays of a year', () => {
  it.each([
    [
      2026,
      {
        "New Year's Day": '2026-01-01',
        'Martin Luther King Jr. Day': '2026-01-19',
        'Memorial Day': '2026-05-25',
        // Saturday: kept the Friday before.
        'Independence Day': '2026-07-03',
        'Labor Day': '2026-09-07',
        'Thanksgiving Day': '2026-11-26',
        'Day after Thanksgiving': '2026-11-27',
        'Christmas Eve': '2026-12-24',
        'Christmas Day': '2026-12-25',
      },
    ],
    [
      2027,
      {
        "New Year's Day": '2027-01-01',
        'Martin Luther King Jr. Day': '2027-01-18',
        'Memorial Day': '2027-05-31',
        // Sunday: kept the Monday after.
        'Independence Day': '2027-07-05',
        'Labor Day': '2027-09-06',
        'Thanksgiving Day': '2027-11-25',
        'Day after Thanksgiving': '2027-11-26',
        'Christmas Eve': '2027-12-24',
        // Saturday, and Friday is Christmas Eve: the Thursday before.
        'Christmas Day': '2027-12-23',
      },
    ],
    [
      2022,
      {
        // Saturday: kept on the Friday of the year before.
        "New Year's Day": '2021-12-31',
        'Martin Luther King Jr. Day': '2022-01-17',
        'Memorial Day': '2022-05-30',
        'Independence Day': '2022-07-04',
        'Labor Day': '2022-09-05',
        'Thanksgiving Day': '2022-11-24',
        'Day after Thanksgiving': '2022-11-25',
        // Saturday and Sunday: the Friday before and the Monday after.
        'Christmas Eve': '2022-12-23',
        'Christmas Day': '2022-12-26',
      },
    ],
  ])('%i', (year, expected) => {
    expect(observedOf(year)).toEqual(expected);
  });

  it("closes December 31 for the next year's New Year's Day kept on it", () => {
    expect(holidayClosuresAround('2021-12-30').has('2021-12-31')).toBe(true);
  });
});

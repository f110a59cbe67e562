/**
 * The holidays the shop closes on (issue 29): the federal and Texas state holidays its makers,
 * drivers and office keep, declared once and computed for any year. A holiday that falls on a
 * Saturday is kept the Friday before and one on a Sunday the Monday after (the federal rule); when
 * that day is already a holiday (Christmas Eve and Christmas Day side by side), it moves one more
 * weekday the same way, so the shop always keeps both closed days.
 */
import { addDays } from './dates';

type HolidayRule =
  | { kind: 'fixed'; month: number; day: number }
  /** The nth (1-based) given weekday (0 Sunday … 6 Saturday) of the month; nth -1 is the last. */
  | { kind: 'nthWeekday'; month: number; weekday: number; nth: number }
  /** Days after another holiday's actual date (the day after Thanksgiving). */
  | { kind: 'after'; name: string; days: number };

export const SHOP_HOLIDAYS: ReadonlyArray<{ name: string; rule: HolidayRule }> = [
  { name: "New Year's Day", rule: { kind: 'fixed', month: 1, day: 1 } },
  { name: 'Martin Luther King Jr. Day', rule: { kind: 'nthWeekday', month: 1, weekday: 1, nth: 3 } },
  { name: 'Memorial Day', rule: { kind: 'nthWeekday', month: 5, weekday: 1, nth: -1 } },
  { name: 'Independence Day', rule: { kind: 'fixed', month: 7, day: 4 } },
  { name: 'Labor Day', rule: { kind: 'nthWeekday', month: 9, weekday: 1, nth: 1 } },
  { name: 'Thanksgiving Day', rule: { kind: 'nthWeekday', month: 11, weekday: 4, nth: 4 } },
  { name: 'Day after Thanksgiving', rule: { kind: 'after', name: 'Thanksgiving Day', days: 1 } },
  { name: 'Christmas Eve', rule: { kind: 'fixed', month: 12, day: 24 } },
  { name: 'Christmas Day', rule: { kind: 'fixed', month: 12, day: 25 } },
];

export interface Holiday {
  name: string;
  /** The holiday's own date. */
  date: string;
  /** The weekday the shop is closed for it (the date itself unless that is a weekend). */
  observed: string;
}

const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = isoDate(year, month, 1);
    return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (nth - 1) * 7);
  }
  const last = addDays(month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1), -1);
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

/** The shop's holidays of `year`, in the order declared; an observed day may fall in the year before (New Year's Day on a Saturday). */
export function holidaysOf(year: number): Holiday[] {
  const actual = new Map<string, string>();
  for (const { name, rule } of SHOP_HOLIDAYS) {
    const date =
      rule.kind === 'fixed'
        ? isoDate(year, rule.month, rule.day)
        : rule.kind === 'nthWeekday'
          ? nthWeekday(year, rule.month, rule.weekday, rule.nth)
          : addDays(actual.get(rule.name)!, rule.days);
    actual.set(name, date);
  }
  const taken = new Set([...actual.values()].filter((date) => weekdayOf(date) % 6 !== 0));
  return SHOP_HOLIDAYS.map(({ name }) => {
    const date = actual.get(name)!;
    if (weekdayOf(date) % 6 !== 0) return { name, date, observed: date };
    const step = weekdayOf(date) === 6 ? -1 : 1;
    let observed = addDays(date, step);
    while (taken.has(observed) || weekdayOf(observed) % 6 === 0) observed = addDays(observed, step);
    taken.add(observed);
    return { name, date, observed };
  });
}

/** The observed closed days of the year a date is in and of the next (whose New Year's Day may be kept on December 31). */
export function holidayClosuresAround(date: string): ReadonlySet<string> {
  const year = Number(date.slice(0, 4));
  return new Set([...holidaysOf(year), ...holidaysOf(year + 1)].map((holiday) => holiday.observed));
}

/** Whether the shop is closed all day on `date`: a holiday it keeps, or one of the days staff closed it (`closures`). */
export function isShopClosedOn(date: string, closures: readonly string[]): boolean {
  return closures.includes(date) || holidayClosuresAround(date).has(date);
}

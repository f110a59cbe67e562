/**
 * When a free measurement can be booked (issue 12): the seven time slots, in Central time, on the
 * days and within the hours the shop works, from the next working day to 30 days ahead. Dates are
 * calendar dates in the shop's zone and times are its wall clock; the UTC instant is derived with
 * Intl, so a daylight-saving change never moves a visit.
 */
import { addDays } from '../calendar/dates';
import { isShopClosedOn } from '../calendar/holidays';
import { hoursOnDate, SHOP_TIME_ZONE, type WeeklyHours } from '../opening-hours';

export const APPOINTMENT_TIME_ZONE = SHOP_TIME_ZONE;
/** An appointment takes its measurer 120 minutes. */
export const APPOINTMENT_DURATION_MINUTES = 120;
/** Measurers on duty per slot unless staff set a day's capacity. */
export const DEFAULT_SLOT_CAPACITY = 2;
export const MAX_SLOT_CAPACITY = 20;
/** The last bookable date is today (in the shop's zone) plus this many days. */
export const BOOKING_WINDOW_DAYS = 30;

/** The start times offered, as the form shows them and as stored (HH:MM). */
export const APPOINTMENT_TIME_SLOTS = [
  { label: '9:00 AM', time: '09:00' },
  { label: '10:00 AM', time: '10:00' },
  { label: '11:00 AM', time: '11:00' },
  { label: '1:00 PM', time: '13:00' },
  { label: '2:00 PM', time: '14:00' },
  { label: '3:00 PM', time: '15:00' },
  { label: '4:00 PM', time: '16:00' },
] as const;
export type SlotLabel = (typeof APPOINTMENT_TIME_SLOTS)[number]['label'];
export const SLOT_LABELS = APPOINTMENT_TIME_SLOTS.map((slot) => slot.label) as [SlotLabel, ...SlotLabel[]];

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function slotTime(label: SlotLabel): string {
  return APPOINTMENT_TIME_SLOTS.find((slot) => slot.label === label)!.time;
}

export function slotLabel(time: string): SlotLabel | undefined {
  return APPOINTMENT_TIME_SLOTS.find((slot) => slot.time === time)?.label;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A valid calendar date written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  if (!ISO_DATE_PATTERN.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The calendar date in the shop's zone at `instant`. */
export function shopDateAt(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: APPOINTMENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Minutes the zone is ahead of UTC at `instant` (-360 or -300 for Chicago). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant of a wall-clock time on a date in the shop's zone. The slots are all in the
 * day, never in a daylight-saving gap or overlap, so the offset at the first guess's offset holds.
 */
export function shopInstant(date: string, time: string): Date {
  const wallAsUtc = Date.parse(`${date}T${time}:00Z`);
  const firstGuess = wallAsUtc - zoneOffsetMinutes(new Date(wallAsUtc), APPOINTMENT_TIME_ZONE) * 60_000;
  return new Date(wallAsUtc - zoneOffsetMinutes(new Date(firstGuess), APPOINTMENT_TIME_ZONE) * 60_000);
}

/**
 * The slots of a date whose whole visit (120 minutes) falls within the shop's hours; none on a day
 * it is closed (a holiday, or one of staff's `closures`), whatever its weekday's hours say.
 */
export function slotsOn(date: string, week: WeeklyHours, closures: readonly string[]): SlotLabel[] {
  const hours = hoursOnDate(week, date);
  if (!hours || isShopClosedOn(date, closures)) return [];
  return APPOINTMENT_TIME_SLOTS.filter(
    (slot) =>
      minutesOf(slot.time) >= minutesOf(hours.opens) &&
      minutesOf(slot.time) + APPOINTMENT_DURATION_MINUTES <= minutesOf(hours.closes),
  ).map((slot) => slot.label);
}

/**
 * First and last bookable dates: the next day the shop measures after today, to today plus 30 days.
 * When it measures on none of them (staff closed every day), `first` is after `last`: nothing to book.
 */
export function bookableRange(
  now: Date,
  week: WeeklyHours,
  closures: readonly string[],
): { first: string; last: string } {
  const today = shopDateAt(now);
  const last = addDays(today, BOOKING_WINDOW_DAYS);
  let first = addDays(today, 1);
  while (first <= last && slotsOn(first, week, closures).length === 0) first = addDays(first, 1);
  return { first, last };
}

/** Why a date and slot cannot be booked: the field the form shows it under, and the sentence it shows. */
export interface BookingRefusal {
  field: 'date' | 'time';
  message: string;
}

/** Why a date and slot cannot be booked now, or null when it can. */
export function unbookableReason(
  date: string,
  label: SlotLabel,
  now: Date,
  week: WeeklyHours,
  closures: readonly string[],
): BookingRefusal | null {
  const { first, last } = bookableRange(now, week, closures);
  const dateRefusal = (message: string): BookingRefusal => ({ field: 'date', message });
  if (date <= shopDateAt(now) || (date < first && first <= last))
    return dateRefusal('Please choose a date from the next business day on.');
  if (date > last) return dateRefusal(`Please choose a date within the next ${BOOKING_WINDOW_DAYS} days.`);
  if (isShopClosedOn(date, closures)) return dateRefusal('The shop is closed on that day. Please choose another date.');
  if (!hoursOnDate(week, date)) return dateRefusal('We do not measure on that day. Please choose another date.');
  if (!slotsOn(date, week, closures).includes(label))
    return { field: 'time', message: 'That time is outside our working hours. Please choose another time.' };
  return null;
}

/** A calendar date as people read it: "Tuesday, November 24, 2026". */
export function readableDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** The mailed link's page, under the site's origin. */
export const MANAGE_APPOINTMENT_PATH = '/appointments/manage';

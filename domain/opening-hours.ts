/**
 * The shop's week: its time zone, weekdays and opening hours, and what the pages, the chat and the
 * calendar work out of them. No zod here: the product pages' delivery dates read the calendar while
 * they hydrate, and the schemas of the settings (domain/business.ts) would come with them.
 */
/**
 * The shop's time zone: its calendar (delivery dates, appointments, holidays, invoices) and its
 * opening hours are in it. A rule of the shop, not a setting: every date it has stored is in it.
 */
export const SHOP_TIME_ZONE = 'America/Chicago';
/** How the header names the zone of the opening hours. */
const SHOP_TIME_ZONE_LABEL = 'CT';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** One day's hours: open from `opens` to `closes` (HH:MM), the same day. */
export interface DayHours {
  opens: string;
  closes: string;
}

/** The week's opening hours, each day open (its hours) or closed (null). */
export type WeeklyHours = Record<Weekday, DayHours | null>;

/** The shop's hours as chat and the measurement calendar read them: the week staff saved, and the days they closed the shop (holidays are known without saying). */
export interface ShopHours {
  week: WeeklyHours;
  closures: readonly string[];
}

/** A run of days with the same hours, as the pages, the chat and structured data list them. */
export interface OfficeHoursLine {
  /** "Monday - Friday", "Saturday". */
  label: string;
  /** "7:30 AM - 9:00 PM", or the closed day's text. */
  text: string;
  /** The schema.org day names of an open run; none when closed. */
  schemaDays: string[];
  opens: string | null;
  closes: string | null;
}

export interface OfficeHours {
  /** The header's line: the first run of open days, "Mon-Fri 7:30am-9:00pm CT". */
  headerText: string;
  days: OfficeHoursLine[];
}

/** 200 of GET /api/office-hours: the hours staff saved, as the site lists them. */
export interface OfficeHoursAnswer {
  officeHours: OfficeHours;
}

/** "07:30" → 450: minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "07:30" → "7:30 AM". */
export function clockText(hhmm: string): string {
  const minutes = minutesOf(hhmm);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

const sameHours = (a: DayHours | null, b: DayHours | null) => a?.opens === b?.opens && a?.closes === b?.closes;

/** The week in runs of consecutive days with the same hours: Monday - Friday, Saturday, Sunday. */
export function officeHours(week: WeeklyHours, closedDayText: string): OfficeHours {
  const runs: Weekday[][] = [];
  for (const day of WEEKDAYS) {
    const run = runs.at(-1);
    if (run && sameHours(week[run[0]!], week[day])) run.push(day);
    else runs.push([day]);
  }
  const days = runs.map((run): OfficeHoursLine => {
    const first = WEEKDAY_NAMES[run[0]!];
    const label = run.length === 1 ? first : `${first} - ${WEEKDAY_NAMES[run.at(-1)!]}`;
    const hours = week[run[0]!];
    if (!hours) return { label, text: closedDayText, schemaDays: [], opens: null, closes: null };
    return {
      label,
      text: `${clockText(hours.opens)} - ${clockText(hours.closes)}`,
      schemaDays: run.map((day) => WEEKDAY_NAMES[day]),
      opens: hours.opens,
      closes: hours.closes,
    };
  });
  const firstOpen = runs.find((run) => week[run[0]!]);
  const short = (day: Weekday) => WEEKDAY_NAMES[day].slice(0, 3);
  const compact = (hhmm: string) => clockText(hhmm).replace(' ', '').toLowerCase();
  const headerText = firstOpen
    ? `${run(firstOpen, short)} ${compact(week[firstOpen[0]!]!.opens)}-${compact(week[firstOpen[0]!]!.closes)} ${SHOP_TIME_ZONE_LABEL}`
    : closedDayText;
  return { headerText, days };
}

function run(days: Weekday[], name: (day: Weekday) => string): string {
  return days.length === 1 ? name(days[0]!) : `${name(days[0]!)}-${name(days.at(-1)!)}`;
}

const WEEKDAY_OF_NAME = new Map(WEEKDAYS.map((day) => [WEEKDAY_NAMES[day], day]));

/** Weekday and minutes since midnight in the shop's time zone. */
export function shopClock(now: Date): { weekday: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: WEEKDAY_OF_NAME.get(part('weekday'))!,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/** Whether the shop is open at `now` by `week`. */
export function isOpenAt(week: WeeklyHours, now: Date): boolean {
  const { weekday, minutes } = shopClock(now);
  const today = week[weekday];
  return !!today && minutes >= minutesOf(today.opens) && minutes < minutesOf(today.closes);
}

/** The hours of a calendar date (YYYY-MM-DD) by `week`, or null when the shop is closed that weekday. */
export function hoursOnDate(week: WeeklyHours, date: string): DayHours | null {
  // getUTCDay: 0 is Sunday.
  return week[WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!];
}

/**
 * Facts about the business shown across the site, in mails and in the structured data of the home
 * page: the schema of the one settings source (config/business.local.json for `npm start` and tests,
 * the CDK context `business` on AWS). The values are never in code: the build bakes them into the
 * pages (frontend/src/business.ts), handlers read them with businessConfig() (functions/lib/config.ts).
 * Opening hours start from the settings and staff change them in admin (openingHoursSchema).
 */
import * as z from 'zod';

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

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = z
  .string({ error: 'Enter a time as HH:MM.' })
  .regex(CLOCK_TIME, 'Enter a time as HH:MM, 24-hour (for example 07:30).');

/** One day's hours: open from `opens` to `closes`, the same day. */
export const dayHoursSchema = z.object({ opens: clockTime, closes: clockTime }).refine(
  // Compared only once both are times: a time that is not HH:MM is named by its own field.
  (day) => !CLOCK_TIME.test(day.opens) || !CLOCK_TIME.test(day.closes) || day.opens < day.closes,
  { message: 'Closing time must be after opening time.', path: ['closes'] },
);
export type DayHours = z.infer<typeof dayHoursSchema>;

/** The week's opening hours, each day open (its hours) or closed (null). */
export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.nullable()])) as Record<
    Weekday,
    z.ZodNullable<typeof dayHoursSchema>
  >,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

/** The opening hours as staff save them in admin (PUT /api/admin/opening-hours) and the API answers them. */
export const openingHoursSchema = z.object({ week: weeklyHoursSchema });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

const text = z.string().trim().min(1);

export const businessSettingsSchema = z.object({
  name: text,
  legalName: text,
  /** As people read it; shown in the header top bar. */
  phoneDisplay: text,
  /** Dialled by every Call button (tel:) and named in structured data. */
  phoneE164: z.string().regex(/^\+[1-9]\d{6,14}$/, 'Expected an E.164 number: +, the country code, then the number'),
  email: z.email(),
  siteUrl: z.url({ protocol: /^https?$/ }),
  address: z.object({
    street: text,
    city: text,
    region: text,
    postalCode: text,
    country: z.string().regex(/^[A-Z]{2}$/, 'Expected an ISO country code such as US'),
  }),
  launchedYear: z.number().int().min(1900),
  warehouseSqFt: z.number().int().positive(),
  /** The service area the home page's structured data names. */
  serviceArea: z.array(text).min(1),
  serviceRadiusKm: z.number().positive(),
  /** Centre of the service area in structured data. */
  geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  installationRadiusMiles: z.number().positive(),
  emailReplyPromiseHours: z.number().int().positive(),
  /** The hours until staff save others in admin; a closed day reads `closedDayText` ("By appointment"). */
  hours: z.object({ closedDayText: text, week: weeklyHoursSchema }),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;

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

/** The settings with what the pages show of them worked out: the one shape the site and the handlers read. */
export type BusinessFacts = BusinessSettings & { officeHours: OfficeHours };

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

/** The settings and their office hours (with `week`, staff's saved hours, in place of the settings'). */
export function businessFacts(settings: BusinessSettings, week: WeeklyHours = settings.hours.week): BusinessFacts {
  return { ...settings, officeHours: officeHours(week, settings.hours.closedDayText) };
}

/** Parses settings given as an object, naming each field that is wrong; `source` says where they came from. */
export function parseBusinessSettings(value: unknown, source: string): BusinessSettings {
  const parsed = businessSettingsSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(
      `${source}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
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

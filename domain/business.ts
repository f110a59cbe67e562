/**
 * Facts about the business shown across the site, in mails and in the structured data of the home
 * page: the schema of the one settings source (config/business.local.json for `npm start` and tests,
 * the CDK context `business` on AWS). The values are never in code: the build bakes them into the
 * pages (frontend/src/business.ts), handlers read them with businessConfig() (functions/lib/config.ts).
 * Opening hours start from the settings and staff change them in admin (openingHoursSchema).
 */
import * as z from 'zod';
import { officeHours, WEEKDAYS, type OfficeHours, type WeeklyHours, type Weekday } from './opening-hours';

export * from './opening-hours';

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

/** The week's opening hours, each day open (its hours) or closed (null). */
export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHoursSchema.nullable()])) as Record<
    Weekday,
    z.ZodNullable<typeof dayHoursSchema>
  >,
);

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

/** The settings with what the pages show of them worked out: the one shape the site and the handlers read. */
export type BusinessFacts = BusinessSettings & { officeHours: OfficeHours };

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

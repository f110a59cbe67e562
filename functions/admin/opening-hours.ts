/**
 * The shop's opening hours (Appointments tab): read and replaced whole. Chat shows staff online only
 * within them, measuring appointments are offered within them, and every page lists them.
 */
import { businessFacts, openingHoursSchema, type OpeningHours } from '#domain/business';
import type { OfficeHoursAnswer } from '#domain/opening-hours';
import { staffCaller } from '../lib/caller';
import { businessConfig } from '../lib/config';
import { httpHandler, json, parseBody } from '../lib/http';
import { openingWeek, replaceOpeningHours } from './opening-hours-store';

/** The saved week and its lines as the site lists them. */
function answer(week: OpeningHours['week']) {
  return { week, lines: businessFacts(businessConfig(), week).officeHours.days };
}

/**
 * GET /api/office-hours: the hours as the header, footer and contact pages list them. The pages are
 * built with the settings' hours; this brings the hours staff saved since.
 */
export const getOfficeHours = httpHandler(async () =>
  json(200, {
    officeHours: businessFacts(businessConfig(), await openingWeek()).officeHours,
  } satisfies OfficeHoursAnswer),
);

/** GET /api/admin/opening-hours */
export const getOpeningHours = httpHandler(async () => json(200, answer(await openingWeek())));

/** PUT /api/admin/opening-hours {week}: each day open (opens before closes, HH:MM) or closed (null). */
export const saveOpeningHours = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const { week } = parseBody(event, openingHoursSchema);
  await replaceOpeningHours(week, caller.userId);
  return json(200, answer(week));
});

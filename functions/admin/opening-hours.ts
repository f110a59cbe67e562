/**
 * The shop's opening hours (Appointments tab): read and replaced whole. Chat shows staff online only
 * within them, and measuring appointments are offered within them.
 */
import { businessFacts, openingHoursSchema, type OpeningHours } from '#domain/business';
import { staffCaller } from '../lib/caller';
import { businessConfig } from '../lib/config';
import { httpHandler, json, parseBody } from '../lib/http';
import { openingWeek, replaceOpeningHours } from './opening-hours-store';

/** The saved week and its lines as the site lists them. */
function answer(week: OpeningHours['week']) {
  return { week, lines: businessFacts(businessConfig(), week).officeHours.days };
}

/** GET /api/admin/opening-hours */
export const getOpeningHours = httpHandler(async () => json(200, answer(await openingWeek())));

/** PUT /api/admin/opening-hours {week}: each day open (opens before closes, HH:MM) or closed (null). */
export const saveOpeningHours = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const { week } = parseBody(event, openingHoursSchema);
  await replaceOpeningHours(week, caller.userId, new Date());
  return json(200, answer(week));
});

import { shopDateAt } from '#domain/appointments/schedule';
import { WEEKDAYS, type WeeklyHours } from '#domain/business';
import { isShopClosedOn } from '#domain/calendar/holidays';
import { api } from './checkout';

const everyDay = (hours: WeeklyHours[keyof WeeklyHours]) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, hours])) as WeeklyHours;

/**
 * Whether the shop keeps a holiday today: closed whatever hours are saved, so the chat shows staff
 * offline even within OPEN_ALL_WEEK (domain/chat/availability.ts). Tests that see staff online say
 * what that day shows instead.
 */
export const holidayToday = (): boolean => isShopClosedOn(shopDateAt(new Date()), []);

/** Open every day from midnight to 23:59: the chat can show staff online whenever a test runs (but the day's last minute). */
export const OPEN_ALL_WEEK = everyDay({ opens: '00:00', closes: '23:59' });
export const CLOSED_ALL_WEEK = everyDay(null);

/**
 * Runs `use` with `week` saved as the shop's opening hours (by a member of staff who may change
 * them), then saves back the week that was: the hours are one item every test of the stack reads.
 */
export async function withOpeningHours<T>(
  baseUrl: string,
  staff: { accessToken: string },
  week: WeeklyHours,
  use: () => Promise<T>,
): Promise<T> {
  const kept = await api<{ week: WeeklyHours }>(baseUrl, staff, 'GET', '/admin/opening-hours');
  if (kept.status !== 200) throw new Error(`Reading the opening hours answered ${kept.status}`);
  const saved = await api(baseUrl, staff, 'PUT', '/admin/opening-hours', { week });
  if (saved.status !== 200) throw new Error(`Saving the opening hours answered ${saved.status}`);
  try {
    return await use();
  } finally {
    await api(baseUrl, staff, 'PUT', '/admin/opening-hours', { week: kept.body.week });
  }
}

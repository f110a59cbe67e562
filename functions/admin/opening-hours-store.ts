/**
 * The week's opening hours staff saved in admin (domain/business.ts): one small item, read by chat's
 * online state and the appointment slots, replaced whole. Until staff first save, the settings' hours.
 */
import type { WeeklyHours } from '#domain/business';
import { businessConfig } from '../lib/config';
import { getItem, putItem, recordOf } from '../lib/table/items';
import { OPENING_HOURS_KEY } from '../lib/table/keys';

export async function openingWeek(): Promise<WeeklyHours> {
  const item = await getItem(OPENING_HOURS_KEY);
  return item ? recordOf<{ week: WeeklyHours }>(item).week : businessConfig().hours.week;
}

export async function replaceOpeningHours(week: WeeklyHours, updatedBy: string, now: Date): Promise<void> {
  await putItem({
    Item: { ...OPENING_HOURS_KEY, entity: 'openingHours', week, updatedAt: now.toISOString(), updatedBy },
  });
}

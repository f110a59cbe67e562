/**
 * The week's opening hours staff saved in admin (domain/business.ts): one small item, read by chat's
 * online state and the appointment slots, replaced whole. Until staff first save, the settings' hours.
 */
import type { WeeklyHours } from '#domain/business';
import type { ShopHours } from '#domain/opening-hours';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { businessConfig } from '../lib/config';
import { OPENING_HOURS_KEY } from '../lib/table/keys/shop-settings';
import { readShopSetting, replaceShopSetting, type ShopSetting } from '../lib/table/shop-setting';

const OPENING_HOURS: ShopSetting<WeeklyHours> = {
  key: OPENING_HOURS_KEY,
  entity: 'openingHours',
  attribute: 'week',
  record: { kind: 'openingHours', id: 'week', label: 'of the week' },
  // Until staff first save, the settings' hours.
  initial: () => businessConfig().hours.week,
  auditFields: (week) => week,
};

export const openingWeek = (): Promise<WeeklyHours> => readShopSetting(OPENING_HOURS);

/** The week with the days staff closed the shop: when chat is open and measurers visit. */
export async function shopHours(): Promise<ShopHours> {
  const [week, closures] = await Promise.all([openingWeek(), shopClosureDates()]);
  return { week, closures };
}

/**
 * Replaces the week, with the audit log entry of the member of staff who saved it (the days it
 * changed, before and after) in the same transaction.
 */
export const replaceOpeningHours = (week: WeeklyHours, staffId: string): Promise<void> =>
  replaceShopSetting(OPENING_HOURS, week, staffId);

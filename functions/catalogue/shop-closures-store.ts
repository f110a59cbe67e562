/**
 * The days staff closed the shop beyond its holidays (domain/calendar/closures.ts): one small item,
 * read by every delivery estimate and replaced whole from the admin, each save audited (a shop
 * setting: functions/lib/table/shop-setting.ts). See functions/lib/table/README.md.
 */
import type { ShopClosure } from '#domain/calendar/closures';
import { SHOP_CLOSURES_KEY } from '../lib/table/keys/shop-settings';
import { readShopSetting, replaceShopSetting, type ShopSetting } from '../lib/table/shop-setting';

const SHOP_CLOSURES: ShopSetting<ShopClosure[]> = {
  key: SHOP_CLOSURES_KEY,
  entity: 'shopClosures',
  attribute: 'closures',
  record: { kind: 'shopClosures', id: 'days', label: 'beyond the holidays' },
  initial: () => [],
  auditFields: (closures) => ({ closures }),
};

export const readShopClosures = (): Promise<ShopClosure[]> => readShopSetting(SHOP_CLOSURES);

/** Just the dates, as the calendar reads them. */
export async function shopClosureDates(): Promise<string[]> {
  return (await readShopClosures()).map((closure) => closure.date);
}

/** Replaces the list, with the audit log entry of the member of staff who saved it (the list it replaced and the list saved). */
export const replaceShopClosures = (closures: readonly ShopClosure[], staffId: string): Promise<void> =>
  replaceShopSetting(SHOP_CLOSURES, [...closures], staffId);

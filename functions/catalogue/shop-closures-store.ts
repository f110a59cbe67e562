/**
 * The days staff closed the shop beyond its holidays (domain/calendar/closures.ts): one small item,
 * read by every delivery estimate and replaced whole from the admin. See functions/lib/table/README.md.
 */
import type { ShopClosure } from '#domain/calendar/closures';
import { getItem, putItem, recordOf } from '../lib/table/items';
import { SHOP_CLOSURES_KEY } from '../lib/table/keys';

export async function readShopClosures(): Promise<ShopClosure[]> {
  const item = await getItem(SHOP_CLOSURES_KEY);
  return item ? recordOf<{ closures: ShopClosure[] }>(item).closures : [];
}

/** Just the dates, as the calendar reads them. */
export async function shopClosureDates(): Promise<string[]> {
  return (await readShopClosures()).map((closure) => closure.date);
}

export async function replaceShopClosures(
  closures: readonly ShopClosure[],
  updatedBy: string,
  now: Date,
): Promise<void> {
  await putItem({
    Item: { ...SHOP_CLOSURES_KEY, entity: 'shopClosures', closures, updatedAt: now.toISOString(), updatedBy },
  });
}

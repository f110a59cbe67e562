/**
 * The days staff close the shop beyond its holidays (Appointments tab): read and replaced whole.
 * Every delivery date promised from then on skips them; orders already placed keep their dates.
 */
import { shopClosuresSchema, type ShopClosures } from '#domain/calendar/closures';
import { readShopClosures, replaceShopClosures } from '../catalogue/shop-closures-store';
import { staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody } from '../lib/http';

/** GET /api/admin/shop-closures */
export const listShopClosures = httpHandler(async () => {
  return json(200, { closures: await readShopClosures() } satisfies ShopClosures);
});

/** PUT /api/admin/shop-closures: the list in date order. */
export const saveShopClosures = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const { closures } = parseBody(event, shopClosuresSchema);
  const sorted = [...closures].sort((a, b) => a.date.localeCompare(b.date));
  await replaceShopClosures(sorted, caller.userId);
  return json(200, { closures: sorted } satisfies ShopClosures);
});

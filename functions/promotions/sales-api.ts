/** GET /api/promotions/sales: the automatic sales in effect today, for the storefront's banner. */
import { shopDateAt } from '#domain/appointments/schedule';
import { salesResponseSchema } from '#domain/promotions/promotion-schema';
import { httpHandler, json } from '../lib/http';
import { salesInEffect } from './promotion-store';

export const listSales = httpHandler(async () => {
  const sales = await salesInEffect(shopDateAt(new Date()));
  // The schema keeps the terms a shopper reads and drops what staff see (uses, revenue, limits).
  return json(200, salesResponseSchema.parse({ sales }));
});

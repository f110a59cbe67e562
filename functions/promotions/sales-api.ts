/** GET /api/promotions/sales: the automatic sales in effect today, for the storefront's banner. */
import { shopDateAt } from '#domain/appointments/schedule';
import type { SalesResponse } from '#domain/promotions/promotion-schema';
import { httpHandler, json } from '../lib/http';
import { salesInEffect } from './promotion-store';

export const listSales = httpHandler(async () => {
  const sales = await salesInEffect(shopDateAt(new Date()));
  const terms = sales.map(
    ({ id, code, name, kind, percent, amountCents, minBlinds, minSubtotalCents, families, startsOn, endsOn }) => ({
      id,
      code,
      name,
      kind,
      percent,
      amountCents,
      minBlinds,
      minSubtotalCents,
      families,
      startsOn,
      endsOn,
    }),
  );
  return json(200, { sales: terms } satisfies SalesResponse);
});

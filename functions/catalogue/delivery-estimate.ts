/**
 * GET /api/delivery-estimate: the dates for blinds of some families ordered now to a zone (DFW
 * unless said), for the product page, the mini cart and the cart, so the calendar's code stays out
 * of the browser's first load. Checkout's dates come with its quote, for the address entered.
 */
import { deliveryEstimate } from '#domain/calendar/calendar';
import { deliveryEstimateQuerySchema, type DeliveryEstimateResponse } from '#domain/calendar/estimate-schema';
import { httpHandler, json, parseQuery } from '../lib/http';
import { shopClosureDates } from './shop-closures-store';

export const getDeliveryEstimate = httpHandler(async (event) => {
  const { families, zone } = parseQuery(event, deliveryEstimateQuerySchema);
  const estimate = deliveryEstimate({ families, zone, now: new Date(), closures: await shopClosureDates() })!;
  return json(200, { zone, estimate } satisfies DeliveryEstimateResponse);
});

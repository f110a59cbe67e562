/**
 * The order routes of a signed-in client (My Account's Order History, its details and invoice) and
 * the public tracking by number and e-mail. A client reaches only their own orders: any other order
 * answers the same 404 as one that does not exist, and so does a checkout that ended unpaid, which
 * is no order of theirs (decision 0039).
 */
import { checkoutAbandoned } from '#domain/orders/lifecycle';
import {
  ORDER_MESSAGES,
  orderIdSchema,
  TRACKING_LOOKUPS_PER_ADDRESS,
  trackOrderQuerySchema,
} from '#domain/orders/order';
import { orderDetailOf, orderSummaryOf, trackedOrderOf, trackingMatches } from '#domain/orders/views';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseQuery, type HttpEvent } from '../lib/http';
import { limitAttemptFromAddress } from '../lib/rate-limit';
import { invoiceLinkOf, invoiceUrlOf } from './invoice-link';
import { listClientOrders, orderIdByNumber, orderRecordOf, readOrder, type StoredOrder } from './order-store';

/** The caller's order of the path, or 404 (an abandoned checkout too). */
async function callersOrder(event: HttpEvent): Promise<StoredOrder> {
  const clientId = authorizedCaller(event).userId;
  const orderId = orderIdSchema.safeParse(event.pathParameters?.orderId);
  const found = orderId.success ? await readOrder(orderId.data) : undefined;
  if (!found || found.order.clientId !== clientId || checkoutAbandoned(found.order))
    throw new HttpError(404, ORDER_MESSAGES.notFound);
  return found.order;
}

/** GET /api/orders: what the caller bought, newest first, one Query (inOrderHistory). */
export const listMyOrders = httpHandler(async (event) => {
  const orders = await listClientOrders(authorizedCaller(event).userId);
  return json(200, { orders: orders.map(orderSummaryOf) });
});

/** GET /api/orders/{orderId} */
export const getMyOrder = httpHandler(async (event) => {
  const order = await callersOrder(event);
  return json(200, orderDetailOf(orderRecordOf(order), await invoiceUrlOf(order)));
});

/** GET /api/orders/{orderId}/invoice: a download link once the invoice exists. */
export const getMyInvoice = httpHandler(async (event) => {
  const link = await invoiceLinkOf(await callersOrder(event));
  if (!link) throw new HttpError(404, ORDER_MESSAGES.invoiceNotReady);
  return json(200, link);
});

/**
 * GET /api/track-order?orderNumber=&email=: the same 404 for a number that does not exist and for
 * the wrong e-mail, so the answer never tells whether a number is in use.
 */
export const trackOrder = httpHandler(async (event) => {
  let query;
  try {
    query = parseQuery(event, trackOrderQuerySchema);
  } catch (error) {
    if (error instanceof HttpError && error.fieldErrors)
      throw new HttpError(400, ORDER_MESSAGES.trackingMissing, error.fieldErrors);
    throw error;
  }
  await limitAttemptFromAddress(event, 'trackOrder', TRACKING_LOOKUPS_PER_ADDRESS);
  const orderId = await orderIdByNumber(query.orderNumber);
  const found = orderId ? await readOrder(orderId) : undefined;
  if (!found || !trackingMatches(found.order, query.email) || checkoutAbandoned(found.order))
    throw new HttpError(404, ORDER_MESSAGES.trackingNotFound);
  return json(200, trackedOrderOf(found.order));
});

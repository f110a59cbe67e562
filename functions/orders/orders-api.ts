/**
 * The order routes of a signed-in client (My Account's Order History, "Order again") and the public
 * tracking by number and e-mail. A client reaches only their own orders: any other order answers the
 * same 404 as one that does not exist, and so does a checkout that ended unpaid, which is no order of
 * theirs (decision 0039; callers-order.ts). One order's details and its invoice are
 * order-detail-api.ts's.
 */
import { checkoutAbandoned } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { TRACKING_LOOKUPS_PER_ADDRESS, trackOrderQuerySchema } from '#domain/orders/requests';
import { linesToReorder, REORDER_MESSAGES, reorderRequestSchema, type ReorderResult } from '#domain/orders/reorder';
import { orderSummaryOf, trackedOrderOf, trackingMatches } from '#domain/orders/views';
import { visitorOf } from '../cart/visitor';
import { addPricedBlinds } from '../cart/priced-adds';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, parseQuery } from '../lib/http';
import { limitAttemptFromAddress } from '../lib/rate-limit';
import { listClientOrders, orderIdByNumber } from './order-lookup-store';
import { readOrder } from './order-store';
import { callersOrder } from './callers-order';

/** GET /api/orders: what the caller bought, newest first, one Query (inOrderHistory). */
export const listMyOrders = httpHandler(async (event) => {
  const orders = await listClientOrders(authorizedCaller(event).userId);
  return json(200, { orders: orders.map(orderSummaryOf) });
});
/**
 * POST /api/orders/{orderId}/reorder: the order's blinds (all, or the positions asked for) added to
 * the caller's cart as they were configured, with their rooms, priced today (addPricedBlinds). A
 * blind today's grids no longer price is named in `failures`; when none prices, nothing is added (400).
 */
export const reorderMyOrder = httpHandler(async (event) => {
  const request = parseBody(event, reorderRequestSchema);
  const order = await callersOrder(event);
  const lines = linesToReorder(order.lines, request);
  if (!lines)
    throw new HttpError(400, REORDER_MESSAGES.unknownPositions, { positions: REORDER_MESSAGES.unknownPositions });
  const visitor = { ...(await visitorOf(event)), clientId: order.clientId };
  const { added, failures } = await addPricedBlinds(
    visitor,
    lines.map((line) => ({
      configuration: { ...line.configuration, quantity: line.quantity },
      roomLabel: line.roomLabel,
    })),
    new Date(),
  );
  const result: ReorderResult = {
    addedCount: added.reduce((sum, { quantity }) => sum + quantity, 0),
    totalCents: added.reduce((sum, { quantity, unitCents }) => sum + unitCents * quantity, 0),
    failures: failures.map(({ index, message }) => ({
      position: lines[index]!.position,
      title: lines[index]!.title,
      message,
    })),
  };
  if (added.length === 0) return json(400, { message: REORDER_MESSAGES.noneAdded, ...result });
  return json(201, result);
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

/**
 * The order routes of a signed-in client (My Account's Order History, its details, invoice,
 * "Order again") and the public tracking by number and e-mail. A client reaches only their own orders: any other order
 * answers the same 404 as one that does not exist, and so does a checkout that ended unpaid, which
 * is no order of theirs (decision 0039).
 */
import { customerMayBookInstallation } from '#domain/appointments/installation';
import { checkoutAbandoned, installationBooked } from '#domain/orders/lifecycle';
import {
  ORDER_MESSAGES,
  orderIdSchema,
  TRACKING_LOOKUPS_PER_ADDRESS,
  trackOrderQuerySchema,
} from '#domain/orders/order';
import { linesToReorder, REORDER_MESSAGES, reorderRequestSchema, type ReorderResult } from '#domain/orders/reorder';
import { orderDetailOf, orderSummaryOf, trackedOrderOf, trackingMatches } from '#domain/orders/views';
import { visitorOf } from '../cart/cart-api';
import { addPricedBlinds } from '../cart/priced-adds';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { limitAttemptFromAddress } from '../lib/rate-limit';
import { installationVisitOf } from '../appointments/installation-store';
import { installationManagePath } from '../appointments/token';
import { invoiceLinkOf, invoiceUrlOf } from './invoice-link';
import { listClientOrders, orderIdByNumber, orderRecordOf, readOrder, type StoredOrder } from './order-store';

/** The caller's order of the path, or 404 (an abandoned checkout too). */
export async function callersOrder(event: HttpEvent): Promise<StoredOrder> {
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

/**
 * GET /api/orders/{orderId}: with the page that books or moves its installation visit (the mailed
 * link's), while the order is bought and the visit can still be booked, so My Account offers it.
 */
export const getMyOrder = httpHandler(async (event) => {
  const order = await callersOrder(event);
  const visit = await installationVisitOf(order);
  const managePath =
    visit && installationBooked(order) && customerMayBookInstallation(visit.status)
      ? installationManagePath(order.id)
      : null;
  return json(200, orderDetailOf(orderRecordOf(order), await invoiceUrlOf(order), visit, managePath));
});

/** GET /api/orders/{orderId}/invoice: a download link once the invoice exists. */
export const getMyInvoice = httpHandler(async (event) => {
  const link = await invoiceLinkOf(await callersOrder(event));
  if (!link) throw new HttpError(404, ORDER_MESSAGES.invoiceNotReady);
  return json(200, link);
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

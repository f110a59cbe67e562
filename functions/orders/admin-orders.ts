/**
 * The staff routes of the admin Orders tab: the list (newest first, by status, searched by number
 * or e-mail, paged, or the open orders that will miss their promised date), an order with its
 * history, and moving one order or a batch along the transition table. Each change is one
 * conditional transaction with its history entry (who, when) and OrderStatusChanged (order-moves.ts);
 * cancelling a paid order refunds it at the payment provider.
 */
import { dutyOfOrderAction } from '#domain/staff/roles';
import { decideStaffTransition } from '#domain/orders/lifecycle';
import {
  adminOrdersQuerySchema,
  ORDER_MESSAGES,
  orderBatchRequestSchema,
  orderIdSchema,
  orderTransitionRequestSchema,
  type OrderBatchResult,
} from '#domain/orders/order';
import { missesPromise } from '#domain/orders/promise';
import { adminOrderDetailOf, adminOrderSummaryOf } from '#domain/orders/views';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { requireDuty, staffCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { staffNamesOf } from '../lib/staff-names';
import { expireCheckoutSession } from './checkout-session';
import { invoiceUrlOf } from './invoice-link';
import { moveOrder } from './order-moves';
import { listOpenOrders, listOrdersForStaff, orderRecordOf, readOrder, readOrderHeader } from './order-store';
import { refundCancelledOrder } from './refunds';

/**
 * GET /api/admin/orders: each row flagged when it will miss the date it was promised (promise.ts,
 * for today); with `missesPromise=true`, only the open orders that will.
 */
export const listOrders = httpHandler(async (event) => {
  const query = parseQuery(event, adminOrdersQuerySchema);
  const [{ orders, nextCursor }, closures] = await Promise.all([
    query.missesPromise
      ? listOpenOrders().then((open) => ({ orders: open, nextCursor: null }))
      : listOrdersForStaff(query),
    shopClosureDates(),
  ]);
  const now = new Date();
  const rows = orders.map((order) => adminOrderSummaryOf(orderRecordOf(order), missesPromise(order, now, closures)));
  return json(200, { orders: query.missesPromise ? rows.filter((row) => row.missesPromise) : rows, nextCursor });
});

async function orderOfPath(event: HttpEvent) {
  const orderId = orderIdSchema.safeParse(event.pathParameters?.orderId);
  const found = orderId.success ? await readOrder(orderId.data) : undefined;
  if (!found) throw new HttpError(404, ORDER_MESSAGES.notFound);
  return found;
}

async function detailOf(orderId: string) {
  const { order, history } = (await readOrder(orderId))!;
  const [invoiceUrl, staffNames] = await Promise.all([
    invoiceUrlOf(order),
    staffNamesOf(history.flatMap(({ actor }) => (actor.kind === 'staff' && actor.id ? [actor.id] : []))),
  ]);
  return adminOrderDetailOf(orderRecordOf(order), history, invoiceUrl, staffNames);
}

/** GET /api/admin/orders/{orderId} */
export const getOrder = httpHandler(async (event) => {
  const { order } = await orderOfPath(event);
  return json(200, await detailOf(order.id));
});

/** POST /api/admin/orders/{orderId}/transitions: a staff action of the transition table, or 409 with the reason the table gives. */
export const transitionOrder = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const request = parseBody(event, orderTransitionRequestSchema);
  requireDuty(staff, dutyOfOrderAction(request.action));
  const { order } = await orderOfPath(event);
  const decision = decideStaffTransition(order, request.action);
  if (!decision.ok) throw new HttpError(409, decision.reason);
  const now = new Date();
  const actor = { kind: 'staff', id: staff.userId } as const;
  let current = order;
  if (decision.from !== decision.to) {
    const changed = await moveOrder(order, request.action, request, actor, now);
    if (!changed) throw new HttpError(409, ORDER_MESSAGES.changedMeanwhile);
    current = changed;
  }
  // Nobody should pay a cancelled order: its payment page closes (a payment that still gets through is flagged).
  if (request.action === 'cancel' && current.paymentStatus === 'pending' && current.checkoutSessionId) {
    await expireCheckoutSession(current.checkoutSessionId, current.id);
  }
  if (decision.refund) await refundCancelledOrder(current, actor, now);
  return json(200, await detailOf(order.id));
});

/**
 * POST /api/admin/orders/transitions: one action for each selected order (a production batch), one
 * after another, each its own conditional write on the status it was decided from, so a batch never
 * moves an order another change moved first. Answers which moved and which did not, with why.
 */
export const transitionOrders = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { action, orderIds } = parseBody(event, orderBatchRequestSchema);
  const actor = { kind: 'staff', id: staff.userId } as const;
  const result: OrderBatchResult = { moved: [], notMoved: [] };
  for (const orderId of orderIds) {
    const order = await readOrderHeader(orderId);
    if (!order) {
      result.notMoved.push({ orderId, orderNumber: null, reason: ORDER_MESSAGES.notFound });
      continue;
    }
    const decision = decideStaffTransition(order, action);
    const changed = decision.ok ? await moveOrder(order, action, { action }, actor, new Date()) : undefined;
    if (changed) result.moved.push({ orderId, orderNumber: order.orderNumber, status: changed.status });
    else
      result.notMoved.push({
        orderId,
        orderNumber: order.orderNumber,
        reason: decision.ok ? ORDER_MESSAGES.changedMeanwhile : decision.reason,
      });
  }
  return json(200, result);
});

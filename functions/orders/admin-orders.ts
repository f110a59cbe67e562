/**
 * The staff routes of the admin Orders tab that read no order's detail: the list (newest first, by
 * status, searched by number or e-mail, paged, or the open orders that will miss their promised
 * date) and moving a batch along the transition table. Each change is one conditional transaction
 * with its history entry (who, when) and OrderStatusChanged (order-moves.ts). One order with its
 * history is admin-order-detail.ts's, moving one order (and refunding a cancelled paid one)
 * admin-order-transition.ts's: apart, so the list carries neither the storage and user pool
 * clients nor the payment SDK.
 */
import { decideStaffTransition } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { adminOrdersQuerySchema, orderBatchRequestSchema } from '#domain/orders/requests';
import type { OrderBatchResult } from '#domain/orders/responses';
import { missesPromise } from '#domain/orders/promise';
import { adminOrderSummaryOf } from '#domain/orders/views';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody, parseQuery } from '../lib/http';
import { moveOrder } from './order-moves';
import { listOpenOrders, listOrdersForStaff } from './order-lookup-store';
import { orderRecordOf, readOrderHeader } from './order-store';

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

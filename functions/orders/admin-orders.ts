/**
 * The staff routes of the admin Orders tab: the list (newest first, by status, searched by number
 * or e-mail, paged, or the open orders that will miss their promised date), an order with its
 * history, and moving one order or a batch along the transition table. Each change is one
 * conditional transaction with its history entry (who, when) and OrderStatusChanged (order-moves.ts);
 * cancelling a paid order refunds it at the payment provider.
 */
import { dutyOfLineAction, dutyOfOrderAction } from '#domain/staff/roles';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decideStaffTransition } from '#domain/orders/lifecycle';
import {
  decideLineTransition,
  LINE_LIFECYCLE,
  LINE_MESSAGES,
  lineMoveNote,
  lineTransitionRequestSchema,
} from '#domain/orders/line-status';
import {
  adminOrdersQuerySchema,
  ORDER_MESSAGES,
  orderBatchRequestSchema,
  orderIdSchema,
  orderTransitionRequestSchema,
  type OrderBatchResult,
  type OrderHistoryEntry,
} from '#domain/orders/order';
import { missesPromise } from '#domain/orders/promise';
import { OrderLineChanged } from '#events/catalog';
import { adminOrderDetailOf, adminOrderSummaryOf } from '#domain/orders/views';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { userPoolClient } from '../lib/aws-clients';
import { requireDuty, staffCaller } from '../lib/caller';
import { config } from '../lib/config';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { expireCheckoutSession } from './checkout-session';
import { invoiceUrlOf } from './invoice-link';
import { moveOrder } from './order-moves';
import {
  changeOrderLine,
  listOpenOrders,
  listOrdersForStaff,
  orderRecordOf,
  readOrder,
  readOrderHeader,
} from './order-store';
import { giveBackCancelledLine, refundCancelledOrder } from './refunds';

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

/**
 * The staff members who acted in a history, by name (given and family name, else e-mail) from the
 * user pool, one read each; one that cannot be read stays unnamed, and the page says Staff.
 */
async function staffNamesOf(history: OrderHistoryEntry[]): Promise<Map<string, string>> {
  const ids = new Set(history.flatMap(({ actor }) => (actor.kind === 'staff' && actor.id ? [actor.id] : [])));
  const named = await Promise.all(
    [...ids].map(async (id): Promise<[string, string]> => {
      try {
        const user = await userPoolClient().send(
          new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: id }),
        );
        const attribute = (name: string) =>
          user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value?.trim() ?? '';
        return [
          id,
          [attribute('given_name'), attribute('family_name')].filter(Boolean).join(' ') || attribute('email'),
        ];
      } catch (error) {
        logger.warn('Could not read a staff member named in an order history', { error: error as Error, staffId: id });
        return [id, ''];
      }
    }),
  );
  return new Map(named.filter(([, name]) => name !== ''));
}

async function detailOf(orderId: string) {
  const { order, history } = (await readOrder(orderId))!;
  const [invoiceUrl, staffNames] = await Promise.all([invoiceUrlOf(order), staffNamesOf(history)]);
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
 * POST /api/admin/orders/{orderId}/lines/{position}/transitions: one line backordered, remade, put
 * back or cancelled, with the note the customer reads (decideLineTransition, or 409 with why not).
 * The move is one conditional write on the line's status and the order's, with its history entry
 * and OrderLineChanged; a cancelled line's share is then given back (giveBackCancelledLine). Of two
 * cancels of one line at once, one moves it; the other finds it moved (409) or, reading it after,
 * asks for the same refund under the same key: the line is refunded once.
 */
export const transitionOrderLine = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const request = parseBody(event, lineTransitionRequestSchema);
  requireDuty(staff, dutyOfLineAction(request.action));
  const { order } = await orderOfPath(event);
  const position = Number(event.pathParameters?.position);
  if (!order.lines.some((candidate) => candidate.position === position))
    throw new HttpError(404, LINE_MESSAGES.notFound);
  const decision = decideLineTransition(order, position, request.action);
  if (!decision.ok) throw new HttpError(409, decision.reason);
  const now = new Date();
  const at = now.toISOString();
  const actor = { kind: 'staff', id: staff.userId } as const;
  let line = order.lines.find((candidate) => candidate.position === position)!;
  if (decision.from !== decision.to) {
    const { entry } = LINE_LIFECYCLE.move(decision.from, request.action, { at, by: actor, note: request.note });
    const changed = await changeOrderLine(
      order,
      {
        position,
        expect: { status: decision.from },
        set: { status: entry.to, statusNote: request.note, statusChangedAt: at },
        expectOrder: { status: [order.status] },
        history: { at, event: 'lineChanged', actor, note: lineMoveNote(line, entry.to, request.note) },
      },
      now,
      (moved) => [
        outboxEvent(OrderLineChanged, {
          orderId: order.id,
          orderNumber: order.orderNumber,
          channel: order.channel,
          clientId: order.clientId,
          customer: order.customer,
          line: moved,
          from: entry.from,
          to: entry.to,
          note: request.note,
          giveBack: decision.giveBack,
          amountCents: decision.amountCents,
          changedBy: actor,
          changedAt: at,
        }),
      ],
    );
    if (!changed) throw new HttpError(409, LINE_MESSAGES.changedMeanwhile);
    line = changed;
  }
  if (decision.giveBack !== 'none')
    await giveBackCancelledLine(order, line, decision.giveBack, decision.amountCents, actor, now);
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

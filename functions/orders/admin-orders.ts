/**
 * The staff routes of the admin Orders tab: the list (newest first, by status, searched by number
 * or e-mail, paged), an order with its history, and moving it along the transition table. Each
 * change is one conditional transaction with its history entry (who, when) and OrderStatusChanged;
 * cancelling a paid order refunds it at the payment provider.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decideStaffTransition, ORDER_LIFECYCLE, refundableCentsOf } from '#domain/orders/lifecycle';
import {
  adminOrdersQuerySchema,
  ORDER_MESSAGES,
  orderIdSchema,
  orderTransitionRequestSchema,
  type OrderHistoryEntry,
} from '#domain/orders/order';
import { adminOrderDetailOf, adminOrderSummaryOf } from '#domain/orders/views';
import { OrderStatusChanged } from '#events/catalog';
import { userPoolClient } from '../lib/aws-clients';
import { requireAdmin, type Caller } from '../lib/caller';
import { config } from '../lib/config';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import { expireCheckoutSession } from './checkout-session';
import { invoiceUrlOf } from './invoice-link';
import { orderSnapshotOf } from './order-events';
import { holdRefund } from './order-payment-store';
import { changeOrder, listOrdersForStaff, orderRecordOf, readOrder, type StoredOrder } from './order-store';
import { recordRefund } from './refunds';

/** GET /api/admin/orders */
export const listOrders = httpHandler(async (event) => {
  requireAdmin(event);
  const { orders, nextCursor } = await listOrdersForStaff(parseQuery(event, adminOrdersQuerySchema));
  return json(200, { orders: orders.map((order) => adminOrderSummaryOf(orderRecordOf(order))), nextCursor });
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
  requireAdmin(event);
  const { order } = await orderOfPath(event);
  return json(200, await detailOf(order.id));
});

/**
 * Refunds what the order's payment took and no other refund holds (returns' refunds: the order's
 * refunds share one bound), held first, then at the payment provider (idempotent on the order, so
 * a retried cancel never refunds twice), then records it unless the provider's charge.refunded
 * webhook recorded it first.
 */
async function refund(order: StoredOrder, staff: Caller, now: Date): Promise<void> {
  // Refunded in full at the provider already (before the payment was recorded, say): only the record is left to make.
  const refundedBefore = order.amountRefundedCents ?? 0;
  if (order.amountPaidCents !== null && refundedBefore >= order.amountPaidCents) {
    return recordRefund(order, { amountCents: refundedBefore }, { kind: 'staff', id: staff.userId }, now);
  }
  if (!order.paymentIntentId) throw new HttpError(502, ORDER_MESSAGES.refundFailed);
  const idempotencyKey = `refund-${order.id}`;
  const amountCents = await holdRefund(
    order,
    idempotencyKey,
    refundableCentsOf(order) - (order.refundedCents ?? 0),
    now,
  );
  if (amountCents === undefined) throw new HttpError(409, ORDER_MESSAGES.changedMeanwhile);
  if (amountCents === 0) return;
  let refunded;
  try {
    refunded = await stripeClient().refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: amountCents,
        metadata: { orderId: order.id, orderNumber: order.orderNumber },
      },
      { idempotencyKey },
    );
  } catch (error) {
    logger.error('The payment provider refused the refund', { error: error as Error, orderId: order.id });
    throw new HttpError(502, ORDER_MESSAGES.refundFailed);
  }
  // After the provider answered, so the history lists the refund after the cancel.
  await recordRefund(
    order,
    { amountCents: refunded.amount, refundId: refunded.id },
    { kind: 'staff', id: staff.userId },
    new Date(),
  );
}

/** POST /api/admin/orders/{orderId}/transitions: ship, deliver or cancel, or 409 with the reason the table gives. */
export const transitionOrder = httpHandler(async (event) => {
  const staff = requireAdmin(event);
  const request = parseBody(event, orderTransitionRequestSchema);
  const { order } = await orderOfPath(event);
  const decision = decideStaffTransition(order, request.action);
  if (!decision.ok) throw new HttpError(409, decision.reason);
  const now = new Date();
  let current = order;
  if (decision.from !== decision.to) {
    const { entry, effect } = ORDER_LIFECYCLE.move(order.status, request.action, {
      at: now.toISOString(),
      by: { kind: 'staff', id: staff.userId },
      input: request,
    });
    // Every status a staff action enters has its entry hook (ORDER_LIFECYCLE).
    const { set, event } = effect!;
    const note = entry.note;
    const changed = await changeOrder(
      order,
      {
        set: { ...set, status: entry.to },
        expect: { status: [order.status], paymentStatus: [order.paymentStatus] },
        history: { at: entry.at, event, actor: entry.by, note },
      },
      now,
      {
        events: (next) => [
          outboxEvent(OrderStatusChanged, {
            ...orderSnapshotOf(next),
            from: decision.from,
            to: decision.to,
            paymentStatus: next.paymentStatus,
            shipment: next.shipment,
            changedBy: { kind: 'staff', id: staff.userId },
            changedAt: now.toISOString(),
            note: note ?? '',
          }),
        ],
      },
    );
    if (!changed) throw new HttpError(409, ORDER_MESSAGES.changedMeanwhile);
    current = changed;
  }
  // Nobody should pay a cancelled order: its payment page closes (a payment that still gets through is flagged).
  if (request.action === 'cancel' && current.paymentStatus === 'pending' && current.checkoutSessionId) {
    await expireCheckoutSession(current.checkoutSessionId, current.id);
  }
  if (decision.refund) await refund(current, staff, now);
  return json(200, await detailOf(order.id));
});

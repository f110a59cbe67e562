/**
 * Moving one order along the transition table (staff): one conditional transaction with its history
 * entry and OrderStatusChanged (order-moves.ts); cancelling closes its payment page, and a paid
 * order is refunded at the payment provider.
 */
import { dutyOfOrderAction } from '#domain/staff/roles';
import { decideStaffTransition } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES, orderTransitionRequestSchema } from '#domain/orders/order';
import { requireDuty, staffCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { expireCheckoutSession } from './checkout-session';
import { moveOrder } from './order-moves';
import { refundCancelledOrder } from './refunds';
import { detailOf, orderOfPath } from './admin-order-detail';

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

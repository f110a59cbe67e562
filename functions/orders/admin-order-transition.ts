/**
 * Moving one order, or one of its lines, along its transition table (staff): one conditional
 * transaction with its history entry and event (order-moves.ts, changeOrderLine); cancelling closes
 * its payment page, and a paid order or line is refunded at the payment provider.
 */
import { dutyOfLineAction, dutyOfOrderAction } from '#domain/staff/roles';
import { decideStaffTransition } from '#domain/orders/lifecycle';
import {
  decideLineTransition,
  LINE_LIFECYCLE,
  LINE_MESSAGES,
  lineMoveNote,
  lineTransitionRequestSchema,
} from '#domain/orders/line-status';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { orderTransitionRequestSchema } from '#domain/orders/requests';
import { OrderLineChanged } from '#events/orders';
import { requireDuty, staffCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { expireCheckoutSession } from './checkout-session';
import { moveOrder } from './order-moves';
import { changeOrderLine } from './order-change-store';
import { giveBackCancelledLine, refundCancelledOrder } from './refunds';
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
      {
        events: (moved) => [
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
        audit: { staffId: staff.userId, action: request.action },
      },
    );
    if (!changed) throw new HttpError(409, LINE_MESSAGES.changedMeanwhile);
    line = changed;
  }
  if (decision.giveBack !== 'none')
    await giveBackCancelledLine(order, line, decision.giveBack, decision.amountCents, actor, now);
  return json(200, await detailOf(order.id));
});

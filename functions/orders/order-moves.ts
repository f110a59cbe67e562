/**
 * Moving an order along its lifecycle (ORDER_LIFECYCLE): the move taken on the state machine, made
 * to stick by one conditional write on the status and payment status it was decided from, with its
 * history entry and OrderStatusChanged in the same transaction (the event outbox), and a staff
 * member's move with its audit log entry. Staff's moves, one order or a batch, and the customer's
 * cancel all go through it.
 */
import { ORDER_LIFECYCLE, type OrderMoveInputs } from '#domain/orders/lifecycle';
import type { OrderHistoryEntry } from '#domain/orders/order';
import { OrderStatusChanged } from '#events/orders';
import { outboxEvent } from '../lib/event-outbox';
import { orderSnapshotOf } from './order-events';
import { changeOrder } from './order-change-store';
import { type StoredOrder } from './order-store';

/**
 * Takes `transition` from the order's status (the caller decided it may: decideStaffTransition,
 * decideCustomerCancel). Answers the order as changed, or undefined when the order no longer has
 * the statuses the move was decided from (another staff member, the customer or the payment
 * provider was first): nothing is then written or published.
 */
export async function moveOrder<Name extends keyof OrderMoveInputs>(
  order: StoredOrder,
  transition: Name,
  input: OrderMoveInputs[Name],
  actor: OrderHistoryEntry['actor'],
  now: Date,
): Promise<StoredOrder | undefined> {
  const at = now.toISOString();
  const { entry, effect } = ORDER_LIFECYCLE.move(order.status, transition as keyof OrderMoveInputs, {
    at,
    by: actor,
    input: input as never,
  });
  // Every status a staff or customer move enters has its entry hook (ORDER_LIFECYCLE).
  const { set, event } = effect!;
  const note = entry.note;
  return changeOrder(
    order,
    {
      set: { ...set, status: entry.to },
      expect: { status: [order.status], paymentStatus: [order.paymentStatus] },
      history: { at, event, actor, note },
    },
    now,
    {
      events: (next) => [
        outboxEvent(OrderStatusChanged, {
          ...orderSnapshotOf(next),
          from: entry.from,
          to: entry.to,
          paymentStatus: next.paymentStatus,
          shipment: next.shipment,
          changedBy: actor,
          changedAt: at,
          note: note ?? '',
        }),
      ],
      ...(actor.kind === 'staff' && actor.id ? { audit: { staffId: actor.id, action: transition } } : {}),
    },
  );
}

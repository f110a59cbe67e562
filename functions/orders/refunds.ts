/**
 * Recording a refund: whichever comes first of the staff cancel that made it and the provider's
 * charge.refunded webhook marks the payment refunded, once (the condition on the paid or flagged
 * payment), with OrderRefunded in the same transaction (the event outbox); the later one changes nothing.
 */
import type { OrderHistoryEntry } from '#domain/orders/order';
import { formatCents } from '#domain/pricing/money';
import { OrderRefunded } from '#events/catalog';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { changeOrder, type StoredOrder } from './order-store';

export async function recordRefund(
  order: StoredOrder,
  refund: { amountCents: number; refundId?: string },
  actor: OrderHistoryEntry['actor'],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await changeOrder(
    order,
    {
      // A refund recorded here is the whole payment's: the figure the provider's charge.refunded will report.
      set: {
        paymentStatus: 'refunded',
        refundedAt: at,
        amountRefundedCents: order.amountPaidCents,
        ...(refund.refundId ? { refundId: refund.refundId } : {}),
      },
      expect: { paymentStatus: ['paid', 'flagged'] },
      history: { at, event: 'refunded', actor, note: `Refunded ${formatCents(refund.amountCents)}` },
    },
    now,
    { events: (changed) => [refundedEvent(changed, refund, at)] },
  );
}

/** OrderRefunded for an order whose payment a change marks refunded (here, or by the payment webhook). */
export function refundedEvent(changed: StoredOrder, refund: { amountCents: number }, at: string): OutboxEvent {
  return outboxEvent(OrderRefunded, {
    orderId: changed.id,
    orderNumber: changed.orderNumber,
    clientId: changed.clientId,
    customer: changed.customer,
    status: changed.status,
    amountRefundedCents: refund.amountCents,
    totals: changed.totals,
    refundedAt: at,
  });
}

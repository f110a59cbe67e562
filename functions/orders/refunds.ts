/**
 * The refund of a cancelled order (a staff cancel or the customer's own) or of one cancelled line,
 * and recording a refund:
 * whichever comes first of the cancel that made it and the provider's charge.refunded webhook marks
 * the payment refunded, once (the condition on the paid or flagged payment), with OrderRefunded in
 * the same transaction (the event outbox); the later one changes nothing.
 */
import type { AuditAction } from '#domain/audit/audit-entry';
import { refundableCentsOf } from '#domain/orders/lifecycle';
import { LINE_MESSAGES, type LineGiveBack } from '#domain/orders/line-status';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { OrderHistoryEntry, OrderLine } from '#domain/orders/order';
import { formatCents } from '#domain/pricing/money';
import { OrderRefunded } from '#events/orders';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { HttpError } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import { holdRefund } from './order-payment-store';
import { changeOrder, changeOrderLine } from './order-change-store';
import { type StoredOrder } from './order-store';

/**
 * Refunds what the cancelled order's payment took and no other refund holds (returns' refunds: the
 * order's refunds share one bound), held first, then at the payment provider (idempotent on the
 * order, so a retried cancel never refunds twice), then records it unless the provider's
 * charge.refunded webhook recorded it first. 502 when the provider refuses: the cancel stands and
 * a retry refunds. A staff cancel's refund is audited with its hold (or its record, when the
 * provider had refunded it already).
 */
export async function refundCancelledOrder(
  order: StoredOrder,
  actor: OrderHistoryEntry['actor'],
  now: Date,
): Promise<void> {
  // Refunded in full at the provider already (before the payment was recorded, say): only the record is left to make.
  const refundedBefore = order.amountRefundedCents ?? 0;
  const audit = actor.kind === 'staff' && actor.id ? { staffId: actor.id, action: 'refund' } : undefined;
  if (order.amountPaidCents !== null && refundedBefore >= order.amountPaidCents) {
    return recordRefund(order, { amountCents: refundedBefore }, actor, now, audit);
  }
  if (!order.paymentIntentId) throw new HttpError(502, ORDER_MESSAGES.refundFailed);
  const idempotencyKey = `refund-${order.id}`;
  const amountCents = await holdRefund(
    order,
    idempotencyKey,
    refundableCentsOf(order) - (order.refundedCents ?? 0),
    now,
    audit,
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
  await recordRefund(order, { amountCents: refunded.amount, refundId: refunded.id }, actor, new Date());
}

/**
 * Marks the order's payment refunded with its history entry and OrderRefunded, and `audit`'s entry
 * for a staff refund that no hold recorded (one the provider had made already).
 */
export async function recordRefund(
  order: StoredOrder,
  refund: { amountCents: number; refundId?: string },
  actor: OrderHistoryEntry['actor'],
  now: Date,
  audit?: Pick<AuditAction, 'staffId' | 'action'>,
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
    { events: (changed) => [refundedEvent(changed, refund, at)], ...(audit ? { audit } : {}) },
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

/**
 * Gives back a cancelled line's share (lineRefundCents): held first within what the order's payment
 * took (or its invoice bills), shared with every other refund of the order, under a key of its own
 * line; then refunded at the payment provider for a paid card order (the same key: a retried or
 * concurrent cancel of the line asks for the same refund, never a second); then recorded on the line
 * once, with the order's history entry. An order on invoice is credited there: only the hold and
 * the record are made. The payment's status is left to the provider's charge.refunded webhook,
 * which marks it refunded once the refunds reach the whole charge. 409 when the order has less left
 * to give back; 502 when the provider refuses (the line stays cancelled: Cancel line retries).
 * A staff cancel's give-back is audited with its hold.
 */
export async function giveBackCancelledLine(
  order: StoredOrder,
  line: OrderLine,
  giveBack: Exclude<LineGiveBack, 'none'>,
  amountCents: number,
  actor: OrderHistoryEntry['actor'],
  now: Date,
): Promise<void> {
  const idempotencyKey = `line-refund-${order.id}-${line.position}`;
  const audit =
    actor.kind === 'staff' && actor.id
      ? { staffId: actor.id, action: giveBack === 'refund' ? 'refundLine' : 'creditLine', linePosition: line.position }
      : undefined;
  const held = await holdRefund(order, idempotencyKey, amountCents, now, audit);
  if (held === undefined) throw new HttpError(409, ORDER_MESSAGES.changedMeanwhile);
  if (giveBack === 'refund') {
    if (!order.paymentIntentId) throw new HttpError(502, LINE_MESSAGES.refundFailed);
    try {
      await stripeClient().refunds.create(
        {
          payment_intent: order.paymentIntentId,
          amount: held,
          metadata: { orderId: order.id, orderNumber: order.orderNumber, linePosition: String(line.position) },
        },
        { idempotencyKey },
      );
    } catch (error) {
      logger.error('The payment provider refused the refund of a line', { error: error as Error, orderId: order.id });
      throw new HttpError(502, LINE_MESSAGES.refundFailed);
    }
  }
  const at = new Date();
  await changeOrderLine(
    order,
    {
      position: line.position,
      expect: { notRefunded: true },
      set: { refundedCents: held },
      history: {
        at: at.toISOString(),
        event: 'refunded',
        actor,
        note: `${giveBack === 'refund' ? 'Refunded' : 'Credited'} ${formatCents(held)} for line ${line.position} (${line.title})`,
      },
    },
    at,
  );
}

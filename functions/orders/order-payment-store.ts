/**
 * An order's payment in the table (see functions/lib/table/README.md): its hosted checkout session
 * and that session's look-up item, the lease and the end of the after-payment steps, and the
 * refunds held of its payment. The order itself: order-store.ts.
 */
import type { AuditAction } from '#domain/audit/audit-entry';
import { billedOnInvoice, refundableCentsOf } from '#domain/orders/lifecycle';
import type { OutboxEvent } from '../lib/event-outbox';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, tryConditional, updateItem } from '../lib/table/items';
import { orderKeys, orderRefundKeys } from '../lib/table/keys/orders';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { changeOrder } from './order-change-store';
import { checkoutSessionItem } from './order-lookup-store';
import { readOrderHeader, type StoredOrder } from './order-store';

/**
 * Records the order's hosted checkout session and its look-up item, unless another session was
 * recorded first (a concurrent retry of the placement): the session the order has is answered.
 */
export async function attachCheckoutSession(orderId: string, checkoutSessionId: string, now: Date): Promise<string> {
  const outcome = await transact({
    header: {
      Update: {
        Key: orderKeys(orderId),
        UpdateExpression: 'SET checkoutSessionId = :session, updatedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(checkoutSessionId) OR checkoutSessionId = :session)',
        ExpressionAttributeValues: { ':session': checkoutSessionId, ':now': now.toISOString() },
      },
    },
    lookUp: checkoutSessionItem(checkoutSessionId, orderId),
  });
  if (outcome.committed) return checkoutSessionId;
  const order = await readOrderHeader(orderId);
  if (!order?.checkoutSessionId) throw new TransactionCancelled(outcome.failed);
  return order.checkoutSessionId;
}

/**
 * Gives an order whose payment page ran out, or whose delayed payment failed, the new session made
 * for it (with its look-up item) in place of the one it had, its payment back to pending, with a
 * history entry: only if the order still has that session, waits for payment and has none
 * recorded. Answers whether this call made the change (a concurrent retry, a payment or a cancel
 * may have been first).
 */
export async function replaceCheckoutSession(
  order: StoredOrder,
  checkoutSessionId: string,
  now: Date,
): Promise<boolean> {
  const replaced = order.checkoutSessionId;
  const changed = await changeOrder(
    order,
    {
      set: { checkoutSessionId, paymentStatus: 'pending' },
      expect: { status: ['pending'], paymentStatus: ['expired', 'failed'] },
      unchanged: { checkoutSessionId: replaced, amountPaidCents: null },
      history: {
        at: now.toISOString(),
        event: 'checkoutReopened',
        actor: { kind: 'customer', id: order.clientId },
        note: `Checkout ${checkoutSessionId} in place of ${replaced} (${order.paymentStatus}).`,
      },
    },
    now,
    { items: [checkoutSessionItem(checkoutSessionId, order.id)] },
  );
  return changed !== undefined;
}

/**
 * Takes the after-payment steps of a paid order (or of an order placed on account, whose payment
 * status is `invoice` from the start) for this run until `leaseUntil`, if they are not done and
 * nobody holds them (a run that crashed midway lets its lease run out).
 */
export function claimAfterPayment(
  orderId: string,
  now: Date,
  leaseUntil: Date,
  paymentStatus: 'paid' | 'invoice' = 'paid',
): Promise<boolean> {
  return tryConditional(
    updateItem({
      Key: orderKeys(orderId),
      UpdateExpression: 'SET afterPaymentLeaseUntil = :until',
      ConditionExpression:
        'paymentStatus = :status AND attribute_not_exists(afterPaymentDoneAt) AND (attribute_not_exists(afterPaymentLeaseUntil) OR afterPaymentLeaseUntil < :now)',
      ExpressionAttributeValues: {
        ':status': paymentStatus,
        ':now': now.toISOString(),
        ':until': leaseUntil.toISOString(),
      },
    }),
  );
}

/**
 * The after-payment steps ran, with OrderPaid (outbox) in the same transaction (an order on account
 * has none: it is not paid), unless another delivery finished them first (the header's condition
 * failed: nothing to do); or they failed (`done` false gives the lease back so the provider's retry
 * can run them).
 */
export async function finishAfterPayment(
  orderId: string,
  outcome: { done: true; sampleRequestReference: string | null; paidEvent: OutboxEvent | null } | { done: false },
  now: Date,
): Promise<void> {
  if (!outcome.done) {
    await updateItem({ Key: orderKeys(orderId), UpdateExpression: 'REMOVE afterPaymentLeaseUntil' });
    return;
  }
  await transact(
    {
      header: {
        Update: {
          Key: orderKeys(orderId),
          UpdateExpression:
            'SET afterPaymentDoneAt = :now, sampleRequestReference = :reference REMOVE afterPaymentLeaseUntil',
          ConditionExpression: 'attribute_not_exists(afterPaymentDoneAt)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ':reference': outcome.sampleRequestReference },
        },
      },
    },
    { events: outcome.paidEvent ? [outcome.paidEvent] : [] },
  );
}

function refundAuditWrite(
  order: StoredOrder,
  amountCents: number,
  now: Date,
  { linePosition, ...audit }: Pick<AuditAction, 'staffId' | 'action'> & { linePosition?: number },
): WriteItem | null {
  const amountField = linePosition === undefined ? 'refundCents' : `line${linePosition}RefundCents`;
  return auditEntryWrite({
    ...audit,
    at: now.toISOString(),
    record: { kind: 'order', id: order.id, label: order.orderNumber },
    before: { [amountField]: null },
    after: { [amountField]: amountCents, paymentIntentId: order.paymentIntentId ?? null },
  });
}

/**
 * Holds `amountCents` of the order's payment for one refund before the payment provider is asked
 * for it, so that refunds on an order (a staff cancel's, returns') never add up to more than
 * refundableCentsOf, whatever the order of staff actions. One transaction puts the refund's item,
 * named by its idempotency key at the provider, and adds the amount to the header's `refundedCents`
 * on the condition that the sum stays within the bound (DynamoDB conditions have no arithmetic:
 * `refundedCents <= bound - amount`) and the payment is still one that can be refunded. Answers
 * the amount held: this one, or the one an earlier attempt of the same refund held (a retry asks
 * the provider again for that); undefined when the order has less left to refund. With `audit`
 * (a staff refund that no other staff change records), the hold's audit log entry commits with it,
 * naming the amount `refundCents`, or a cancelled line's `line<position>RefundCents`.
 */
export async function holdRefund(
  order: StoredOrder,
  idempotencyKey: string,
  amountCents: number,
  now: Date,
  audit?: Pick<AuditAction, 'staffId' | 'action'> & { linePosition?: number },
): Promise<number | undefined> {
  const key = orderRefundKeys(order.id, idempotencyKey);
  const heldBefore = async () => (await getItem(key, { consistent: true }))?.amountCents as number | undefined;
  const earlier = await heldBefore();
  if (earlier !== undefined) return earlier;
  const ceiling = refundableCentsOf(order) - amountCents;
  if (amountCents < 0 || ceiling < 0) return undefined;
  const refundable = billedOnInvoice(order.paymentStatus) ? ['invoice', 'invoicePaid'] : ['paid', 'flagged'];
  const outcome = await transact({
    refund: {
      Put: {
        Item: { ...key, entity: 'orderRefund', idempotencyKey, amountCents, heldAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    header: {
      Update: {
        Key: orderKeys(order.id),
        UpdateExpression: 'ADD refundedCents :amount',
        ConditionExpression: `paymentStatus IN (${refundable.map((_, i) => `:p${i}`).join(', ')}) AND (attribute_not_exists(refundedCents) OR refundedCents <= :ceiling)`,
        ExpressionAttributeValues: {
          ':amount': amountCents,
          ':ceiling': ceiling,
          ...Object.fromEntries(refundable.map((status, i) => [`:p${i}`, status])),
        },
      },
    },
    audit: audit ? refundAuditWrite(order, amountCents, now, audit) : null,
  });
  if (outcome.committed) return amountCents;
  if (outcome.failed.has('refund')) return heldBefore();
  return undefined;
}

/**
 * The Stripe invoice of an order on account was paid (invoice.paid): its payment moves from
 * `invoice` to `invoicePaid` with a history entry naming the provider's event, once (conditioned on
 * `invoice`; a redelivery finds it moved and changes nothing). The order keeps its channel, so it
 * still reads as billed on account, and no OrderPaid is published: it was confirmed at placing.
 * Answers whether this call moved it.
 */
export async function recordOrderInvoicePaid(
  orderId: string,
  paid: { invoiceId: string; paidAt: string; eventId: string },
  now: Date,
): Promise<boolean> {
  const order = await readOrderHeader(orderId);
  if (order?.channel !== 'account' || order.paymentStatus !== 'invoice') return false;
  const changed = await changeOrder(
    order,
    {
      set: { paymentStatus: 'invoicePaid' },
      expect: { paymentStatus: ['invoice'] },
      history: {
        at: paid.paidAt,
        event: 'invoicePaid',
        actor: { kind: 'payment', id: paid.eventId },
        note: `Invoice ${paid.invoiceId} paid`,
      },
    },
    now,
  );
  return changed !== undefined;
}

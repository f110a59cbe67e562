/**
 * POST /api/payments/stripe-webhook (public, verified): the payment provider's events, the only way
 * an order becomes paid. The signature is checked on the raw body (base64-decoded when the gateway
 * encoded it); anything unsigned or forged is a 400 and changes nothing. Each change is a
 * conditional transaction on the order's statuses, so however many times and in whatever order an
 * event arrives, concurrently included, it takes effect once; a replayed or late event answers 200
 * and does nothing.
 */
import type Stripe from 'stripe';
import { paymentOutcome } from '../../domain/orders/lifecycle';
import type { PaymentStatus } from '../../domain/orders/order';
import { formatCents } from '../../domain/pricing/money';
import { OrderPaymentFailed, OrderPaymentFlagged } from '../../events/catalog';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient, stripeWebhookSecret } from '../lib/stripe';
import { completePaidOrder } from '../orders/after-payment';
import { recordRefund } from '../orders/refunds';
import { orderSnapshotOf } from '../orders/order-events';
import { changeOrder, readOrder, type StoredOrder } from '../orders/order-store';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';

function verifiedEvent(event: HttpEvent): Stripe.Event {
  const signature = event.headers['stripe-signature'];
  const rawBody = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (!signature || rawBody.length === 0) throw new HttpError(400, INVALID_SIGNATURE_MESSAGE);
  try {
    return stripeClient().webhooks.constructEvent(rawBody, signature, stripeWebhookSecret());
  } catch {
    throw new HttpError(400, INVALID_SIGNATURE_MESSAGE);
  }
}

async function orderOf(orderId: string | null | undefined, eventId: string): Promise<StoredOrder | undefined> {
  const found = orderId ? await readOrder(orderId) : undefined;
  if (!found) logger.warn('A payment event names no order of the shop', { eventId, orderId });
  return found?.order;
}

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);

/** Before payment: a pending order whose checkout did not take money (yet), or whose page expired or failed. */
const UNPAID: readonly PaymentStatus[] = ['pending', 'expired', 'failed'];

/**
 * A paid checkout session: the order total to the cent makes the order paid and processing; any
 * other amount, or money for an order staff cancelled meanwhile, is flagged for staff and never paid.
 */
async function settle(session: Stripe.Checkout.Session, eventId: string, now: Date): Promise<void> {
  const order = await orderOf(session.metadata?.orderId ?? session.client_reference_id, eventId);
  if (!order) return;
  const amountPaidCents = session.amount_total ?? 0;
  const at = now.toISOString();
  const payment = { amountPaidCents, paymentIntentId: idOf(session.payment_intent), checkoutSessionId: session.id };
  const actor = { kind: 'payment' as const, id: eventId };
  const cancelled = order.status === 'cancelled';
  // Money through a checkout page the order no longer uses (one closed at a later placement) is never taken silently.
  const foreignSession = order.checkoutSessionId !== null && order.checkoutSessionId !== session.id;
  if (!cancelled && !foreignSession && paymentOutcome(order.totals.totalCents, amountPaidCents) === 'paid') {
    await changeOrder(
      order,
      {
        set: { ...payment, status: 'processing', paymentStatus: 'paid', paidAt: at },
        expect: { status: ['pending'], paymentStatus: UNPAID },
        history: { at, event: 'paid', actor, note: null },
      },
      now,
    );
    // This delivery or a concurrent one made it paid: the steps run once, under the order's lease.
    await completePaidOrder(order.id, now);
    return;
  }
  const note = cancelled
    ? `Paid ${formatCents(amountPaidCents)} after the order was cancelled: refund it with Cancel.`
    : foreignSession
      ? `Paid ${formatCents(amountPaidCents)} through checkout ${session.id}, which this order no longer uses: check for a second payment.`
      : `Paid ${formatCents(amountPaidCents)}, but the order total is ${formatCents(order.totals.totalCents)}.`;
  await changeOrder(
    order,
    {
      set: { ...payment, paymentStatus: 'flagged' },
      expect: { status: [cancelled ? 'cancelled' : 'pending'], paymentStatus: UNPAID },
      history: { at, event: 'paymentFlagged', actor, note },
    },
    now,
    { events: (flagged) => [outboxEvent(OrderPaymentFlagged, { ...orderSnapshotOf(flagged), ...payment, flaggedAt: at })] },
  );
}

/** The checkout expired or its delayed payment failed: the order's payment says so, the cart stays as it was. */
async function endUnpaid(session: Stripe.Checkout.Session, reason: 'expired' | 'failed', eventId: string, now: Date): Promise<void> {
  const order = await orderOf(session.metadata?.orderId ?? session.client_reference_id, eventId);
  // A session the order no longer uses (a duplicate closed at placing) says nothing about the order's payment.
  if (!order || (order.checkoutSessionId !== null && order.checkoutSessionId !== session.id)) return;
  const at = now.toISOString();
  await changeOrder(
    order,
    {
      set: { paymentStatus: reason },
      expect: { paymentStatus: ['pending'] },
      history: { at, event: reason === 'expired' ? 'paymentExpired' : 'paymentFailed', actor: { kind: 'payment', id: eventId }, note: null },
    },
    now,
    {
      events: (changed) => [
        outboxEvent(OrderPaymentFailed, {
          orderId: changed.id,
          orderNumber: changed.orderNumber,
          clientId: changed.clientId,
          customer: changed.customer,
          reason,
          checkoutSessionId: session.id,
          totals: changed.totals,
          at,
        }),
      ],
    },
  );
}

/**
 * The charge was refunded in full (a staff cancel, or a refund made at the provider): the payment
 * is refunded, once. A partial refund changes no status; staff handle it at the provider.
 */
async function refunded(charge: Stripe.Charge, eventId: string, now: Date): Promise<void> {
  if (!charge.refunded) return;
  const paymentIntentId = idOf(charge.payment_intent);
  const orderId = charge.metadata?.orderId || (paymentIntentId ? (await stripeClient().paymentIntents.retrieve(paymentIntentId)).metadata?.orderId : undefined);
  const order = await orderOf(orderId, eventId);
  if (order) await recordRefund(order, { amountCents: charge.amount_refunded }, { kind: 'payment', id: eventId }, now);
}

export const handler = httpHandler(async (event) => {
  const stripeEvent = verifiedEvent(event);
  const now = new Date();
  switch (stripeEvent.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // A completed session paid by a delayed method says `unpaid` until async_payment_succeeded.
      if (stripeEvent.data.object.payment_status === 'paid') await settle(stripeEvent.data.object, stripeEvent.id, now);
      break;
    case 'checkout.session.expired':
      await endUnpaid(stripeEvent.data.object, 'expired', stripeEvent.id, now);
      break;
    case 'checkout.session.async_payment_failed':
      await endUnpaid(stripeEvent.data.object, 'failed', stripeEvent.id, now);
      break;
    case 'charge.refunded':
      await refunded(stripeEvent.data.object, stripeEvent.id, now);
      break;
    default:
      break;
  }
  return json(200, { received: true });
});

/**
 * POST /api/payments/stripe-webhook (public, verified): the payment provider's events, the only way
 * an order becomes paid. The signature is checked on the raw body (base64-decoded when the gateway
 * encoded it); anything unsigned or forged is a 400 and changes nothing. What an event says (a
 * payment, a checkout that ended unpaid, a refund) is recorded on the order, and its payment status
 * decided from everything recorded (decidePaymentStatus), in one transaction conditioned on what the
 * decision was made from: however many times and in whatever order events arrive, concurrently
 * included, each takes effect once and the outcome is the same; a replayed or late event answers
 * 200 and does nothing. A sample request's payment page (metadata `sampleReference`) is recorded on
 * the request (functions/samples/sample-payment.ts). An account invoice's invoice.paid is recorded on the invoice the same way
 * (functions/account-invoices/invoice-paid.ts).
 */
import type Stripe from 'stripe';
import {
  decidePaymentStatus,
  paymentPageEnded,
  type PaymentDecision,
  type PaymentRecord,
} from '#domain/orders/lifecycle';
import type { HistoryEvent } from '#domain/orders/order';
import type { PaymentStatus } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import { OPERATIONAL_METRICS } from '#events/business-metrics';
import { OrderPaymentFailed, OrderPaymentFlagged } from '#events/orders';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { stripeClient, stripeWebhookSecret } from '../lib/stripe';
import { recordInvoicePaid } from '../account-invoices/invoice-paid';
import { recordSamplePayment, recordSamplePaymentEnded, sampleReferenceOf } from '../samples/sample-payment';
import { completePaidOrder } from '../orders/after-payment';
import { refundedEvent } from '../orders/refunds';
import { orderSnapshotOf } from '../orders/order-events';
import { changeOrder } from '../orders/order-change-store';
import { readOrder, type StoredOrder } from '../orders/order-store';
import { promotionPaid, promotionRelease, promotionRetake } from '../promotions/promotion-store';
import { TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { getInstallation, releaseVisitWrites } from '../appointments/installation-store';

export const INVALID_SIGNATURE_MESSAGE = 'Invalid signature';

function verifiedEvent(event: HttpEvent): Stripe.Event {
  const signature = event.headers['stripe-signature'];
  const rawBody = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  try {
    if (!signature || rawBody.length === 0) throw new Error('unsigned');
    return stripeClient().webhooks.constructEvent(rawBody, signature, stripeWebhookSecret());
  } catch {
    // Many in a row: a rotated signing secret not yet deployed, or someone probing the endpoint.
    countMetric(OPERATIONAL_METRICS.paymentWebhookRefused);
    throw new HttpError(400, INVALID_SIGNATURE_MESSAGE);
  }
}

async function orderOf(orderId: string | null | undefined, eventId: string): Promise<StoredOrder | undefined> {
  const found = orderId ? await readOrder(orderId) : undefined;
  if (!found) logger.warn('A payment event names no order of the shop', { eventId, orderId });
  return found?.order;
}

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

/** What one event says about an order's payment. */
type PaymentNews =
  | { kind: 'payment'; checkoutSessionId: string; amountPaidCents: number; paymentIntentId: string | null }
  | { kind: 'checkoutEnded'; checkoutSessionId: string; reason: 'expired' | 'failed' }
  /** The charge's refunded amount so far (the provider reports the running total). */
  | { kind: 'refund'; amountRefundedCents: number };

function paymentRecordOf(order: StoredOrder): PaymentRecord {
  return {
    totalCents: order.totals.totalCents,
    amountPaidCents: order.amountPaidCents,
    paymentCheckoutSessionId: order.paymentCheckoutSessionId,
    checkoutSessionId: order.checkoutSessionId,
    amountRefundedCents: order.amountRefundedCents ?? 0,
    checkoutEnded: paymentPageEnded(order.paymentStatus),
    cancelled: order.status === 'cancelled',
    paid: order.paidAt !== null,
  };
}

const HISTORY_EVENTS: Record<PaymentDecision['paymentStatus'], HistoryEvent | null> = {
  pending: null,
  paid: 'paid',
  flagged: 'paymentFlagged',
  failed: 'paymentFailed',
  expired: 'paymentExpired',
  refunded: 'refunded',
};

/**
 * Records the news on the order as read, if it is news, with the payment status decided from
 * everything then recorded. Answers false when the order changed since it was read (another
 * event, a staff action), so the caller reads it again and decides again.
 */
async function recordOn(order: StoredOrder, news: PaymentNews, eventId: string, now: Date): Promise<boolean> {
  // A punch-out order is paid on invoice: no card payment event is about it.
  if (order.channel !== 'card') return true;
  let set: Partial<StoredOrder>;
  let checkoutEnded = paymentRecordOf(order).checkoutEnded;
  switch (news.kind) {
    case 'payment':
      // A payment is recorded once; a repeated delivery may still find the paid order's steps to run.
      if (order.amountPaidCents !== null) {
        if (order.paymentStatus === 'paid') await completePaidOrder(order.id, now);
        return true;
      }
      set = {
        amountPaidCents: news.amountPaidCents,
        paymentIntentId: news.paymentIntentId,
        paymentCheckoutSessionId: news.checkoutSessionId,
        checkoutSessionId: order.checkoutSessionId ?? news.checkoutSessionId,
      };
      break;
    case 'checkoutEnded':
      // Only the page the order uses says anything about its payment, and only before one came.
      if (
        order.amountPaidCents !== null ||
        (order.checkoutSessionId !== null && order.checkoutSessionId !== news.checkoutSessionId)
      )
        return true;
      set = {};
      checkoutEnded = news.reason;
      break;
    case 'refund':
      if (news.amountRefundedCents <= (order.amountRefundedCents ?? 0)) return true;
      set = { amountRefundedCents: news.amountRefundedCents };
      break;
  }
  const recorded = { ...order, ...set };
  const decision = decidePaymentStatus({ ...paymentRecordOf(recorded), checkoutEnded });
  const moves = decision.paymentStatus !== order.paymentStatus;
  if (!moves && Object.keys(set).length === 0) return true;

  const at = now.toISOString();
  const becomesPaid = moves && decision.paymentStatus === 'paid';
  const refundedNow = moves && decision.paymentStatus === 'refunded';
  const amountRefundedCents = recorded.amountRefundedCents ?? 0;
  const event = HISTORY_EVENTS[decision.paymentStatus];
  // What the move reports, committed with it (the event outbox); a payment's own steps and OrderPaid follow below.
  const eventsOf = (changed: StoredOrder): OutboxEvent[] => {
    if (!moves) return [];
    if (decision.paymentStatus === 'flagged' && news.kind === 'payment') {
      const { amountPaidCents, paymentIntentId, checkoutSessionId } = news;
      return [
        outboxEvent(OrderPaymentFlagged, {
          ...orderSnapshotOf(changed),
          checkoutSessionId,
          paymentIntentId,
          amountPaidCents,
          flaggedAt: at,
        }),
      ];
    }
    if (
      (decision.paymentStatus === 'expired' || decision.paymentStatus === 'failed') &&
      news.kind === 'checkoutEnded'
    ) {
      return [
        outboxEvent(OrderPaymentFailed, {
          orderId: changed.id,
          orderNumber: changed.orderNumber,
          clientId: changed.clientId,
          customer: changed.customer,
          reason: news.reason,
          checkoutSessionId: news.checkoutSessionId,
          totals: changed.totals,
          at,
        }),
      ];
    }
    return decision.paymentStatus === 'refunded'
      ? [refundedEvent(changed, { amountCents: amountRefundedCents }, at)]
      : [];
  };
  const changed = await changeOrder(
    order,
    {
      set: {
        ...set,
        paymentStatus: decision.paymentStatus,
        ...(becomesPaid ? { status: 'processing', paidAt: at } : {}),
        ...(refundedNow ? { refundedAt: at } : {}),
      },
      expect: { status: [order.status], paymentStatus: [order.paymentStatus] },
      unchanged: { amountPaidCents: order.amountPaidCents, amountRefundedCents: order.amountRefundedCents },
      history:
        moves && event
          ? {
              at,
              event,
              actor: { kind: 'payment', id: eventId },
              note: refundedNow ? `Refunded ${formatCents(amountRefundedCents)}` : decision.reason,
            }
          : null,
    },
    now,
    {
      events: eventsOf,
      items: [
        ...promotionWrites(order, decision.paymentStatus, recorded.amountPaidCents),
        ...(await installationWrites(order, decision.paymentStatus, at)),
      ],
    },
  ).catch((error: unknown) => {
    // The visit changed since it was read (staff moved it): read both again and decide again.
    if (error instanceof TransactionCancelled && error.reasonOf('items') !== undefined) return undefined;
    throw error;
  });
  if (!changed) return false;
  if (moves && decision.paymentStatus === 'paid') await completePaidOrder(order.id, now);
  return true;
}

/**
 * What a move of the order's payment does to its promotion (decision 0053): a use is held while the
 * payment page is open; a page that ends unpaid gives it back; a payment counts the revenue, and
 * takes the use again if the page had ended first (the money is in: the discount is honoured).
 */
function promotionWrites(
  order: StoredOrder,
  paymentStatus: PaymentStatus,
  amountPaidCents: number | null,
): WriteItem[] {
  if (!order.promotionId || paymentStatus === order.paymentStatus) return [];
  const held = order.paymentStatus === 'pending';
  if (paymentPageEnded(paymentStatus) && held) return promotionRelease(order.promotionId, order.clientId);
  if (paymentStatus !== 'paid') return [];
  const paid = promotionPaid(order.promotionId, amountPaidCents ?? 0);
  return paymentPageEnded(order.paymentStatus) ? [paid, ...promotionRetake(order.promotionId, order.clientId)] : [paid];
}

/**
 * What a move of the order's payment does to its installation visit: a window held while the payment
 * page is open is given back when the page ends unpaid (the visit waits unscheduled; placing again
 * makes a new order, which takes a window afresh). A payment after that finds it unscheduled, and the
 * confirmation's link lets the customer choose a date.
 */
async function installationWrites(order: StoredOrder, paymentStatus: PaymentStatus, at: string): Promise<WriteItem[]> {
  if (!order.installation || order.paymentStatus !== 'pending' || !paymentPageEnded(paymentStatus)) return [];
  const installation = await getInstallation(order.id);
  return installation ? releaseVisitWrites(installation, at) : [];
}

/** Reads of the order a piece of news may take: each further read follows a concurrent change of its payment. */
const RECORD_ATTEMPTS = 5;

/** Records what an event says on the order it names (an event naming none of the shop's orders changes nothing). */
async function record(
  orderId: string | null | undefined,
  news: PaymentNews,
  eventId: string,
  now: Date,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const order = await orderOf(orderId, eventId);
    if (!order || (await recordOn(order, news, eventId, now))) return;
    // Answered with a 500, the provider delivers the event again later.
    if (attempt === RECORD_ATTEMPTS)
      throw new Error(`Order ${order.id} kept changing while event ${eventId} was recorded`);
  }
}

const orderIdOfSession = (session: Stripe.Checkout.Session) => session.metadata?.orderId ?? session.client_reference_id;

/** The charge's refunds so far, partial ones too: a refund reported before the payment must still count when the payment comes. */
async function refunded(charge: Stripe.Charge, eventId: string, now: Date): Promise<void> {
  const paymentIntentId = idOf(charge.payment_intent);
  const orderId =
    charge.metadata?.orderId ||
    (paymentIntentId ? (await stripeClient().paymentIntents.retrieve(paymentIntentId)).metadata?.orderId : undefined);
  await record(orderId, { kind: 'refund', amountRefundedCents: charge.amount_refunded }, eventId, now);
}

export const receiveStripeEvent = httpHandler(async (event) => {
  const stripeEvent = verifiedEvent(event);
  const now = new Date();
  switch (stripeEvent.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = stripeEvent.data.object;
      // A completed session paid by a delayed method says `unpaid` until async_payment_succeeded; a setup page charges nothing.
      if (session.payment_status !== 'paid') break;
      const sampleReference = sampleReferenceOf(session);
      if (sampleReference) {
        await recordSamplePayment(sampleReference, session, stripeEvent.id, now);
        break;
      }
      const news = {
        kind: 'payment',
        checkoutSessionId: session.id,
        amountPaidCents: session.amount_total ?? 0,
        paymentIntentId: idOf(session.payment_intent),
      } as const;
      await record(orderIdOfSession(session), news, stripeEvent.id, now);
      break;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = stripeEvent.data.object;
      // A setup page (saving a card, Payment Methods) belongs to no order.
      if (session.mode === 'setup') break;
      const sampleReference = sampleReferenceOf(session);
      if (sampleReference) {
        await recordSamplePaymentEnded(sampleReference, session, now);
        break;
      }
      const reason = stripeEvent.type === 'checkout.session.expired' ? 'expired' : 'failed';
      await record(
        orderIdOfSession(session),
        { kind: 'checkoutEnded', checkoutSessionId: session.id, reason },
        stripeEvent.id,
        now,
      );
      break;
    }
    case 'charge.refunded':
      await refunded(stripeEvent.data.object, stripeEvent.id, now);
      break;
    case 'invoice.paid':
      await recordInvoicePaid(stripeEvent.data.object, stripeEvent.id, now);
      break;
    default:
      break;
  }
  return json(200, { received: true });
});

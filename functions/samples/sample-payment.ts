/**
 * A sample request's $15 sample shipping, paid by card on the hosted payment page before the
 * request is accepted (issue 29): the page is made for exactly the flat shipping, and the verified
 * webhook moves the request from awaitingPayment to requested once, whatever the number and order of
 * its deliveries, by a condition on the status the move was decided from, with SampleRequestSubmitted
 * (the mails) committed with it.
 */
import type Stripe from 'stripe';
import { SAMPLE_REQUEST_MESSAGES, SAMPLE_SHIPPING_CENTS } from '#domain/samples/messages';
import { SAMPLE_REQUEST_LIFECYCLE } from '#domain/samples/lifecycle';
import type { SampleRequest } from '#domain/samples/sample';
import { SampleRequestSubmitted } from '#events/samples';
import { config } from '../lib/config';
import { outboxEvent } from '../lib/event-outbox';
import { HttpError } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import {
  attachSampleCheckout,
  changeSampleRequest,
  readSampleRequest,
  removeRequestedSamples,
  type StoredSampleRequest,
} from './sample-store';

/** The metadata key that tells the webhook a checkout session pays a sample request, not an order. */
export const SAMPLE_REFERENCE_METADATA = 'sampleReference';

/** Stripe's shortest session life, and a minute for the trip there (as an order's page). */
const SESSION_LIFETIME_SECONDS = 31 * 60;

/** Where the shopper pays the request's sample shipping: a hosted page made once per request. */
export async function openSamplePayment(request: SampleRequest, now: Date): Promise<string> {
  const site = config().SITE_URL.replace(/\/$/, '');
  const stripe = stripeClient();
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: SAMPLE_SHIPPING_CENTS,
              product_data: {
                name: 'Sample shipping',
                description: `Sample request ${request.reference}: ${request.samples.length} ${request.samples.length === 1 ? 'sample' : 'samples'}`,
              },
            },
          },
        ],
        metadata: { [SAMPLE_REFERENCE_METADATA]: request.reference },
        payment_intent_data: {
          metadata: { [SAMPLE_REFERENCE_METADATA]: request.reference },
          description: `Sample request ${request.reference}`,
        },
        customer_email: request.email,
        success_url: `${site}/cart?sampleRequest=${encodeURIComponent(request.reference)}`,
        cancel_url: `${site}/cart`,
        expires_at: Math.ceil(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS,
      },
      { idempotencyKey: `sample-request-${request.id}-session` },
    );
  } catch (error) {
    logger.error('The payment provider refused a sample request session', {
      error: error as Error,
      reference: request.reference,
    });
    throw new HttpError(502, SAMPLE_REQUEST_MESSAGES.paymentFailed);
  }
  await attachSampleCheckout(request, session.id);
  return session.url!;
}

/** Reads of the request a payment may take: each further read follows a concurrent change. */
const RECORD_ATTEMPTS = 3;

/** Whether a checkout session pays a sample request (its reference), else null. */
export function sampleReferenceOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.[SAMPLE_REFERENCE_METADATA] ?? null;
}

/**
 * A completed and paid session of a sample request: the request is accepted once, and its samples
 * leave the shopper's sample cart. A repeated or late delivery finds it moved on and changes nothing.
 */
export async function recordSamplePayment(
  reference: string,
  session: Stripe.Checkout.Session,
  eventId: string,
  now: Date,
): Promise<void> {
  for (let attempt = 1; attempt <= RECORD_ATTEMPTS; attempt += 1) {
    const request = await readSampleRequest(reference);
    if (!request) {
      logger.warn('A payment event names no sample request of the shop', { eventId, reference });
      return;
    }
    if (request.status !== 'awaitingPayment') return;
    const at = now.toISOString();
    const move = SAMPLE_REQUEST_LIFECYCLE.move(request.status, 'pay', {
      at,
      by: 'payment',
      input: {
        checkoutSessionId: session.id,
        paymentIntentId:
          typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
        amountPaidCents: session.amount_total ?? 0,
      },
    });
    const next: StoredSampleRequest = {
      ...request,
      ...move.effect!.set,
      status: move.to,
      history: [...(request.history ?? []), move.entry],
      updatedAt: at,
    };
    const { name, email, phone, address1, address2, city, state, zipCode } = request;
    const accepted = outboxEvent(SampleRequestSubmitted, {
      requestId: request.id,
      reference,
      submittedAt: at,
      shopper: { name, email, phone, address1, address2, city, state, zipCode },
      samples: request.samples.map(({ productName, color, material }) => ({ productName, color, material })),
    });
    if (await changeSampleRequest(request, next, [accepted])) {
      if (request.sessionId) await removeRequestedSamples(request.sessionId, request.samples, now);
      return;
    }
  }
  throw new Error(`Sample request ${reference} kept changing while event ${eventId} was recorded`);
}

/** The request's payment page ran out (or its payment failed): the request ends, its samples stay in the cart. */
export async function recordSamplePaymentEnded(
  reference: string,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<void> {
  const request = await readSampleRequest(reference);
  if (!request || request.status !== 'awaitingPayment' || request.checkoutSessionId !== session.id) return;
  const at = now.toISOString();
  const move = SAMPLE_REQUEST_LIFECYCLE.move(request.status, 'expire', { at, by: 'payment' });
  // A payment recorded meanwhile wins: the condition on awaitingPayment refuses this move.
  await changeSampleRequest(
    request,
    { ...request, status: move.to, history: [...(request.history ?? []), move.entry], updatedAt: at },
    [],
  );
}

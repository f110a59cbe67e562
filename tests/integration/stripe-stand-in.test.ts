import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient, stripeWebhookSecret } from '../../functions/lib/stripe';
import type { EventRecord } from '../../infra/local/stripe/objects';
import { localTools } from '../support/local-tools';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

/** The handlers' adapter, configured as the local stack configures the handlers. */
let stripe: Stripe;

beforeAll(() => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
  ]) {
    process.env[name] = env[name];
  }
  resetConfigCache();
  stripe = stripeClient();
});

/** The session the shop creates for an order: its lines, then tax and shipping as lines of their own. */
function orderSession(orderId = crypto.randomUUID()): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        price_data: {
          currency: 'usd',
          unit_amount: 12_345,
          product_data: { name: 'Faux Wood Blinds, 2" slats, 35 1/2 × 60 in (Kitchen)' },
        },
        quantity: 2,
      },
      { price_data: { currency: 'usd', unit_amount: 1_975, product_data: { name: 'Sales tax (8%)' } }, quantity: 1 },
      { price_data: { currency: 'usd', unit_amount: 1_500, product_data: { name: 'Sample shipping' } }, quantity: 1 },
    ],
    client_reference_id: orderId,
    metadata: { orderId },
    customer_email: 'ann@example.com',
    success_url: `${baseUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${baseUrl}/checkout/cancel`,
    expires_at: Math.floor(Date.now() / 1000) + 30 * 60,
  };
}

const ORDER_TOTAL = 2 * 12_345 + 1_975 + 1_500;

async function control(path: string, body: unknown = {}): Promise<Response> {
  return localTools(baseUrl, `/stripe${path}`, { method: 'POST', body: JSON.stringify(body) });
}

async function eventsFor(objectId: string, type: string): Promise<EventRecord[]> {
  const answer = await localTools(baseUrl, `/stripe/events?object=${objectId}&type=${type}`);
  return ((await answer.json()) as { data: EventRecord[] }).data;
}

/** The event once the stand-in has tried to deliver it at least once. */
async function deliveredEvent(objectId: string, type: string): Promise<EventRecord> {
  let found: EventRecord | undefined;
  await expect
    .poll(
      async () => {
        [found] = await eventsFor(objectId, type);
        return found?.deliveries.length ?? 0;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  return found!;
}

/** What the shop's webhook handler does with a delivery: verify the raw body against the header. */
function verify(attempt: EventRecord['deliveries'][number]): Stripe.Event {
  return stripe.webhooks.constructEvent(
    attempt.request.body,
    attempt.request.headers['stripe-signature']!,
    stripeWebhookSecret(),
  );
}

describe('the local Stripe stand-in, through the stripe SDK', () => {
  it('creates a Checkout Session for an order and answers it again by id, with its line items', async () => {
    const params = orderSession();
    const session = await stripe.checkout.sessions.create(params);

    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      currency: 'usd',
      amount_subtotal: ORDER_TOTAL,
      amount_total: ORDER_TOTAL,
      client_reference_id: params.client_reference_id,
      metadata: params.metadata,
      customer_email: 'ann@example.com',
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      expires_at: params.expires_at,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session.url).toBe(`${baseUrl}/_local/stripe/checkout/${session.id}`);

    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'payment_intent'] });
    expect(again).toMatchObject({ id: session.id, status: 'open', amount_total: ORDER_TOTAL, payment_intent: null });
    expect(again.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ['Faux Wood Blinds, 2" slats, 35 1/2 × 60 in (Kitchen)', 2, 24_690],
      ['Sales tax (8%)', 1, 1_975],
      ['Sample shipping', 1, 1_500],
    ]);
  });

  it('answers the same session for the same idempotency key and body, and refuses the key with another body', async () => {
    const params = orderSession();
    const idempotencyKey = `order-${params.client_reference_id}`;
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey });
    const replay = await stripe.checkout.sessions.create(params, { idempotencyKey });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');

    await expect(
      stripe.checkout.sessions.create({ ...params, customer_email: 'bob@example.com' }, { idempotencyKey }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
    const other = await stripe.checkout.sessions.create(params, { idempotencyKey: `${idempotencyKey}-other` });
    expect(other.id).not.toBe(first.id);
  });

  it('refuses a wrong secret key with 401', async () => {
    const { port } = new URL(baseUrl);
    const stranger = new Stripe('sk_test_local_not_the_key', {
      host: 'localhost',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(stranger.checkout.sessions.create(orderSession())).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
  });

  it("answers a bad request with Stripe's error shape naming the parameter, and an unknown session with 404", async () => {
    const params = orderSession();
    const withoutQuantity = { ...params, line_items: [{ price_data: params.line_items![0]!.price_data }] };
    await expect(stripe.checkout.sessions.create(withoutQuantity)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'parameter_missing',
      param: 'line_items[0][quantity]',
    });
    await expect(stripe.checkout.sessions.create({ ...params, success_url: 'not a url' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'success_url',
    });
    await expect(stripe.checkout.sessions.retrieve('cs_test_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('expires an open session through the API, once, and sends checkout.session.expired', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', payment_status: 'unpaid' });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });

    const record = await deliveredEvent(session.id, 'checkout.session.expired');
    const event = verify(record.deliveries[0]!);
    expect(event).toMatchObject({
      type: 'checkout.session.expired',
      data: { object: { id: session.id, status: 'expired' } },
    });
  });
});

describe('paying and the signed checkout.session.completed', () => {
  it('completes a session paid with 4242 and delivers a completed event that constructEvent verifies', async () => {
    const params = orderSession();
    const session = await stripe.checkout.sessions.create(params);
    const paid = await control(`/sessions/${session.id}/pay`, {
      card: '4242 4242 4242 4242',
      email: 'ann@example.com',
      name: 'Ann Lee',
    });
    expect(paid.status).toBe(200);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent.latest_charge'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: ORDER_TOTAL });
    const paymentIntent = completed.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: ORDER_TOTAL,
      amount_received: ORDER_TOTAL,
    });
    expect(paymentIntent.id).toMatch(/^pi_\w+$/);
    expect(paymentIntent.latest_charge).toMatchObject({
      object: 'charge',
      status: 'succeeded',
      paid: true,
      amount: ORDER_TOTAL,
      payment_intent: paymentIntent.id,
    });
    expect(await stripe.paymentIntents.retrieve(paymentIntent.id)).toMatchObject({
      id: paymentIntent.id,
      status: 'succeeded',
    });

    const record = await deliveredEvent(session.id, 'checkout.session.completed');
    const [attempt] = record.deliveries;
    expect(attempt!.request.url).toBe(`${baseUrl}/api/payments/stripe-webhook`);
    expect(attempt!.request.headers['content-type']).toBe('application/json; charset=utf-8');
    const event = verify(attempt!);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      api_version: '2026-10-28.endive',
      data: {
        object: {
          id: session.id,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: paymentIntent.id,
          amount_total: ORDER_TOTAL,
          metadata: params.metadata,
          client_reference_id: params.client_reference_id,
        },
      },
    });
    expect(event.id).toMatch(/^evt_\w+$/);

    // A forged body under the same header fails verification.
    const forged = attempt!.request.body.replace(`"amount_total": ${ORDER_TOTAL}`, '"amount_total": 1');
    expect(() =>
      stripe.webhooks.constructEvent(forged, attempt!.request.headers['stripe-signature']!, stripeWebhookSecret()),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('declines 4000 0000 0000 0002 with a clear message, leaving the session open and sending nothing', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    const declined = await control(`/sessions/${session.id}/pay`, { card: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(
      await control(`/sessions/${session.id}/pay`, { card: '1234123412341234' }).then((answer) => answer.json()),
    ).toMatchObject({
      error: { code: 'invalid_number', message: 'Your card number is invalid.' },
    });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
    });
    expect(await eventsFor(session.id, 'checkout.session.completed')).toEqual([]);
  });

  it('completes a session with another amount paid when a test asks (the amount-mismatch case)', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    await control(`/sessions/${session.id}/pay`, { amountTotal: 100 });
    const record = await deliveredEvent(session.id, 'checkout.session.completed');
    expect(verify(record.deliveries[0]!).data.object).toMatchObject({ amount_total: 100, payment_status: 'paid' });
  });

  it('settles a delayed payment later: completed unpaid, then async_payment_succeeded or _failed', async () => {
    for (const outcome of ['succeeded', 'failed'] as const) {
      const session = await stripe.checkout.sessions.create(orderSession());
      await control(`/sessions/${session.id}/pay`, { delayedPayment: true });
      expect(
        verify((await deliveredEvent(session.id, 'checkout.session.completed')).deliveries[0]!).data.object,
      ).toMatchObject({
        status: 'complete',
        payment_status: 'unpaid',
      });

      expect((await control(`/sessions/${session.id}/async-payment`, { outcome })).status).toBe(200);
      const settled = verify(
        (await deliveredEvent(session.id, `checkout.session.async_payment_${outcome}`)).deliveries[0]!,
      );
      expect(settled.data.object).toMatchObject({
        status: 'complete',
        payment_status: outcome === 'succeeded' ? 'paid' : 'unpaid',
      });
      expect((await control(`/sessions/${session.id}/async-payment`, { outcome })).status).toBe(409);
    }
  });

  it('sends one event again ten times at once when a test asks, each signed and recorded', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    const paid = (await (await control(`/sessions/${session.id}/pay`, { deliver: false })).json()) as {
      event: EventRecord;
    };
    expect(paid.event.delivery).toBe('held');

    const { attempts } = (await (await control(`/events/${paid.event.event.id}/deliver`, { times: 10 })).json()) as {
      attempts: EventRecord['deliveries'];
    };
    expect(attempts).toHaveLength(10);
    for (const attempt of attempts) expect(verify(attempt).id).toBe(paid.event.event.id);
    const recorded = (await (await localTools(baseUrl, `/stripe/events/${paid.event.event.id}`)).json()) as EventRecord;
    expect(recorded.deliveries).toHaveLength(10);
  });

  it('expires a session now when a test asks, and refuses to pay it afterwards', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    expect((await control(`/sessions/${session.id}/expire`)).status).toBe(200);
    expect(
      verify((await deliveredEvent(session.id, 'checkout.session.expired')).deliveries[0]!).data.object,
    ).toMatchObject({ status: 'expired' });
    expect((await control(`/sessions/${session.id}/pay`)).status).toBe(409);
  });
});

describe('the hosted payment page', () => {
  async function submit(sessionId: string, card: string): Promise<Response> {
    const form = new URLSearchParams({
      email: 'ann@example.com',
      cardNumber: card,
      expiry: '12 / 40',
      cvc: '123',
      name: 'Ann Lee',
    });
    return fetch(`${baseUrl}/_local/stripe/checkout/${sessionId}`, { method: 'POST', body: form, redirect: 'manual' });
  }

  it('shows the shop, the lines and the total, declines 0002 and stays, then pays 4242 and goes to success_url', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Hill &amp; Brook Blinds');
    expect(page).toContain('Sales tax (8%)');
    expect(page).toContain('$281.65');
    expect(page).toContain(`href="${baseUrl}/checkout/cancel"`);

    const declined = await submit(session.id, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await (await submit(session.id, '4111 1111 1111 1111')).text()).toContain('Your card number is invalid.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const paid = await submit(session.id, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${baseUrl}/checkout/success?session_id=${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
    expect(verify((await deliveredEvent(session.id, 'checkout.session.completed')).deliveries[0]!).type).toBe(
      'checkout.session.completed',
    );
  });
});

describe('refunds', () => {
  it('refunds part then the rest of a paid order, each with a signed charge.refunded, and no more than was paid', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    await control(`/sessions/${session.id}/pay`);
    const paymentIntentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    const part = await stripe.refunds.create({
      payment_intent: paymentIntentId,
      amount: 5_000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 5_000,
      payment_intent: paymentIntentId,
    });
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId, amount: ORDER_TOTAL })).rejects.toMatchObject(
      { statusCode: 400, param: 'amount' },
    );
    const rest = await stripe.refunds.create({ payment_intent: paymentIntentId });
    expect(rest.amount).toBe(ORDER_TOTAL - 5_000);
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    });

    const chargeId = part.charge as string;
    await expect
      .poll(
        async () =>
          (await eventsFor(chargeId, 'charge.refunded')).filter((record) => record.deliveries.length > 0).length,
      )
      .toBe(2);
    const [last, first] = (await eventsFor(chargeId, 'charge.refunded')).map((record) => verify(record.deliveries[0]!));
    expect(first!.data).toMatchObject({
      object: { id: chargeId, amount_refunded: 5_000, refunded: false, payment_intent: paymentIntentId },
      previous_attributes: { amount_refunded: 0 },
    });
    expect(last!.data.object).toMatchObject({ amount_refunded: ORDER_TOTAL, refunded: true });
  });

  it('refuses to refund a session that was not paid', async () => {
    const session = await stripe.checkout.sessions.create(orderSession());
    await control(`/sessions/${session.id}/pay`, { delayedPayment: true });
    const paymentIntentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId })).rejects.toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
    });
  });
});

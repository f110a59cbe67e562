import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBody } from '../http-util';
import { type StripeStandIn, startStripeStandIn, type StripeStandInOptions } from './index';
import type { EventRecord } from './objects';

/** The stand-in on its own server, with a webhook that answers what the test tells it. */
let dataDir: string;
let server: Server;
let origin: string;
let standIn: StripeStandIn | undefined;
let webhookStatuses: number[];
const received: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'stripe-stand-in-'));
  webhookStatuses = [];
  received.length = 0;
  server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    if (pathname === '/webhook') {
      void readBody(req).then((body) => {
        received.push({ headers: req.headers, body: body.toString('utf8') });
        res.writeHead(webhookStatuses.shift() ?? 200).end();
      });
    } else if (pathname.startsWith('/v1/')) void standIn!.api(req, res);
    else void standIn!.control(req, res, pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await standIn?.stop();
  standIn = undefined;
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

async function start(options: Partial<StripeStandInOptions> = {}): Promise<{ stripe: Stripe; standIn: StripeStandIn }> {
  standIn = await startStripeStandIn({
    dataDir,
    siteUrl: origin,
    webhookUrl: `${origin}/webhook`,
    retryDelaysMs: [20, 40],
    ...options,
  });
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe(standIn.secretKey, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  return { stripe, standIn };
}

function createSession(stripe: Stripe, expiresAt?: number) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: 4_500, product_data: { name: 'Faux wood blind' } }, quantity: 2 },
    ],
    success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://shop.test/checkout/cancel',
    ...(expiresAt ? { expires_at: expiresAt } : {}),
  });
}

async function events(type?: string): Promise<EventRecord[]> {
  const answer = await fetch(`${origin}/_local/stripe/events${type ? `?type=${type}` : ''}`);
  return ((await answer.json()) as { data: EventRecord[] }).data;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting for the stand-in');
}

describe('the Stripe stand-in on its own', () => {
  it('keeps its keys, open sessions and events across a restart', async () => {
    const first = await start();
    const session = await createSession(first.stripe);
    const { secretKey, webhookSecret } = first.standIn;
    await first.standIn.stop();

    const second = await start();
    expect(second.standIn.secretKey).toBe(secretKey);
    expect(second.standIn.webhookSecret).toBe(webhookSecret);
    const again = await second.stripe.checkout.sessions.retrieve(session.id);
    expect(again).toMatchObject({ id: session.id, status: 'open', amount_total: 9_000 });
  });

  it('retries a delivery the webhook refused, with back-off, until it answers 2xx', async () => {
    const { stripe } = await start();
    webhookStatuses = [500, 503];
    const session = await createSession(stripe);
    await fetch(`${origin}/_local/stripe/sessions/${session.id}/pay`, { method: 'POST', body: '{}' });

    const [record] = await until(
      () => events('checkout.session.completed'),
      ([first]) => first?.delivery === 'delivered',
    );
    expect(record!.deliveries.map((attempt) => [attempt.trigger, attempt.response?.status])).toEqual([
      ['automatic', 500],
      ['retry', 503],
      ['retry', 200],
    ]);
    // Each attempt is signed afresh and verifies with the webhook secret.
    for (const attempt of record!.deliveries) {
      const event = stripe.webhooks.constructEvent(
        attempt.request.body,
        attempt.request.headers['stripe-signature']!,
        standIn!.webhookSecret,
      );
      expect(event.id).toBe(record!.event.id);
    }
  });

  it('gives up after the last retry and marks the event failed', async () => {
    const { stripe } = await start();
    webhookStatuses = [500, 500, 500, 500];
    const session = await createSession(stripe);
    await fetch(`${origin}/_local/stripe/sessions/${session.id}/pay`, { method: 'POST', body: '{}' });
    const [record] = await until(
      () => events(),
      ([first]) => first?.delivery === 'failed',
    );
    expect(record!.deliveries).toHaveLength(3);
  });

  it('expires an open session once its expires_at has passed and sends checkout.session.expired', async () => {
    let now = new Date('2030-01-01T12:00:00Z');
    const { stripe } = await start({ clock: () => now, expirySweepMs: 10 });
    const session = await createSession(stripe, Math.floor(now.getTime() / 1000) + 31 * 60);
    expect(session.expires_at - session.created).toBe(31 * 60);

    now = new Date('2030-01-01T12:31:00Z');
    const [record] = await until(
      () => events('checkout.session.expired'),
      (found) => found.length > 0,
    );
    expect(record!.event.data.object).toMatchObject({ id: session.id, status: 'expired' });
    await until(
      async () => received.length,
      (count) => count > 0,
    );
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: 'checkout.session.expired' });
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
  });

  it('refuses an expires_at under 30 minutes or over 24 hours away, as Stripe does', async () => {
    const { stripe } = await start();
    const now = Math.floor(Date.now() / 1000);
    for (const expiresAt of [now + 10 * 60, now + 25 * 60 * 60]) {
      await expect(createSession(stripe, expiresAt)).rejects.toMatchObject({ statusCode: 400, param: 'expires_at' });
    }
  });

  it("takes a coupon's amount off the session, spread over its items, and lets it be redeemed only as often as it may", async () => {
    const { stripe } = await start();
    const coupon = await stripe.coupons.create({
      amount_off: 451,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
      name: 'Volume discount: 5% off 10+ blinds',
    });
    const discounted = () =>
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'usd', unit_amount: 4_500, product_data: { name: 'Blind' } }, quantity: 2 },
          { price_data: { currency: 'usd', unit_amount: 20, product_data: { name: 'Tax' } }, quantity: 1 },
        ],
        discounts: [{ coupon: coupon.id }],
        success_url: 'http://shop.test/checkout/success?session_id={CHECKOUT_SESSION_ID}',
      });
    const session = await discounted();
    expect(session).toMatchObject({
      amount_subtotal: 9_020,
      amount_total: 8_569,
      total_details: { amount_discount: 451 },
      discounts: [{ coupon: coupon.id }],
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.amount_subtotal, item.amount_discount, item.amount_total])).toEqual([
      [9_000, 450, 8_550],
      [20, 1, 19],
    ]);

    await fetch(`${origin}/_local/stripe/sessions/${session.id}/pay`, { method: 'POST', body: '{}' });
    expect(await stripe.coupons.retrieve(coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    await expect(discounted()).rejects.toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          { price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'Blind' } }, quantity: 1 },
        ],
        discounts: [{ coupon: 'no-such-coupon' }],
        success_url: 'http://shop.test/checkout/success',
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing' });
  });

  it('holds an event recorded with deliver: false until a test sends it', async () => {
    const { stripe } = await start();
    const session = await createSession(stripe);
    const paid = await fetch(`${origin}/_local/stripe/sessions/${session.id}/pay`, {
      method: 'POST',
      body: JSON.stringify({ deliver: false }),
    });
    const { event } = (await paid.json()) as { event: EventRecord };
    expect(event.delivery).toBe('held');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(0);

    const sent = await fetch(`${origin}/_local/stripe/events/${event.event.id}/deliver`, {
      method: 'POST',
      body: JSON.stringify({ times: 3 }),
    });
    const { attempts } = (await sent.json()) as { attempts: EventRecord['deliveries'] };
    expect(attempts.map((attempt) => [attempt.trigger, attempt.response?.status])).toEqual([
      ['redelivery', 200],
      ['redelivery', 200],
      ['redelivery', 200],
    ]);
    expect(received).toHaveLength(3);
  });
});

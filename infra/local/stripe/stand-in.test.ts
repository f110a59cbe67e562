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
    else if (pathname.startsWith('/_local/stripe/invoice/')) void standIn!.hostedPage(req, res, pathname);
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

  it('refuses the sessions whose parameters hold the switch’s text, as a Stripe api_error, until switched off', async () => {
    const { stripe } = await start();
    const refuse = (matching: string | null) =>
      fetch(`${origin}/_local/stripe/refuse-checkout-sessions`, { method: 'PUT', body: JSON.stringify({ matching }) });
    const sessionFor = (email: string) =>
      stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: email,
          line_items: [
            {
              price_data: { currency: 'usd', unit_amount: 4_500, product_data: { name: 'Faux wood blind' } },
              quantity: 1,
            },
          ],
          success_url: 'http://shop.test/checkout/success',
          cancel_url: 'http://shop.test/checkout/cancel',
        },
        { idempotencyKey: `session-${email}` },
      );
    expect((await refuse('')).status).toBe(400);
    expect(await (await refuse('dana+refused@example.com')).json()).toEqual({
      refusingCheckoutSessions: 'dana+refused@example.com',
    });
    await expect(sessionFor('dana+refused@example.com')).rejects.toMatchObject({
      statusCode: 500,
      type: 'StripeAPIError',
    });
    await expect(sessionFor('lee@example.com')).resolves.toMatchObject({ status: 'open' });
    await refuse(null);
    // The refusal was not kept for its key: the same call now makes the session.
    await expect(sessionFor('dana+refused@example.com')).resolves.toMatchObject({ status: 'open' });
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

describe('invoices in the stand-in', () => {
  const DAY = 24 * 60 * 60;

  async function openInvoice(stripe: Stripe, amount = 123_45) {
    const customer = await stripe.customers.create({
      email: 'ap@acme.example',
      name: 'Acme Property Group',
      metadata: { clientId: 'client-1' },
    });
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      due_date: Math.floor(Date.now() / 1000) + 30 * DAY,
      auto_advance: false,
      pending_invoice_items_behavior: 'exclude',
      custom_fields: [{ name: 'PO number', value: 'PO-7731' }],
      metadata: { invoiceId: 'INV-7K2M9Q' },
      payment_settings: {
        payment_method_types: ['card', 'customer_balance'],
        payment_method_options: {
          customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'us_bank_transfer' } },
        },
      },
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      amount,
      currency: 'usd',
      description: 'Order HBB-7K2M9Q',
    });
    return { customer, draft, invoice: await stripe.invoices.finalizeInvoice(draft.id) };
  }

  it('makes a draft, takes an item, finalizes it with a number and a hosted page, and sends invoice.finalized', async () => {
    const { stripe } = await start();
    const { customer, draft, invoice } = await openInvoice(stripe);
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'ap@acme.example',
      metadata: { clientId: 'client-1' },
    });
    expect(draft).toMatchObject({ object: 'invoice', status: 'draft', number: null, hosted_invoice_url: null });
    expect(invoice).toMatchObject({
      status: 'open',
      customer: customer.id,
      amount_due: 123_45,
      amount_remaining: 123_45,
      collection_method: 'send_invoice',
      custom_fields: [{ name: 'PO number', value: 'PO-7731' }],
      metadata: { invoiceId: 'INV-7K2M9Q' },
      hosted_invoice_url: `${origin}/_local/stripe/invoice/${draft.id}`,
      lines: { object: 'list', data: [{ amount: 123_45, description: 'Order HBB-7K2M9Q' }] },
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]{8}-0001$/);
    expect(await stripe.invoices.sendInvoice(invoice.id)).toMatchObject({ id: invoice.id, status: 'open' });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', number: invoice.number });
    const [finalized] = await events('invoice.finalized');
    expect(finalized!.event.data.object).toMatchObject({ id: invoice.id, status: 'open' });
  });

  it('refuses what Stripe refuses: no due date, a past one, an unknown customer, a second finalize, items on an open invoice', async () => {
    const { stripe } = await start();
    const { customer, invoice } = await openInvoice(stripe);
    await expect(
      stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'days_until_due' });
    await expect(
      stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice', due_date: 1_000 }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'due_date' });
    await expect(
      stripe.invoices.create({ customer: 'cus_nobody', collection_method: 'send_invoice', days_until_due: 30 }),
    ).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
    await expect(stripe.invoices.finalizeInvoice(invoice.id)).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 100, currency: 'usd' }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'invoice' });
    await expect(stripe.invoices.retrieve('in_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(
      stripe.invoices.create({ customer: customer.id, days_until_due: 30, unknown_thing: 1 } as never),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
  });

  it('is paid on its hosted page by bank transfer, sends invoice.paid, then shows it paid', async () => {
    const { stripe } = await start();
    const { invoice } = await openInvoice(stripe);
    const page = await fetch(invoice.hosted_invoice_url!);
    const html = await page.text();
    expect(html).toContain('$123.45');
    expect(html).toContain('PO-7731');
    expect(html).toContain('Pay by bank transfer');

    const paid = await fetch(invoice.hosted_invoice_url!, {
      method: 'POST',
      body: 'method=bank_transfer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 123_45,
      amount_remaining: 0,
    });
    const [record] = await until(
      () => events('invoice.paid'),
      ([first]) => first?.delivery === 'delivered',
    );
    expect(record!.event.data).toMatchObject({
      object: { id: invoice.id, status: 'paid' },
      previous_attributes: { status: 'open' },
    });
    expect(await (await fetch(invoice.hosted_invoice_url!)).text()).toContain('Invoice paid');
  });

  it('pays by card through the control surface: a declined card changes nothing, a paid invoice is not paid again', async () => {
    const { stripe } = await start();
    const { invoice } = await openInvoice(stripe);
    const pay = (body: object) =>
      fetch(`${origin}/_local/stripe/invoices/${invoice.id}/pay`, { method: 'POST', body: JSON.stringify(body) });
    const declined = await pay({ card: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('open');
    const paid = await pay({ deliver: false });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { event: EventRecord }).event).toMatchObject({
      delivery: 'held',
      event: { type: 'invoice.paid' },
    });
    expect((await pay({})).status).toBe(409);
  });
});

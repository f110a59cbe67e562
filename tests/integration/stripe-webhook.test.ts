/**
 * The payment webhook against the local stack and its Stripe stand-in (issue 9): only a verified
 * event moves an order; the completed event however often and in whatever order pays it once; a
 * wrong amount is flagged; an expired or failed checkout leaves the cart; a refund is recorded once.
 * Issue 24: payment buys the cart as it was at placing; a refund reported before the payment flags it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { formatCents } from '#domain/pricing/money';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient } from '../../functions/lib/stripe';
import {
  addSample,
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  pay,
  placement,
  placeOrder,
  shopperWithPlacedOrder,
  stripeControl,
  stripeEvents,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staffAccount = inject('staffAccount');

let stripe: Stripe;
let staffToken: string;

beforeAll(async () => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
  ])
    process.env[name] = env[name];
  resetConfigCache();
  stripe = stripeClient();
  staffToken = await accessTokenFor(baseUrl, staffAccount);
});

function deliver(body: string, signature?: string) {
  return fetch(`${baseUrl}/api/payments/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
}

/** Signed the way Stripe signs, with the shop's webhook secret. */
function signed(event: unknown): { body: string; signature: string } {
  const body = JSON.stringify(event, null, 2);
  return {
    body,
    signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: env.STRIPE_WEBHOOK_SECRET! }),
  };
}

const staffDetail = async (orderId: string) =>
  (await api<AdminOrderDetail>(baseUrl, { accessToken: staffToken }, 'GET', `/admin/orders/${orderId}`)).body;

const historyEvents = async (orderId: string) => (await staffDetail(orderId)).history.map((entry) => entry.event);

/** When the order's after-payment steps finished (read behind the API: no route shows it), or undefined. */
async function afterPaymentDoneAt(orderId: string): Promise<string | undefined> {
  const { Item } = await localTable().send(
    new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `ORDER#${orderId}`, sk: 'ORDER' }, ConsistentRead: true }),
  );
  return Item?.afterPaymentDoneAt as string | undefined;
}

describe('the Stripe webhook', () => {
  it('answers 400 to an unsigned, forged or altered event and changes nothing', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const completed = await pay(baseUrl, order.checkoutSessionId, { deliver: false });
    const genuine = signed(completed);

    const unsigned = await deliver(genuine.body);
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'Invalid signature' });
    const forgedSignature = stripe.webhooks.generateTestHeaderString({
      payload: genuine.body,
      secret: 'whsec_notTheShopsSecret',
    });
    expect((await deliver(genuine.body, forgedSignature)).status).toBe(400);
    const altered = genuine.body.replace(/"amount_total": \d+/, '"amount_total": 1');
    expect(altered).not.toBe(genuine.body);
    expect((await deliver(altered, genuine.signature)).status).toBe(400);
    expect((await deliver('not json at all', 't=1,v1=00')).status).toBe(400);

    expect(await myOrder(baseUrl, shopper, order.orderId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      paidAt: null,
    });
    expect(await historyEvents(order.orderId)).toEqual(['placed']);
    expect((await api(baseUrl, shopper, 'GET', '/cart')).body.itemCount).toBe(1);
  });

  it('pays the order once when the completed event arrives 10 times at once and an expired one after it', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind(), 'Kitchen');
    await addSample(baseUrl, shopper);
    const cartBefore = (await api(baseUrl, shopper, 'GET', '/cart')).body.id;
    const order = await placeOrder(baseUrl, shopper, placement(shopper));
    const completed = await pay(baseUrl, order.checkoutSessionId, { deliver: false });

    const { body } = await stripeControl(baseUrl, `/events/${completed.id}/deliver`, { times: 10 });
    expect(body.attempts.map((attempt: { response: { status: number } }) => attempt.response.status)).toEqual(
      Array(10).fill(200),
    );
    const session = completed.data.object as Stripe.Checkout.Session;
    const lateExpiry = signed({
      ...completed,
      id: `evt_late_${completed.id}`,
      type: 'checkout.session.expired',
      data: { object: { ...session, status: 'expired', payment_status: 'unpaid' } },
    });
    expect((await deliver(lateExpiry.body, lateExpiry.signature)).status).toBe(200);

    const paid = await myOrder(baseUrl, shopper, order.orderId);
    expect(paid).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
      amountPaidCents: paid.totals.totalCents,
      checkoutSessionId: order.checkoutSessionId,
    });
    expect(paid.paymentIntentId).toMatch(/^pi_/);
    expect(await historyEvents(order.orderId)).toEqual(['placed', 'paid']);

    // After payment: the cart was bought (a new empty one now), the sample cart is empty and its samples are a request.
    const cartAfter = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cartAfter.id).not.toBe(cartBefore);
    expect(cartAfter.items).toEqual([]);
    expect((await api(baseUrl, shopper, 'GET', '/samples')).body.samples).toEqual([]);
    const requests = (await api(baseUrl, { accessToken: staffToken }, 'GET', '/admin/sample-requests')).body
      .sampleRequests as Array<{ orderNumber?: string; samples: unknown[] }>;
    expect(
      requests.filter((request) => request.orderNumber === order.orderNumber).map((request) => request.samples.length),
    ).toEqual([1]);

    // One confirmation mail and one invoice, however many deliveries.
    const confirmations = async () =>
      (await mailsFor(baseUrl, shopper.email)).filter(
        (mail) => mail.subject === `Order confirmed: ${order.orderNumber}`,
      );
    expect(await eventually(confirmations, (mails) => mails.length > 0, 15_000)).toHaveLength(1);
    const invoice = await eventually(
      () => api(baseUrl, shopper, 'GET', `/orders/${order.orderId}/invoice`),
      (answer) => answer.status === 200,
      15_000,
    );
    expect(invoice.status).toBe(200);
    const pdf = await fetch(invoice.body.url);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await confirmations()).toHaveLength(1);
  });

  it('flags a payment of another amount for staff and never marks the order paid', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const total = (await myOrder(baseUrl, shopper, order.orderId)).totals.totalCents;
    await pay(baseUrl, order.checkoutSessionId, { amountTotal: total - 1 });
    await expect
      .poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe('flagged');
    const flagged = await staffDetail(order.orderId);
    expect(flagged).toMatchObject({
      status: 'pending',
      paymentStatus: 'flagged',
      amountPaidCents: total - 1,
      paidAt: null,
    });
    expect(flagged.history.at(-1)).toMatchObject({ event: 'paymentFlagged', actor: { kind: 'payment' } });
    expect(flagged.history.at(-1)!.note).toContain('but the order total is');
    expect((await api(baseUrl, shopper, 'GET', '/cart')).body.itemCount).toBe(1);
  });

  it('flags, and never marks paid, money taken through a checkout page that is not the order’s', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const total = (await myOrder(baseUrl, shopper, order.orderId)).totals.totalCents;
    const ours = await stripe.checkout.sessions.retrieve(order.checkoutSessionId);
    const other = { ...ours, id: `${ours.id}_other`, status: 'complete', payment_status: 'paid', amount_total: total };
    const event = {
      id: `evt_other_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: other },
    };
    const { body, signature } = signed(event);
    expect((await deliver(body, signature)).status).toBe(200);
    const flagged = await staffDetail(order.orderId);
    expect(flagged).toMatchObject({ status: 'pending', paymentStatus: 'flagged', paidAt: null });
    expect(flagged.history.at(-1)!.note).toContain('which this order no longer uses');
  });

  it('an expired checkout marks the payment expired and leaves the cart as it was', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    expect((await stripeControl(baseUrl, `/sessions/${order.checkoutSessionId}/expire`)).status).toBe(200);
    await expect
      .poll(async () => (await staffDetail(order.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe('expired');
    expect((await staffDetail(order.orderId)).status).toBe('pending');
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect([cart.status, cart.itemCount]).toEqual(['active', 1]);
  });

  it('a delayed payment pays the order only when it succeeds, and a failed one is marked failed', async () => {
    const succeeding = await shopperWithPlacedOrder(baseUrl);
    const failing = await shopperWithPlacedOrder(baseUrl);
    await pay(baseUrl, succeeding.order.checkoutSessionId, { delayedPayment: true });
    await pay(baseUrl, failing.order.checkoutSessionId, { delayedPayment: true });
    await eventually(
      () => stripeEvents(baseUrl, succeeding.order.checkoutSessionId, 'checkout.session.completed'),
      (records) => records[0]?.delivery === 'delivered',
    );
    expect((await myOrder(baseUrl, succeeding.shopper, succeeding.order.orderId)).paymentStatus).toBe('pending');

    await stripeControl(baseUrl, `/sessions/${succeeding.order.checkoutSessionId}/async-payment`, {
      outcome: 'succeeded',
    });
    await stripeControl(baseUrl, `/sessions/${failing.order.checkoutSessionId}/async-payment`, { outcome: 'failed' });
    await expect
      .poll(async () => (await myOrder(baseUrl, succeeding.shopper, succeeding.order.orderId)).status, {
        timeout: 10_000,
      })
      .toBe('processing');
    await expect
      .poll(async () => (await staffDetail(failing.order.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe('failed');
    expect((await api(baseUrl, failing.shopper, 'GET', '/cart')).body.itemCount).toBe(1);
  });

  it('a staff cancel of a paid order refunds it through the payment provider, recorded once', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    await pay(baseUrl, order.checkoutSessionId);
    await expect
      .poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe('paid');

    const cancel = await api<AdminOrderDetail>(
      baseUrl,
      { accessToken: staffToken },
      'POST',
      `/admin/orders/${order.orderId}/transitions`,
      { action: 'cancel', reason: 'Customer changed their mind' },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const { paymentIntentId } = await myOrder(baseUrl, shopper, order.orderId);
    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId!)).latest_charge as string;
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      refunded: true,
      amount_refunded: cancel.body.totals.totalCents,
    });
    await eventually(
      () => stripeEvents(baseUrl, charge, 'charge.refunded'),
      (records) => records[0]?.delivery === 'delivered',
      10_000,
    );
    const history = (await staffDetail(order.orderId)).history;
    expect(history.map((entry) => entry.event)).toEqual(['placed', 'paid', 'cancelled', 'refunded']);
    expect(history.find((entry) => entry.event === 'cancelled')).toMatchObject({
      actor: { kind: 'staff' },
      note: 'Customer changed their mind',
    });
    expect((await myOrder(baseUrl, shopper, order.orderId)).refundedAt).not.toBeNull();
  });

  it('buys the cart as it was at placing: what was added after stays in the active cart, unpaid', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind(), 'Kitchen');
    const cartId = (await api(baseUrl, shopper, 'GET', '/cart')).body.id;
    const order = await placeOrder(baseUrl, shopper, placement(shopper));
    // After placing: one more of the ordered blind, and another blind.
    await addToCart(baseUrl, shopper, blind(), 'Kitchen');
    await addToCart(baseUrl, shopper, blind({ width: { inches: 40, eighths: 0 } }), 'Bedroom');

    await pay(baseUrl, order.checkoutSessionId);
    expect(
      await eventually(
        () => afterPaymentDoneAt(order.orderId),
        (done) => done !== undefined,
        15_000,
      ),
    ).toBeDefined();
    expect(
      (await myOrder(baseUrl, shopper, order.orderId)).lines.map((line) => [line.roomLabel, line.quantity]),
    ).toEqual([['Kitchen', 1]]);
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect([cart.id, cart.status]).toEqual([cartId, 'active']);
    expect(
      cart.items.map((item: { roomLabel: string | null; quantity: number }) => [item.roomLabel, item.quantity]).sort(),
    ).toEqual([
      ['Bedroom', 1],
      ['Kitchen', 1],
    ]);
  });

  it('a refund reported before the payment leaves the order unpaid and flagged for staff, whatever order the events come in', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const completed = await pay(baseUrl, order.checkoutSessionId, { deliver: false });
    const paymentIntent = (completed.data.object as Stripe.Checkout.Session).payment_intent as string;
    const refund = await stripe.refunds.create({ payment_intent: paymentIntent });
    const charge = refund.charge as string;
    await eventually(
      () => stripeEvents(baseUrl, charge, 'charge.refunded'),
      (records) => records[0]?.delivery === 'delivered',
      10_000,
    );
    expect(await myOrder(baseUrl, shopper, order.orderId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });

    const { body } = await stripeControl(baseUrl, `/events/${completed.id}/deliver`);
    expect(body.attempts.map((attempt: { response: { status: number } }) => attempt.response.status)).toEqual([200]);
    const flagged = await staffDetail(order.orderId);
    expect(flagged).toMatchObject({
      status: 'pending',
      paymentStatus: 'flagged',
      paidAt: null,
      amountPaidCents: flagged.totals.totalCents,
    });
    expect(flagged.history.map((entry) => entry.event)).toEqual(['placed', 'paymentFlagged']);
    expect(flagged.history.at(-1)!.note).toContain(`refunded ${formatCents(flagged.totals.totalCents)}`);
    // Not paid: nothing after payment ran (the cart is as it was), and staff can cancel it without a second refund.
    expect((await api(baseUrl, shopper, 'GET', '/cart')).body.itemCount).toBe(1);
    expect(await afterPaymentDoneAt(order.orderId)).toBeUndefined();
    const cancel = await api<AdminOrderDetail>(
      baseUrl,
      { accessToken: staffToken },
      'POST',
      `/admin/orders/${order.orderId}/transitions`,
      { action: 'cancel' },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stripe.charges.retrieve(charge)).toMatchObject({
      refunded: true,
      amount_refunded: flagged.totals.totalCents,
    });
  });
});

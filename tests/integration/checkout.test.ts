/**
 * Checkout against the local stack (issue 9): the quote and the order are the server's figures from
 * the cart, the grids and the address; the browser's figures are never read; placing writes the
 * order and opens a hosted checkout for exactly its total; a retried placement makes no second order,
 * and one whose page expired or whose payment failed gets a new page (issue 24); a payment provider
 * that refuses the page is answered 502 and counted (CheckoutFailures).
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CHECKOUT_MESSAGES, type CheckoutQuote } from '#domain/checkout/checkout';
import type { AdminOrderDetail, AdminOrdersPage } from '#domain/orders/responses';
import { freightMessage } from '#domain/checkout/totals';
import { EXAMPLE_BUSINESS } from '../support/business';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient } from '../../functions/lib/stripe';
import {
  addSample,
  addToCart,
  api,
  blind,
  DALLAS,
  DENVER,
  myOrder,
  newShopper,
  pay,
  placement,
  placeOrder,
  stripeControl,
  type Shopper,
  seedUnitCents,
} from '../support/checkout';
import { localMetrics, refuseCheckoutSessions } from '../support/local-tools';
import { accessTokenFor } from '../support/user-pool';

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

/** An order as staff read it: a checkout that ended unpaid is no longer the customer's to read (decision 0039). */
const staffOrder = async (orderId: string) =>
  (await api<AdminOrderDetail>(baseUrl, { accessToken: staffToken }, 'GET', `/admin/orders/${orderId}`)).body;

const unitCents = seedUnitCents;

const quote = (shopper: Shopper, body: unknown) =>
  api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', body);

describe('checkout quote', () => {
  it('prices the cart and the samples for the address, and ignores every figure the browser sends', async () => {
    const shopper = await newShopper(baseUrl);
    const kitchen = blind();
    const wide = blind({ width: { inches: 80, eighths: 0 } });
    await addToCart(baseUrl, shopper, kitchen, 'Kitchen');
    await addToCart(baseUrl, shopper, kitchen, 'Kitchen');
    await addToCart(baseUrl, shopper, wide);
    await addSample(baseUrl, shopper);

    const unknown = await quote(shopper, {});
    expect(unknown.status).toBe(200);
    expect(unknown.body.shipping).toEqual({ status: 'unknown', cents: null });
    expect(unknown.body.totalCents).toBeNull();

    const forged = {
      shippingAddress: { state: 'CO', zipCode: '80202' },
      subtotalCents: 1,
      totalCents: 1,
      shippingCents: 0,
      taxCents: 0,
      lines: [{ unitCents: 1 }],
    };
    const { status, body } = await quote(shopper, forged);
    expect(status).toBe(200);
    const subtotal = 2 * unitCents(kitchen) + unitCents(wide);
    const tax = Math.floor((subtotal * 8 + 50) / 100);
    expect(body.lines.map((line) => [line.roomLabel, line.quantity, line.unitCents, line.shippingClass])).toEqual([
      ['Kitchen', 2, unitCents(kitchen), 'standard'],
      [null, 1, unitCents(wide), 'oversize'],
    ]);
    expect(body).toMatchObject({
      blindCount: 3,
      subtotalCents: subtotal,
      taxCents: tax,
      shipping: { status: 'charged', cents: 2 * 1250 + 3000 },
      sampleShippingCents: 1500,
      installation: { available: false, selected: false, cents: 0, charges: [] },
      totalCents: subtotal + tax + 5500 + 1500,
      problems: [],
    });
    expect(body.samples.map((sample) => sample.id)).toEqual(['faux-wood-blinds-E02']);

    const dallas = await quote(shopper, { shippingAddress: { state: 'TX', zipCode: '75201' }, installation: true });
    expect(dallas.body.shipping).toEqual({ status: 'free', cents: 0 });
    expect(dallas.body.installation).toEqual({ available: true, selected: true, cents: 15_000, charges: [] });
    expect(dallas.body.totalCents).toBe(subtotal + tax + 1500 + 15_000);
  });

  it('needs a signed-in customer and their browser session', async () => {
    expect((await api(baseUrl, null, 'POST', '/checkout/quote', {})).status).toBe(401);
    const shopper = await newShopper(baseUrl);
    const noSession = await api(baseUrl, { accessToken: shopper.accessToken }, 'POST', '/checkout/quote', {});
    expect(noSession).toMatchObject({ status: 400, body: { message: CHECKOUT_MESSAGES.sessionRefused } });
  });
});

describe('the volume discount', () => {
  it('takes 5% off twelve blinds in the cart, the quote, the order and the payment page, and is paid at that total', async () => {
    const shopper = await newShopper(baseUrl);
    const living = blind({ quantity: 12 });
    await addToCart(baseUrl, shopper, living, 'Living room');
    await addSample(baseUrl, shopper);
    const blinds = unitCents(living) * 12;
    const discount = Math.floor((blinds * 5 * 2 + 100) / 200);
    const tax = Math.floor(((blinds - discount) * 8 + 50) / 100);
    const volume = { kind: 'volume', label: 'Volume discount: 5% off 10+ blinds', cents: discount };

    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cart).toMatchObject({
      subtotalCents: blinds,
      discountCents: discount,
      discounts: [volume],
      volumeNudge: 'Add 13 more blinds to save 10%',
      estimatedTaxCents: tax,
      estimatedTotalCents: blinds - discount + tax,
    });

    const figures = (await quote(shopper, { shippingAddress: DALLAS, installation: false })).body;
    expect(figures).toMatchObject({
      subtotalCents: blinds,
      discountCents: discount,
      discounts: [volume],
      taxCents: tax,
    });
    // Samples ($15) and shipping (free in DFW) are not discounted.
    expect(figures.totalCents).toBe(blinds - discount + tax + 1500);

    const placed = await placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS }));
    const order = await myOrder(baseUrl, shopper, placed.orderId);
    expect(order.totals).toMatchObject({
      blindCount: 12,
      subtotalCents: blinds,
      discountCents: discount,
      discounts: [volume],
      taxCents: tax,
      totalCents: figures.totalCents,
    });

    const session = await stripe.checkout.sessions.retrieve(placed.checkoutSessionId);
    expect(session).toMatchObject({
      amount_total: order.totals.totalCents,
      total_details: { amount_discount: discount },
    });
    const coupon = await stripe.coupons.retrieve(session.discounts![0]!.coupon as string);
    expect(coupon).toMatchObject({ amount_off: discount, name: volume.label, max_redemptions: 1 });

    const completed = await pay(baseUrl, placed.checkoutSessionId, { deliver: false });
    await stripeControl(baseUrl, `/events/${completed.id}/deliver`, { times: 1 });
    expect(await myOrder(baseUrl, shopper, placed.orderId)).toMatchObject({
      paymentStatus: 'paid',
      amountPaidCents: order.totals.totalCents,
    });
  });

  it('gives nine blinds no discount and says how many more reach the first tier', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind({ quantity: 9 }));
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cart).toMatchObject({ discountCents: 0, discounts: [], volumeNudge: 'Add 1 more blind to save 5%' });
    const figures = (await quote(shopper, { shippingAddress: DALLAS, installation: false })).body;
    expect(figures).toMatchObject({ discountCents: 0, discounts: [] });
  });
});

describe('placing an order', () => {
  it('writes the server-priced order, opens a hosted checkout for exactly its total, and leaves the cart as it was', async () => {
    const shopper = await newShopper(baseUrl);
    const kitchen = blind();
    await addToCart(baseUrl, shopper, kitchen, 'Kitchen');
    await addSample(baseUrl, shopper);
    const forged = placement(shopper, {
      totalCents: 100,
      totals: { totalCents: 100 },
      lines: [{ unitCents: 1, quantity: 1 }],
      shippingCents: 0,
    });
    const placed = await placeOrder(baseUrl, shopper, forged);
    expect(placed.orderNumber).toMatch(/^HBB-[2-9A-HJ-NP-Z]{6}$/);
    expect(placed.checkoutUrl).toContain(`/_local/stripe/checkout/${placed.checkoutSessionId}`);

    const order = await myOrder(baseUrl, shopper, placed.orderId);
    const unit = unitCents(kitchen);
    const tax = Math.floor((unit * 8 + 50) / 100);
    expect(order).toMatchObject({
      orderNumber: placed.orderNumber,
      status: 'pending',
      paymentStatus: 'pending',
      checkoutSessionId: placed.checkoutSessionId,
      customer: { name: 'Casey Buyer', email: shopper.email },
      shippingAddress: { ...DENVER },
      billingAddress: { ...DENVER },
      totals: {
        blindCount: 1,
        subtotalCents: unit,
        taxCents: tax,
        shippingCents: 1250,
        sampleShippingCents: 1500,
        installationCents: 0,
        totalCents: unit + tax + 1250 + 1500,
      },
      invoiceUrl: null,
    });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({
      position: 1,
      title: 'Faux Wood Blinds: Standard',
      roomLabel: 'Kitchen',
      quantity: 1,
      unitCents: unit,
      lineCents: unit,
    });
    expect(order.samples.map((sample) => sample.id)).toEqual(['faux-wood-blinds-E02']);

    const session = await stripe.checkout.sessions.retrieve(placed.checkoutSessionId, { expand: ['line_items'] });
    expect(session.amount_total).toBe(order.totals.totalCents);
    expect(session).toMatchObject({
      mode: 'payment',
      client_reference_id: placed.orderId,
      metadata: { orderId: placed.orderId },
      customer_email: shopper.email,
      status: 'open',
    });
    expect(session.success_url).toMatch(/\/checkout\/success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session.line_items!.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ['Faux Wood Blinds: Standard', 1, unit],
      ['Sales tax (8%)', 1, tax],
      ['Shipping', 1, 1250],
      ['Sample shipping', 1, 1500],
    ]);

    const cart = await api(baseUrl, shopper, 'GET', '/cart');
    expect(cart.body.items.map((item: { roomLabel: string }) => item.roomLabel)).toEqual(['Kitchen']);
    expect(cart.body.status).toBe('active');
  });

  it('names each missing or wrong field under "Please fill in all required fields."', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const { status, body } = await api(baseUrl, shopper, 'POST', '/orders', {
      placementKey: crypto.randomUUID(),
      customer: { name: ' ', email: 'not-an-email' },
      shippingAddress: { address1: '', city: 'Austin', state: 'DC', zipCode: '7870' },
      billingSameAsShipping: false,
      billingAddress: { address1: '1 Main St', city: '', state: 'ZZ', zipCode: '78701' },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(CHECKOUT_MESSAGES.missingInformation);
    expect(body.fieldErrors).toEqual({
      'customer.name': 'Please enter your name.',
      'customer.email': 'Please enter a valid email address.',
      'shippingAddress.address1': 'Please enter the street address.',
      'shippingAddress.state': 'Please choose a state.',
      'shippingAddress.zipCode': 'Please enter a valid ZIP code.',
      'billingAddress.city': 'Please enter the city.',
      'billingAddress.state': 'Please choose a state.',
    });
    expect((await api(baseUrl, shopper, 'GET', '/orders')).body.orders).toEqual([]);
  });

  it('refuses an empty cart, a blind over 100 in wide, and installation outside the DFW metro', async () => {
    const shopper = await newShopper(baseUrl);
    expect(await api(baseUrl, shopper, 'POST', '/orders', placement(shopper))).toMatchObject({
      status: 400,
      body: { message: CHECKOUT_MESSAGES.emptyCart },
    });

    await addToCart(baseUrl, shopper, blind());
    const installed = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper, { installation: true }));
    expect(installed).toMatchObject({
      status: 400,
      body: { fieldErrors: { installation: CHECKOUT_MESSAGES.installationUnavailable } },
    });

    const vertical = blind({
      family: 'vertical-blinds',
      series: 'vertical-3-5',
      color: 'V01',
      mount: 'outside',
      width: { inches: 102, eighths: 0 },
      length: { inches: 60, eighths: 0 },
      options: {},
    });
    await addToCart(baseUrl, shopper, vertical);
    const freight = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper, { shippingAddress: DALLAS }));
    expect(freight).toMatchObject({
      status: 400,
      body: {
        message: freightMessage(EXAMPLE_BUSINESS.phoneDisplay),
        fieldErrors: { items: freightMessage(EXAMPLE_BUSINESS.phoneDisplay) },
      },
    });
    expect((await api(baseUrl, shopper, 'GET', '/orders')).body.orders).toEqual([]);
  });

  it('pays samples alone: $15 sample shipping is the whole order', async () => {
    const shopper = await newShopper(baseUrl);
    await addSample(baseUrl, shopper, 'wood-blinds', 'W101');
    const placed = await placeOrder(baseUrl, shopper);
    const order = await myOrder(baseUrl, shopper, placed.orderId);
    expect(order.totals).toEqual({
      blindCount: 0,
      subtotalCents: 0,
      discountCents: 0,
      discounts: [],
      taxCents: 0,
      shippingCents: 0,
      sampleShippingCents: 1500,
      installationCents: 0,
      totalCents: 1500,
    });
    expect((await stripe.checkout.sessions.retrieve(placed.checkoutSessionId)).amount_total).toBe(1500);
  });

  it('a retried placement, concurrent ones included, answers the one order it made', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const body = placement(shopper);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(baseUrl, shopper, 'POST', '/orders', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.orderId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.checkoutUrl)).size).toBe(1);
    const again = await api(baseUrl, shopper, 'POST', '/orders', body);
    expect(again).toMatchObject({
      status: 200,
      body: { orderId: answers[0]!.body.orderId, checkoutUrl: answers[0]!.body.checkoutUrl },
    });
    expect(
      (
        await api<AdminOrdersPage>(
          baseUrl,
          { accessToken: staffToken },
          'GET',
          `/admin/orders?q=${encodeURIComponent(shopper.email)}`,
        )
      ).body.orders,
    ).toHaveLength(1);
  });

  it('a new placement from the same cart closes the payment page of the one before, so only one can be paid', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const first = await placeOrder(baseUrl, shopper);
    const second = await placeOrder(baseUrl, shopper);
    expect(second.orderId).not.toBe(first.orderId);
    expect((await stripe.checkout.sessions.retrieve(first.checkoutSessionId)).status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(second.checkoutSessionId)).status).toBe('open');
    await expect.poll(async () => (await staffOrder(first.orderId)).paymentStatus, { timeout: 10_000 }).toBe('expired');
  });

  it('a retried placement whose delayed payment failed, or whose page expired, goes to a new payment page for the same order', async () => {
    for (const end of ['failed', 'expired'] as const) {
      const shopper = await newShopper(baseUrl);
      await addToCart(baseUrl, shopper, blind());
      const body = placement(shopper);
      const first = await placeOrder(baseUrl, shopper, body);
      if (end === 'failed') {
        await pay(baseUrl, first.checkoutSessionId, { delayedPayment: true });
        await stripeControl(baseUrl, `/sessions/${first.checkoutSessionId}/async-payment`, { outcome: 'failed' });
      } else {
        await stripeControl(baseUrl, `/sessions/${first.checkoutSessionId}/expire`);
      }
      await expect.poll(async () => (await staffOrder(first.orderId)).paymentStatus, { timeout: 10_000 }).toBe(end);

      const again = await api(baseUrl, shopper, 'POST', '/orders', body);
      expect(again.status, end).toBe(200);
      expect(again.body.orderId).toBe(first.orderId);
      const page = new URL(again.body.checkoutUrl);
      expect(page.pathname).not.toContain('/checkout/success');
      const checkoutSessionId = page.pathname.split('/').pop()!;
      expect(checkoutSessionId).not.toBe(first.checkoutSessionId);
      expect(await stripe.checkout.sessions.retrieve(checkoutSessionId)).toMatchObject({
        status: 'open',
        amount_total: (await myOrder(baseUrl, shopper, first.orderId)).totals.totalCents,
      });
      expect(await myOrder(baseUrl, shopper, first.orderId)).toMatchObject({
        status: 'pending',
        paymentStatus: 'pending',
        checkoutSessionId,
      });
      // The same answer for a further retry, and the new page pays the order.
      expect((await api(baseUrl, shopper, 'POST', '/orders', body)).body.checkoutUrl).toBe(again.body.checkoutUrl);
      await pay(baseUrl, checkoutSessionId);
      await expect
        .poll(async () => (await myOrder(baseUrl, shopper, first.orderId)).paymentStatus, { timeout: 10_000 })
        .toBe('paid');
    }
  });

  it('a provider that refuses the payment page: 502, counted in CheckoutFailures once; retried once it takes it, the page opens', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const body = placement(shopper);
    const failures = async () => (await localMetrics(baseUrl)).CheckoutFailures ?? 0;
    const before = await failures();
    await refuseCheckoutSessions(baseUrl, shopper.email);
    try {
      expect(await api(baseUrl, shopper, 'POST', '/orders', body)).toMatchObject({
        status: 502,
        body: { message: CHECKOUT_MESSAGES.checkoutFailed },
      });
    } finally {
      await refuseCheckoutSessions(baseUrl, null);
    }
    expect(await failures()).toBe(before + 1);

    const again = await api(baseUrl, shopper, 'POST', '/orders', body);
    expect(again.status).toBe(200);
    const checkoutSessionId = new URL(again.body.checkoutUrl).pathname.split('/').pop()!;
    expect(await stripe.checkout.sessions.retrieve(checkoutSessionId)).toMatchObject({
      status: 'open',
      customer_email: shopper.email,
      client_reference_id: again.body.orderId,
    });
    expect(await failures()).toBe(before + 1);
  });

  it('a retried placement that a newer one replaced stays closed: placing again makes a new order', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const body = placement(shopper);
    const first = await placeOrder(baseUrl, shopper, body);
    await placeOrder(baseUrl, shopper);
    await expect.poll(async () => (await staffOrder(first.orderId)).paymentStatus, { timeout: 10_000 }).toBe('expired');
    expect(await api(baseUrl, shopper, 'POST', '/orders', body)).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.checkoutExpired },
    });
  });
});

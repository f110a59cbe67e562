/**
 * Orders after checkout against the local stack (issue 9): a client reads only their own orders,
 * success page and invoice; tracking needs the number and the order's e-mail and never tells which
 * was wrong; staff list, search, page and move orders along the transition table, and nobody else can.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { AdminOrderDetail, AdminOrdersPage, OrderDetail, TrackedOrder } from '#domain/orders/responses';
import {
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  pay,
  placement,
  placeOrder,
  shopperWithPlacedOrder,
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');

let staffToken: string;
let owner: Shopper;
let paidOrder: PlacedOrder;
let stranger: Shopper;

const staff = () => ({ accessToken: staffToken });
const transition = (orderId: string, body: unknown) =>
  api<AdminOrderDetail>(baseUrl, staff(), 'POST', `/admin/orders/${orderId}/transitions`, body);

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, staffAccount);
  ({ shopper: owner, order: paidOrder } = await shopperWithPlacedOrder(baseUrl));
  await pay(baseUrl, paidOrder.checkoutSessionId);
  const paid = await eventually(
    () => myOrder(baseUrl, owner, paidOrder.orderId),
    (order) => order.paymentStatus === 'paid',
    10_000,
  );
  if (paid.paymentStatus !== 'paid')
    throw new Error(`order ${paidOrder.orderNumber} was not paid: ${paid.paymentStatus}`);
  stranger = await newShopper(baseUrl, { firstName: 'Other', lastName: 'Person' });
});

describe('a client’s orders', () => {
  it('lists the orders the client paid for, newest first', async () => {
    const { shopper, order: first } = await shopperWithPlacedOrder(baseUrl);
    await pay(baseUrl, first.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, shopper, first.orderId),
      (order) => order.paymentStatus === 'paid',
      10_000,
    );
    await addToCart(baseUrl, shopper, blind());
    const second = await placeOrder(baseUrl, shopper, placement(shopper));
    await pay(baseUrl, second.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, shopper, second.orderId),
      (order) => order.paymentStatus === 'paid',
      10_000,
    );
    const list = await api(baseUrl, shopper, 'GET', '/orders');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((order: { orderNumber: string }) => order.orderNumber)).toEqual([
      second.orderNumber,
      first.orderNumber,
    ]);
    expect(list.body.orders[1]).toMatchObject({
      id: first.orderId,
      status: 'processing',
      paymentStatus: 'paid',
      blindCount: 1,
      sampleCount: 0,
    });
  });

  it('the success page finds the paid order by its checkout session, for its owner only', async () => {
    const mine = await api<OrderDetail>(baseUrl, owner, 'GET', `/checkout/sessions/${paidOrder.checkoutSessionId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      id: paidOrder.orderId,
      orderNumber: paidOrder.orderNumber,
      status: 'processing',
      paymentStatus: 'paid',
    });
    expect(mine.body).not.toHaveProperty('clientId');
    expect(mine.body).not.toHaveProperty('sessionId');
    expect(await api(baseUrl, stranger, 'GET', `/checkout/sessions/${paidOrder.checkoutSessionId}`)).toEqual({
      status: 404,
      body: { message: 'Order Not Found' },
    });
    expect(await api(baseUrl, owner, 'GET', '/checkout/sessions/cs_test_unknown')).toEqual({
      status: 404,
      body: { message: 'Order Not Found' },
    });
  });

  it('another client can read neither the order, nor its invoice, nor find it in their list', async () => {
    expect(await api(baseUrl, stranger, 'GET', `/orders/${paidOrder.orderId}`)).toEqual({
      status: 404,
      body: { message: 'Order Not Found' },
    });
    expect(await api(baseUrl, stranger, 'GET', `/orders/${paidOrder.orderId}/invoice`)).toEqual({
      status: 404,
      body: { message: 'Order Not Found' },
    });
    expect((await api(baseUrl, stranger, 'GET', '/orders')).body.orders).toEqual([]);
    expect((await api(baseUrl, null, 'GET', '/orders')).status).toBe(401);
  });

  it('an unpaid order has no invoice yet', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    expect(await api(baseUrl, shopper, 'GET', `/orders/${order.orderId}/invoice`)).toEqual({
      status: 404,
      body: { message: ORDER_MESSAGES.invoiceNotReady },
    });
  });
});

describe('tracking an order', () => {
  const track = (query: Record<string, string>) =>
    api<TrackedOrder>(baseUrl, null, 'GET', `/track-order?${new URLSearchParams(query)}`);

  it('shows the order for its number and e-mail, the e-mail trimmed and in any case', async () => {
    const { status, body } = await track({
      orderNumber: paidOrder.orderNumber.toLowerCase(),
      email: `  ${owner.email.toUpperCase()} `,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      orderNumber: paidOrder.orderNumber,
      status: 'processing',
      statusLabel: 'Processing',
      shipment: null,
    });
    expect(body.lines).toHaveLength(1);
    expect(body).not.toHaveProperty('billingAddress');
    expect(body).not.toHaveProperty('checkoutSessionId');
  });

  it('gives the same not-found answer for a wrong e-mail and for a wrong number', async () => {
    const notFound = { status: 404, body: { message: ORDER_MESSAGES.trackingNotFound } };
    expect(await track({ orderNumber: paidOrder.orderNumber, email: stranger.email })).toEqual(notFound);
    expect(await track({ orderNumber: 'HBB-ZZZZZZ', email: owner.email })).toEqual(notFound);
    expect(await track({ orderNumber: 'nonsense', email: owner.email })).toEqual(notFound);
  });

  it('needs both the order number and the e-mail', async () => {
    const missing = await track({ orderNumber: paidOrder.orderNumber });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      message: ORDER_MESSAGES.trackingMissing,
      fieldErrors: { email: ORDER_MESSAGES.trackingMissing },
    });
  });
});

describe('the admin Orders tab', () => {
  it('is for staff only: 401 without a token, 403 for a customer', async () => {
    for (const [method, path] of [
      ['GET', '/admin/orders'],
      ['GET', `/admin/orders/${paidOrder.orderId}`],
      ['POST', `/admin/orders/${paidOrder.orderId}/transitions`],
    ] as const) {
      expect(
        (await api(baseUrl, null, method, path, method === 'POST' ? { action: 'deliver' } : undefined)).status,
        `${method} ${path}`,
      ).toBe(401);
      expect(
        (await api(baseUrl, owner, method, path, method === 'POST' ? { action: 'deliver' } : undefined)).status,
        `${method} ${path}`,
      ).toBe(403);
    }
    expect((await myOrder(baseUrl, owner, paidOrder.orderId)).status).toBe('processing');
  });

  it('lists orders newest first by status, pages with a cursor, and finds one by number or e-mail', async () => {
    const { order: newest } = await shopperWithPlacedOrder(baseUrl);
    const pending = await api<AdminOrdersPage>(baseUrl, staff(), 'GET', '/admin/orders?status=pending&limit=1');
    expect(pending.status).toBe(200);
    expect(pending.body.orders.map((order) => order.orderNumber)).toEqual([newest.orderNumber]);
    expect(pending.body.nextCursor).not.toBeNull();
    const next = await api<AdminOrdersPage>(
      baseUrl,
      staff(),
      'GET',
      `/admin/orders?status=pending&limit=1&cursor=${pending.body.nextCursor}`,
    );
    expect(next.body.orders).toHaveLength(1);
    expect(next.body.orders[0]!.orderNumber).not.toBe(newest.orderNumber);
    expect(next.body.orders[0]!.status).toBe('pending');

    const all = await api<AdminOrdersPage>(baseUrl, staff(), 'GET', '/admin/orders?limit=100');
    const createdAt = all.body.orders.map((order) => order.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());

    const byNumber = await api<AdminOrdersPage>(
      baseUrl,
      staff(),
      'GET',
      `/admin/orders?q=${paidOrder.orderNumber.toLowerCase()}`,
    );
    expect(byNumber.body.orders).toMatchObject([
      { id: paidOrder.orderId, customerEmail: owner.email, customerName: 'Casey Buyer', status: 'processing' },
    ]);
    const byEmail = await api<AdminOrdersPage>(
      baseUrl,
      staff(),
      'GET',
      `/admin/orders?q=${encodeURIComponent(owner.email.toUpperCase())}`,
    );
    expect(byEmail.body.orders.map((order) => order.id)).toEqual([paidOrder.orderId]);
    const byEmailAndStatus = await api<AdminOrdersPage>(
      baseUrl,
      staff(),
      'GET',
      `/admin/orders?status=shipped&q=${encodeURIComponent(owner.email)}`,
    );
    expect(byEmailAndStatus.body.orders).toEqual([]);

    expect(await api(baseUrl, staff(), 'GET', '/admin/orders?q=hello')).toMatchObject({
      status: 400,
      body: { fieldErrors: { q: ORDER_MESSAGES.searchInvalid } },
    });
    expect(await api(baseUrl, staff(), 'GET', '/admin/orders?status=lost')).toMatchObject({
      status: 400,
      body: { fieldErrors: { status: 'Please choose a status from the list.' } },
    });
    const foreignCursor = Buffer.from(
      JSON.stringify({ pk: 'x', sk: 'y', gsi2pk: 'ORDERS#shipped', gsi2sk: 'z' }),
    ).toString('base64url');
    expect((await api(baseUrl, staff(), 'GET', `/admin/orders?status=pending&cursor=${foreignCursor}`)).status).toBe(
      400,
    );
  });

  it('refuses transitions the table does not allow with 409 and the reason', async () => {
    const { order } = await shopperWithPlacedOrder(baseUrl);
    expect(await transition(order.orderId, { action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' })).toMatchObject({
      status: 409,
      body: {
        message: 'This order is pending: it can be shipped only when it is processing, in production or ready to ship.',
      },
    });
    expect(await transition(paidOrder.orderId, { action: 'deliver' })).toMatchObject({
      status: 409,
      body: { message: 'This order is processing: it can be marked delivered only when it is shipped.' },
    });
    expect(
      await transition(paidOrder.orderId, { action: 'ship', carrier: 'Pigeon', trackingNumber: '' }),
    ).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { carrier: 'Please choose a carrier.', trackingNumber: 'Please enter the tracking number.' },
      },
    });
    expect((await transition('no-such-order', { action: 'deliver' })).status).toBe(404);
  });

  it('ships with a carrier and tracking number, then delivers, each change recorded with who and when', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    await pay(baseUrl, order.checkoutSessionId);
    await expect
      .poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).status, { timeout: 10_000 })
      .toBe('processing');

    const shipped = await transition(order.orderId, {
      action: 'ship',
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1 01 2345 6784',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z 999 AA1 01 2345 6784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });
    const tracked = await api<TrackedOrder>(
      baseUrl,
      null,
      'GET',
      `/track-order?orderNumber=${order.orderNumber}&email=${encodeURIComponent(shopper.email)}`,
    );
    expect(tracked.body).toMatchObject({ status: 'shipped', statusLabel: 'Shipped', shipment: { carrier: 'UPS' } });
    expect(await transition(order.orderId, { action: 'ship', carrier: 'UPS', trackingNumber: 'AGAIN' })).toMatchObject({
      status: 409,
    });

    const delivered = await transition(order.orderId, { action: 'deliver' });
    expect(delivered.body).toMatchObject({ status: 'delivered' });
    expect(delivered.body.deliveredAt).not.toBeNull();
    const staffId = JSON.parse(Buffer.from(staffToken.split('.')[1]!, 'base64url').toString()).sub;
    expect(delivered.body.history.map((entry) => [entry.event, entry.actor.kind, entry.status])).toEqual([
      ['placed', 'customer', 'pending'],
      ['paid', 'payment', 'processing'],
      ['shipped', 'staff', 'shipped'],
      ['delivered', 'staff', 'delivered'],
    ]);
    expect(delivered.body.history.slice(2).map((entry) => entry.actor.id)).toEqual([staffId, staffId]);
    expect(delivered.body.history[2]!.note).toBe('UPS 1Z 999 AA1 01 2345 6784');
    expect(await transition(order.orderId, { action: 'cancel' })).toMatchObject({
      status: 409,
      body: {
        message:
          'This order is delivered: it can be cancelled only when it is pending, processing, in production or ready to ship.',
      },
    });
  });

  it('cancels an unpaid order and closes its payment page', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const cancelled = await transition(order.orderId, { action: 'cancel' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    await expect
      .poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).paymentStatus, { timeout: 10_000 })
      .toBe('expired');
  });
});

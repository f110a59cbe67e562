/**
 * Checkouts that ended unpaid (issue 25, decision 0039): a customer who leaves the payment page and
 * pays on the next try has one order, the one they paid; the attempt before it is no order of theirs
 * (not in their history, not readable, not trackable) and staff find it under its own listing, not
 * among pending orders. Staff read an order's history by names, not user ids.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { AdminOrderDetail, AdminOrdersPage, MyOrdersResponse } from '#domain/orders/responses';
import {
  addToCart,
  api,
  blind,
  newShopper,
  pay,
  placement,
  placeOrder,
  stripeControl,
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');

let staffToken: string;
const staff = () => ({ accessToken: staffToken });
const staffDetail = async (orderId: string) =>
  (await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${orderId}`)).body;
const listed = async (query: string) =>
  (await api<AdminOrdersPage>(baseUrl, staff(), 'GET', `/admin/orders?${query}`)).body.orders.map((order) => order.id);

let shopper: Shopper;
let abandoned: PlacedOrder;
let paid: PlacedOrder;

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, staffAccount);
  // Place Order, Back on the payment page, Place Order again (a new visit's placement) and pay.
  shopper = await newShopper(baseUrl, { firstName: 'Dana', lastName: 'Reyes' });
  await addToCart(baseUrl, shopper, blind());
  abandoned = await placeOrder(baseUrl, shopper, placement(shopper, { installation: false }));
  paid = await placeOrder(baseUrl, shopper, placement(shopper));
  const ended = await eventually(
    () => staffDetail(abandoned.orderId),
    (order) => order.paymentStatus === 'expired',
    10_000,
  );
  if (ended.paymentStatus !== 'expired')
    throw new Error(`the first attempt's page did not end: ${ended.paymentStatus}`);
  await pay(baseUrl, paid.checkoutSessionId);
  const bought = await eventually(
    () => staffDetail(paid.orderId),
    (order) => order.paymentStatus === 'paid',
    10_000,
  );
  if (bought.paymentStatus !== 'paid') throw new Error(`the second placement was not paid: ${bought.paymentStatus}`);
});

describe('a checkout cancelled and placed again', () => {
  it('leaves the customer one order, the one they paid: the attempt is not in their history, nor readable, nor trackable', async () => {
    const history = await api<MyOrdersResponse>(baseUrl, shopper, 'GET', '/orders');
    expect(history.body.orders.map((order) => [order.id, order.paymentStatus])).toEqual([[paid.orderId, 'paid']]);
    expect(await api(baseUrl, shopper, 'GET', `/orders/${abandoned.orderId}`)).toEqual({
      status: 404,
      body: { message: ORDER_MESSAGES.notFound },
    });
    expect(await api(baseUrl, shopper, 'GET', `/orders/${abandoned.orderId}/invoice`)).toEqual({
      status: 404,
      body: { message: ORDER_MESSAGES.notFound },
    });
    const tracked = await api(
      baseUrl,
      null,
      'GET',
      `/track-order?orderNumber=${abandoned.orderNumber}&email=${encodeURIComponent(shopper.email)}`,
    );
    expect(tracked).toEqual({ status: 404, body: { message: ORDER_MESSAGES.trackingNotFound } });
  });

  it('an order waiting for its payment is not in the history either', async () => {
    const waiting = await newShopper(baseUrl);
    await addToCart(baseUrl, waiting, blind());
    await placeOrder(baseUrl, waiting);
    expect((await api<MyOrdersResponse>(baseUrl, waiting, 'GET', '/orders')).body.orders).toEqual([]);
  });

  it('lists the attempt for staff under abandoned checkouts, not among pending orders nor all orders; a search by e-mail finds both', async () => {
    expect(await listed('status=abandoned&limit=100')).toContain(abandoned.orderId);
    expect(await listed('status=pending&limit=100')).not.toContain(abandoned.orderId);
    expect(await listed('limit=100')).not.toContain(abandoned.orderId);
    expect(await listed('status=processing&limit=100')).toContain(paid.orderId);
    expect(await listed(`q=${encodeURIComponent(shopper.email)}`)).toEqual([paid.orderId, abandoned.orderId]);
    expect(await listed(`status=abandoned&q=${encodeURIComponent(shopper.email)}`)).toEqual([abandoned.orderId]);
  });

  it('a retried placement that reopens an attempt makes it a pending order again, and its payment an order of the customer', async () => {
    const returning = await newShopper(baseUrl);
    await addToCart(baseUrl, returning, blind());
    const body = placement(returning);
    const first = await placeOrder(baseUrl, returning, body);
    await stripeControl(baseUrl, `/sessions/${first.checkoutSessionId}/expire`);
    await expect.poll(async () => listed('status=abandoned&limit=100'), { timeout: 10_000 }).toContain(first.orderId);

    const again = await api(baseUrl, returning, 'POST', '/orders', body);
    expect(again.status).toBe(200);
    expect(await listed('status=pending&limit=100')).toContain(first.orderId);
    expect(await listed('status=abandoned&limit=100')).not.toContain(first.orderId);
    await pay(baseUrl, new URL(again.body.checkoutUrl).pathname.split('/').pop()!);
    await expect
      .poll(
        async () =>
          (await api<MyOrdersResponse>(baseUrl, returning, 'GET', '/orders')).body.orders.map((order) => order.id),
        { timeout: 10_000 },
      )
      .toEqual([first.orderId]);
  });
});

describe('an order’s history for staff', () => {
  it('names the customer and the staff member who acted, not their user ids', async () => {
    const shipped = await api<AdminOrderDetail>(baseUrl, staff(), 'POST', `/admin/orders/${paid.orderId}/transitions`, {
      action: 'ship',
      carrier: 'UPS',
      trackingNumber: '1Z999',
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.history.map((entry) => [entry.event, entry.actorName])).toEqual([
      ['placed', 'Casey Buyer'],
      ['paid', null],
      ['shipped', staffAccount.email],
    ]);
    expect((await staffDetail(paid.orderId)).history.at(-1)!.actorName).toBe(staffAccount.email);
  });
});

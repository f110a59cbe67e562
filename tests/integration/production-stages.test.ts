/**
 * Production stages against the local stack (issue 29): staff move an order through its stages,
 * one or a batch, each move recorded with its time and mailed as the customer's preferences allow;
 * a batch says which orders moved and which did not and why; the customer cancels until production
 * starts (a paid order refunded through the payment provider's stand-in), and is told why not after.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#domain/accounts/client';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { AdminOrderDetail, OrderBatchResult, OrderDetail, TrackedOrder } from '#domain/orders/responses';
import {
  addToCart,
  api,
  blind,
  DALLAS,
  myOrder,
  newShopper,
  pay,
  placeOrder,
  placement,
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
let staffToken: string;
const staff = () => ({ accessToken: staffToken });

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
});

const transition = (orderId: string, body: unknown) =>
  api<AdminOrderDetail>(baseUrl, staff(), 'POST', `/admin/orders/${orderId}/transitions`, body);
const batch = (body: unknown) => api<OrderBatchResult>(baseUrl, staff(), 'POST', '/admin/orders/transitions', body);
const cancelMine = (shopper: Shopper, orderId: string) =>
  api<OrderDetail>(baseUrl, shopper, 'POST', `/orders/${orderId}/cancel`, {});

/** An order placed for a blind delivered to Dallas (with installation when asked), not paid. */
async function placedOrder(shopper: Shopper, installation = false): Promise<PlacedOrder> {
  await addToCart(baseUrl, shopper, blind());
  return placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS, installation }));
}

async function paidOrder(shopper: Shopper, installation = false): Promise<PlacedOrder> {
  const order = await placedOrder(shopper, installation);
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, order.orderId),
    (detail) => detail.paymentStatus === 'paid',
    10_000,
  );
  return order;
}

const statusSubjects = async (shopper: Shopper) =>
  (await mailsFor(baseUrl, shopper.email)).map((mail) => mail.subject).filter((subject) => subject.includes(' order'));

describe('staff move an order through its stages', () => {
  it('records each stage with its time and who moved it, shows it on tracking, and mails the customer', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper, true);

    const inProduction = await transition(order.orderId, { action: 'startProduction' });
    expect(inProduction.status).toBe(200);
    expect(inProduction.body).toMatchObject({ status: 'inProduction' });
    expect(inProduction.body.productionStartedAt).not.toBeNull();
    const ready = await transition(order.orderId, { action: 'markReady' });
    expect(ready.body).toMatchObject({ status: 'readyToShip' });
    await transition(order.orderId, { action: 'ship', carrier: 'Local delivery', trackingNumber: 'VAN-7' });
    await transition(order.orderId, { action: 'deliver' });
    const installed = await transition(order.orderId, { action: 'install' });
    expect(installed.status).toBe(200);
    expect(installed.body).toMatchObject({ status: 'installed' });
    expect(installed.body.history.map((entry) => [entry.event, entry.actor.kind, entry.status])).toEqual([
      ['placed', 'customer', 'pending'],
      ['paid', 'payment', 'processing'],
      ['productionStarted', 'staff', 'inProduction'],
      ['readyToShip', 'staff', 'readyToShip'],
      ['shipped', 'staff', 'shipped'],
      ['delivered', 'staff', 'delivered'],
      ['installed', 'staff', 'installed'],
    ]);
    const history = installed.body.history;
    expect(installed.body.productionStartedAt).toBe(history[2]!.at);
    expect(installed.body.readyToShipAt).toBe(history[3]!.at);
    expect(installed.body.installedAt).toBe(history[6]!.at);

    const tracked = await api<TrackedOrder>(
      baseUrl,
      null,
      'GET',
      `/track-order?orderNumber=${order.orderNumber}&email=${encodeURIComponent(shopper.email)}`,
    );
    expect(tracked.body).toMatchObject({
      status: 'installed',
      statusLabel: 'Installed',
      productionStartedAt: history[2]!.at,
      readyToShipAt: history[3]!.at,
      installedAt: history[6]!.at,
    });
    expect(tracked.body.estimate).not.toBeNull();

    const expected = [
      `Your order ${order.orderNumber} is in production`,
      `Your order ${order.orderNumber} is ready to ship`,
      `Your order ${order.orderNumber} has shipped`,
      `Your order ${order.orderNumber} was delivered`,
      `Your blinds from order ${order.orderNumber} are installed`,
    ];
    const subjects = await eventually(
      () => statusSubjects(shopper),
      (found) => expected.every((subject) => found.includes(subject)),
      15_000,
    );
    expect(subjects).toEqual(expect.arrayContaining(expected));
    const productionMail = (await mailsFor(baseUrl, shopper.email)).find((mail) => mail.subject === expected[0])!;
    expect(productionMail.text).toContain('can no longer be changed or cancelled online');
    expect(productionMail.text).toMatch(/Delivered by .* \(ships by .*\)\./);
  });

  it('marks installed only an order whose installation was bought', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    await transition(order.orderId, { action: 'ship', carrier: 'UPS', trackingNumber: '1Z1' });
    await transition(order.orderId, { action: 'deliver' });
    expect(await transition(order.orderId, { action: 'install' })).toMatchObject({
      status: 409,
      body: { message: 'This order has no installation: it cannot be marked installed.' },
    });
  });

  it('a customer who turned order updates off hears of ready to ship (a shipping update), not of production', async () => {
    const shopper = await newShopper(baseUrl);
    const preferences = await api(baseUrl, shopper, 'PUT', '/account/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailOrders: false,
    });
    expect(preferences.status).toBe(200);
    const order = await paidOrder(shopper);
    await transition(order.orderId, { action: 'startProduction' });
    await transition(order.orderId, { action: 'markReady' });
    const ready = `Your order ${order.orderNumber} is ready to ship`;
    await eventually(
      () => statusSubjects(shopper),
      (found) => found.includes(ready),
      15_000,
    );
    // Both moves' events were published in order; the later one's mail has arrived, so the earlier one was decided.
    expect((await statusSubjects(shopper)).filter((subject) => subject.startsWith('Your order'))).toEqual([ready]);
  });
});

describe('a production batch', () => {
  it('moves the orders in the state it leaves from and reports each other one with why', async () => {
    const shopper = await newShopper(baseUrl);
    const first = await paidOrder(shopper);
    const second = await paidOrder(shopper);
    const unpaid = await placedOrder(shopper);
    const alreadyMoved = await paidOrder(shopper);
    await transition(alreadyMoved.orderId, { action: 'startProduction' });

    const answer = await batch({
      action: 'startProduction',
      orderIds: [first.orderId, unpaid.orderId, second.orderId, alreadyMoved.orderId, 'no-such-order'],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.moved).toEqual([
      { orderId: first.orderId, orderNumber: first.orderNumber, status: 'inProduction' },
      { orderId: second.orderId, orderNumber: second.orderNumber, status: 'inProduction' },
    ]);
    expect(answer.body.notMoved).toEqual([
      {
        orderId: unpaid.orderId,
        orderNumber: unpaid.orderNumber,
        reason: 'This order is pending: it can be put in production only when it is processing.',
      },
      {
        orderId: alreadyMoved.orderId,
        orderNumber: alreadyMoved.orderNumber,
        reason: 'This order is in production: it can be put in production only when it is processing.',
      },
      { orderId: 'no-such-order', orderNumber: null, reason: ORDER_MESSAGES.notFound },
    ]);
    expect((await myOrder(baseUrl, shopper, second.orderId)).status).toBe('inProduction');
    await eventually(
      () => statusSubjects(shopper),
      (found) => [first, second].every((order) => found.includes(`Your order ${order.orderNumber} is in production`)),
      15_000,
    );
  });

  it('moves an order once when two batches race for it', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    const answers = await Promise.all(
      [1, 2, 3].map(() => batch({ action: 'startProduction', orderIds: [order.orderId] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.flatMap((answer) => answer.body.moved)).toHaveLength(1);
    const detail = await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${order.orderId}`);
    expect(detail.body.history.filter((entry) => entry.event === 'productionStarted')).toHaveLength(1);
  });

  it('refuses a batch that names no order, the same order twice, or an action that carries input', async () => {
    expect(await batch({ action: 'startProduction', orderIds: [] })).toMatchObject({
      status: 400,
      body: { fieldErrors: { orderIds: 'Please select the orders to move.' } },
    });
    expect(await batch({ action: 'startProduction', orderIds: ['a', 'a'] })).toMatchObject({
      status: 400,
      body: { fieldErrors: { orderIds: 'Each order may be selected once.' } },
    });
    expect((await batch({ action: 'ship', orderIds: ['a'] })).status).toBe(400);
  });
});

describe('the customer cancels their order', () => {
  it('before production: cancelled, and a paid order refunded through the payment provider', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    const cancelled = await cancelMine(shopper, order.orderId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled' });
    expect(cancelled.body.cancelledAt).not.toBeNull();
    const refunded = await eventually(
      () => myOrder(baseUrl, shopper, order.orderId),
      (detail) => detail.paymentStatus === 'refunded',
      10_000,
    );
    expect(refunded.paymentStatus).toBe('refunded');
    const detail = await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${order.orderId}`);
    expect(detail.body.history.map((entry) => [entry.event, entry.actor.kind])).toEqual(
      expect.arrayContaining([
        ['cancelled', 'customer'],
        ['refunded', 'customer'],
      ]),
    );
    await eventually(
      () => statusSubjects(shopper),
      (found) => found.includes(`Your order ${order.orderNumber} was cancelled`),
      15_000,
    );
    expect(await cancelMine(shopper, order.orderId)).toMatchObject({
      status: 409,
      body: { message: ORDER_MESSAGES.alreadyCancelled },
    });
  });

  it('once in production: refused with why, and the order is unchanged', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    await transition(order.orderId, { action: 'startProduction' });
    expect(await cancelMine(shopper, order.orderId)).toMatchObject({
      status: 409,
      body: { message: ORDER_MESSAGES.cancelInProduction },
    });
    expect(await myOrder(baseUrl, shopper, order.orderId)).toMatchObject({
      status: 'inProduction',
      paymentStatus: 'paid',
    });
  });

  it('only their own order: another client gets the not-found answer', async () => {
    const owner = await newShopper(baseUrl);
    const order = await paidOrder(owner);
    const stranger = await newShopper(baseUrl, { firstName: 'Other', lastName: 'Person' });
    expect(await cancelMine(stranger, order.orderId)).toMatchObject({
      status: 404,
      body: { message: ORDER_MESSAGES.notFound },
    });
    expect((await myOrder(baseUrl, owner, order.orderId)).status).toBe('processing');
  });
});

describe('orders that will miss their promised date', () => {
  it('are flagged in the list, and a fresh order is not', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    const page = await api(baseUrl, staff(), 'GET', `/admin/orders?q=${order.orderNumber}`);
    expect(page.body.orders[0]).toMatchObject({ orderNumber: order.orderNumber, missesPromise: false });
    expect(page.body.orders[0].deliveredBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const late = await api(baseUrl, staff(), 'GET', '/admin/orders?missesPromise=true');
    expect(late.status).toBe(200);
    expect(late.body.orders.every((row: { missesPromise: boolean }) => row.missesPromise)).toBe(true);
    expect(late.body.orders.map((row: { id: string }) => row.id)).not.toContain(order.orderId);
  });
});

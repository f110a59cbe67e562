/**
 * Lines with their own status against the local stack (issue 29): staff backorder a line with a
 * note the customer reads in My Account and on tracking (and by mail); a line of a paid card order
 * cancelled alone is refunded its share through the payment provider's stand-in, once however many
 * cancels arrive together; a line of an order on account is credited, no card refund; the routes
 * keep to their duties.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LINE_MESSAGES, lineRefundCents } from '#domain/orders/line-status';
import type { AdminOrderDetail, TrackedOrder } from '#domain/orders/responses';
import { formatCents } from '#domain/pricing/money';
import { orderKeys } from '../../functions/lib/table/keys/orders';
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
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { staffMemberWith } from '../support/staff-member';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
});

const moveLine = (orderId: string, position: number, body: unknown, caller = staff) =>
  api<AdminOrderDetail>(baseUrl, caller, 'POST', `/admin/orders/${orderId}/lines/${position}/transitions`, body);

/** Two lines (a faux wood blind and two wider ones), delivered to Dallas, paid and in production. */
async function paidOrderOfTwoLines(shopper: Shopper): Promise<PlacedOrder> {
  await addToCart(baseUrl, shopper, blind());
  await addToCart(baseUrl, shopper, blind({ width: { inches: 47, eighths: 0 }, quantity: 2 }));
  const order = await placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS }));
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, order.orderId),
    (detail) => detail.paymentStatus === 'paid',
    10_000,
  );
  const started = await api(baseUrl, staff, 'POST', `/admin/orders/${order.orderId}/transitions`, {
    action: 'startProduction',
  });
  expect(started.status).toBe(200);
  return order;
}

async function chargeOf(paymentIntentId: string): Promise<Stripe.Charge> {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }))
    .latest_charge as Stripe.Charge;
}

async function orderHeader(orderId: string): Promise<Record<string, unknown>> {
  const { Item } = await localTable().send(new GetCommand({ TableName: env.TABLE_NAME, Key: orderKeys(orderId) }));
  return Item!;
}

describe('a line with its own status', () => {
  it('backorders a line with a note the customer reads in My Account, on tracking and by mail, then puts it back', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderOfTwoLines(shopper);

    const backordered = await moveLine(order.orderId, 1, { action: 'backorder', note: 'Fabric due Dec 10' });
    expect(backordered.status).toBe(200);
    expect(backordered.body.lines[0]).toMatchObject({ status: 'backordered', statusNote: 'Fabric due Dec 10' });
    expect(backordered.body.lines[1]!.status).toBeUndefined();
    expect(backordered.body.status).toBe('inProduction');
    expect(backordered.body.history.at(-1)).toMatchObject({
      event: 'lineChanged',
      actor: { kind: 'staff' },
      note: expect.stringMatching(/^Line 1 \(.+\): backordered\. Fabric due Dec 10$/),
    });

    const mine = await myOrder(baseUrl, shopper, order.orderId);
    expect(mine.lines[0]).toMatchObject({ status: 'backordered', statusNote: 'Fabric due Dec 10' });
    const tracked = await api<TrackedOrder>(
      baseUrl,
      null,
      'GET',
      `/track-order?orderNumber=${order.orderNumber}&email=${encodeURIComponent(shopper.email)}`,
    );
    expect(tracked.body.lines[0]).toMatchObject({ status: 'backordered', statusNote: 'Fabric due Dec 10' });

    const mail = await eventually(
      async () => (await mailsFor(baseUrl, shopper.email)).find((sent) => sent.subject.includes('backordered')),
      (found) => found !== undefined,
      10_000,
    );
    expect(mail!.subject).toBe(`An item of your order ${order.orderNumber}: backordered`);
    expect(mail!.text).toContain('Our note: Fabric due Dec 10');

    const resumed = await moveLine(order.orderId, 1, { action: 'resume' });
    expect(resumed.body.lines[0]!.status).toBe('ordered');
    expect(await moveLine(order.orderId, 1, { action: 'resume' })).toEqual({
      status: 409,
      body: {
        message: 'This line is ordered: it can be put back in the order only when it is backordered or being remade.',
      },
    });
    const lineEntries = (await auditEntriesOf(baseUrl, staff, 'order', order.orderId)).filter(({ action }) =>
      ['backorder', 'resume'].includes(action),
    );
    expect(lineEntries, 'the refused resume is not audited').toMatchObject([
      {
        action: 'resume',
        staff: { id: staffIdOf(staff) },
        record: { kind: 'order', id: order.orderId, label: order.orderNumber },
        before: { line1Status: 'backordered', line1Note: 'Fabric due Dec 10' },
        after: { line1Status: 'ordered', line1Note: '' },
      },
      {
        action: 'backorder',
        staff: { id: staffIdOf(staff) },
        before: { line1Status: 'ordered', line1Note: null },
        after: { line1Status: 'backordered', line1Note: 'Fabric due Dec 10' },
      },
    ]);
    expect(await moveLine(order.orderId, 7, { action: 'backorder' })).toEqual({
      status: 404,
      body: { message: LINE_MESSAGES.notFound },
    });
    expect(await moveLine(order.orderId, 1, { action: 'explode' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { action: expect.any(String) } },
    });
  });

  it('a line refunded alone: one partial refund of its share at the provider, once under concurrent cancels', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderOfTwoLines(shopper);
    const before = (await api<AdminOrderDetail>(baseUrl, staff, 'GET', `/admin/orders/${order.orderId}`)).body;
    const share = lineRefundCents(before, 2);
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(before.amountPaidCents!);

    const cancels = await Promise.all(
      [1, 2, 3].map(() => moveLine(order.orderId, 2, { action: 'cancelLine', note: 'Window bricked up' })),
    );
    expect(cancels.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const refused of cancels.filter((answer) => answer.status !== 200)) expect(refused.status).toBe(409);

    const after = (await api<AdminOrderDetail>(baseUrl, staff, 'GET', `/admin/orders/${order.orderId}`)).body;
    expect(after.lines[1]).toMatchObject({
      status: 'cancelled',
      statusNote: 'Window bricked up',
      refundedCents: share,
    });
    expect(after).toMatchObject({ status: 'inProduction', paymentStatus: 'paid' });
    expect(after.history.filter((entry) => entry.event === 'refunded').map((entry) => entry.note)).toEqual([
      `Refunded ${formatCents(share)} for line 2 (${after.lines[1]!.title})`,
    ]);
    expect(after.history.filter((entry) => entry.event === 'lineChanged')).toHaveLength(1);

    const charge = await chargeOf(before.paymentIntentId!);
    expect(charge.amount_refunded, 'one partial refund of the line').toBe(share);
    expect(charge.refunded).toBe(false);
    // The order's refunds as held and as the provider's charge.refunded reported them.
    const header = await eventually(
      () => orderHeader(order.orderId),
      (item) => item.amountRefundedCents === share,
      10_000,
    );
    expect(header.refundedCents).toBe(share);

    expect(await moveLine(order.orderId, 2, { action: 'cancelLine' }), 'a later cancel refunds nothing').toMatchObject({
      status: 409,
    });
    expect((await chargeOf(before.paymentIntentId!)).amount_refunded).toBe(share);
    expect(await moveLine(order.orderId, 1, { action: 'cancelLine' })).toEqual({
      status: 409,
      body: { message: LINE_MESSAGES.lastLine },
    });
    const audited = await auditEntriesOf(baseUrl, staff, 'order', order.orderId);
    // Newest first: the refund, then the move it followed in the same request, then the earlier start.
    expect(
      audited.map(({ action }) => action),
      'one entry for the move, one for its refund',
    ).toEqual(['refundLine', 'cancelLine', 'startProduction']);
    expect(audited.length).toBe(3);
    const entryOf = (action: string) => audited.find((entry) => entry.action === action);
    expect(entryOf('refundLine')).toMatchObject({
      staff: { id: staffIdOf(staff) },
      record: { kind: 'order', id: order.orderId, label: order.orderNumber },
      before: { line2RefundCents: null },
      after: { line2RefundCents: share, paymentIntentId: before.paymentIntentId },
    });
    expect(entryOf('cancelLine')).toMatchObject({
      before: { line2Status: 'ordered', line2Note: null },
      after: { line2Status: 'cancelled', line2Note: 'Window bricked up' },
    });

    const mine = await myOrder(baseUrl, shopper, order.orderId);
    expect(mine.lines[1]).toMatchObject({ status: 'cancelled', refundedCents: share });
    const mail = await eventually(
      async () => (await mailsFor(baseUrl, shopper.email)).find((sent) => sent.subject.includes('cancelled')),
      (found) => found !== undefined,
      10_000,
    );
    expect(mail!.text).toContain(`We are refunding ${formatCents(share)} to your card`);

    // Cancelling the order afterwards refunds only what is left of the payment.
    const cancelled = await api(baseUrl, staff, 'POST', `/admin/orders/${order.orderId}/transitions`, {
      action: 'cancel',
    });
    expect(cancelled.status).toBe(200);
    expect((await chargeOf(before.paymentIntentId!)).amount_refunded).toBe(before.amountPaidCents);
  });

  it('credits a cancelled line of an order on account on its invoice, with no card refund', async () => {
    const shopper = await newShopper(baseUrl);
    const terms = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/payment-terms`, {
      terms: 'net30',
      creditLimitCents: 1_000_000,
    });
    expect(terms.status).toBe(200);
    await addToCart(baseUrl, shopper, blind());
    await addToCart(baseUrl, shopper, blind({ width: { inches: 47, eighths: 0 } }));
    const placed = await api(
      baseUrl,
      shopper,
      'POST',
      '/orders',
      placement(shopper, { paymentMethod: 'account', poNumber: 'PO-77' }),
    );
    expect(placed.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    const share = lineRefundCents(order, 1);

    const cancelled = await moveLine(order.id, 1, { action: 'cancelLine' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.lines[0]).toMatchObject({ status: 'cancelled', refundedCents: share });
    expect(cancelled.body.paymentStatus).toBe('invoice');
    expect(cancelled.body.history.at(-1)!.note).toBe(
      `Credited ${formatCents(share)} for line 1 (${cancelled.body.lines[0]!.title})`,
    );
    expect((await orderHeader(order.id)).refundedCents).toBe(share);
    // One move, one transaction: its two entries share their time, so their order says nothing.
    expect(
      (await auditEntriesOf(baseUrl, staff, 'order', order.id))
        .map(({ action, before, after }) => ({ action, before, after }))
        .sort((a, b) => a.action.localeCompare(b.action)),
    ).toEqual([
      {
        action: 'cancelLine',
        before: { line1Status: 'ordered', line1Note: null },
        after: { line1Status: 'cancelled', line1Note: '' },
      },
      {
        action: 'creditLine',
        before: { line1RefundCents: null },
        after: { line1RefundCents: share },
      },
    ]);
  });

  it('lets fulfilment move a line but only a manager or owner cancel one', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderOfTwoLines(shopper);
    const fulfilment = { accessToken: (await staffMemberWith(baseUrl, env, ['fulfilment'])).accessToken };
    expect((await moveLine(order.orderId, 1, { action: 'remake', note: 'Slat cracked' }, fulfilment)).status).toBe(200);
    expect((await moveLine(order.orderId, 1, { action: 'cancelLine' }, fulfilment)).status).toBe(403);
    expect((await api(baseUrl, shopper, 'POST', `/admin/orders/${order.orderId}/lines/1/transitions`, {})).status).toBe(
      403,
    );
  });
});

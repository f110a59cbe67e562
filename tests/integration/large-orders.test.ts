/**
 * Orders at property scale (docs/decisions/0057): a 1,000-line order is placed, paid through the
 * Stripe stand-in and read whole; its lines are written before the order is made visible, so a
 * placement that stopped half-way leaves nothing any reader sees, and its retry places the order.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import { newOrder, type OrderLine } from '#domain/orders/order';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient } from '../../functions/lib/stripe';
import { putItems } from '../../functions/lib/table/items';
import { orderLineKeys, orderPartitionKey } from '../../functions/lib/table/keys/orders';
import { insertOrder } from '../../functions/orders/order-placement-store';
import { readOrder } from '../../functions/orders/order-store';
import { api, myOrder, newShopper, pay, placeOrder, placement } from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { orderLine } from '../support/paid-order';
import { fillPropertyCart, propertyRoomLabel } from '../support/property-cart';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let stripe: Stripe;

beforeAll(() => {
  Object.assign(process.env, env);
  resetConfigCache();
  stripe = stripeClient();
});

describe('an order of a whole property', () => {
  it('places 1,000 different blinds, pays them in one hosted checkout of at most 100 items, and keeps every line', async () => {
    const shopper = await newShopper(baseUrl);
    await fillPropertyCart({ sessionId: shopper.session, clientId: shopper.userId }, MAX_ORDER_LINES);
    const quote = await api(baseUrl, shopper, 'POST', '/checkout/quote', {
      shippingAddress: placement(shopper).shippingAddress,
    });
    expect(quote.status).toBe(200);
    expect(quote.body.problems).toEqual([]);
    expect(quote.body.lines).toHaveLength(MAX_ORDER_LINES);

    const placed = await placeOrder(baseUrl, shopper);
    const session = await stripe.checkout.sessions.retrieve(placed.checkoutSessionId, { expand: ['line_items'] });
    const ordered = await myOrder(baseUrl, shopper, placed.orderId);
    expect(ordered.lines).toHaveLength(MAX_ORDER_LINES);
    expect(ordered.lines.map((line) => line.position)).toEqual(
      Array.from({ length: MAX_ORDER_LINES }, (_, index) => index + 1),
    );
    expect(ordered.totals.totalCents).toBe(quote.body.totalCents);
    expect(session.amount_total).toBe(ordered.totals.totalCents);
    const items = (await stripe.checkout.sessions.listLineItems(placed.checkoutSessionId, { limit: 100 })).data;
    expect(items.length).toBeLessThanOrEqual(100);
    expect(items[0]!.description).toBe(`Faux Wood Blinds: Standard (1,000 blinds)`);

    await pay(baseUrl, placed.checkoutSessionId);
    const paid = await eventually(
      () => myOrder(baseUrl, shopper, placed.orderId),
      (order) => order.paymentStatus === 'paid',
      15_000,
    );
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.lines).toEqual(ordered.lines);
    // What was bought left the cart, in transactions of 99 lines.
    const cart = await eventually(
      () => api(baseUrl, shopper, 'GET', '/cart'),
      (answer) => answer.body.items.length === 0,
      15_000,
    );
    expect(cart.body.items).toEqual([]);
    // The OrderPaid event was too large to carry the lines: the confirmation read them from the order.
    const confirmations = await eventually(
      async () => (await mailsFor(baseUrl, shopper.email)).filter((mail) => mail.subject.startsWith('Order confirmed')),
      (mails) => mails.length > 0,
      15_000,
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain(`Room: ${propertyRoomLabel(MAX_ORDER_LINES - 1)}`);
  }, 120_000);
});

describe('writing an order whole or not at all', () => {
  const lines = (count: number, unitCents: number): OrderLine[] =>
    Array.from({ length: count }, (_, index) =>
      orderLine(index + 1, defaultConfiguration('faux-wood-blinds'), `Unit ${index + 1}`, 1, unitCents),
    );
  const orderOf = (id: string, orderLines: OrderLine[]) =>
    newOrder({
      id,
      channel: 'card',
      status: 'pending',
      paymentStatus: 'pending',
      clientId: `client-${randomUUID()}`,
      customer: { name: 'Pat Manager', email: `pat-${randomUUID()}@example.com`, phone: '214-555-0100' },
      shippingAddress: { address1: '1 Main St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
      billingAddress: { address1: '1 Main St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
      installation: false,
      notes: '',
      lines: orderLines,
      samples: [],
      totals: {
        blindCount: orderLines.length,
        subtotalCents: orderLines.reduce((sum, line) => sum + line.lineCents, 0),
        discountCents: 0,
        discounts: [],
        taxCents: 0,
        shippingCents: 0,
        sampleShippingCents: 0,
        installationCents: 0,
        totalCents: orderLines.reduce((sum, line) => sum + line.lineCents, 0),
      },
      createdAt: new Date().toISOString(),
    });
  const partition = async (orderId: string) =>
    (
      await localTable().send(
        new QueryCommand({
          TableName: env.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': orderPartitionKey(orderId) },
        }),
      )
    ).Items!.map((item) => String(item.sk));

  it('a placement that stopped after its lines leaves no order; the retry places it with its own lines only', async () => {
    const orderId = randomUUID();
    // What a placement left when it stopped after writing its lines, before the order's transaction.
    await putItems(
      lines(150, 100).map((line) => ({
        ...orderLineKeys(orderId, line.position, 'stopped'),
        entity: 'orderLine',
        ...line,
      })),
    );
    expect(await readOrder(orderId)).toBeUndefined();

    const retry = orderOf(orderId, lines(150, 4140));
    const outcome = await insertOrder(retry, { cartId: null, sessionId: 'session' }, null);
    expect(outcome.kind).toBe('placed');
    const { order } = (await readOrder(orderId))!;
    expect(order.lines).toEqual(retry.lines);
    expect(order.lines.every((line) => line.unitCents === 4140)).toBe(true);
  });

  it('of two placements of one order, the one that loses leaves none of its lines behind', async () => {
    const orderId = randomUUID();
    const outcomes = await Promise.all([
      insertOrder(orderOf(orderId, lines(120, 4140)), { cartId: null, sessionId: 'session' }, null),
      insertOrder(orderOf(orderId, lines(120, 5000)), { cartId: null, sessionId: 'session' }, null),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['exists', 'placed']);
    const { order } = (await readOrder(orderId))!;
    expect(new Set(order.lines.map((line) => line.unitCents)).size).toBe(1);
    expect((await partition(orderId)).filter((sk) => sk.startsWith('LINE#'))).toHaveLength(120);
  });
});

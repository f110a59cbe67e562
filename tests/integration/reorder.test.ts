/**
 * "Order again" (POST /api/orders/{orderId}/reorder): a paid order's blinds back in the caller's
 * cart as configured, with their rooms, priced today; only the owner's order, only its own lines.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { REORDER_MESSAGES } from '#domain/orders/reorder';
import {
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  pay,
  placeOrder,
  placement,
  seedUnitCents,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';

const baseUrl = inject('baseUrl');

const unitCents = seedUnitCents;

const wide = blind({ width: { inches: 47, eighths: 4 } });
let shopper: Shopper;
let orderId: string;

beforeAll(async () => {
  shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind(), 'Kitchen');
  await addToCart(baseUrl, shopper, wide, 'Unit 2 Bedroom');
  await addToCart(baseUrl, shopper, wide, 'Unit 2 Bedroom');
  const placed = await placeOrder(baseUrl, shopper, placement(shopper));
  orderId = placed.orderId;
  await pay(baseUrl, placed.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, orderId),
    (order) => order.paymentStatus === 'paid',
    15_000,
  );
});

const cartLines = async (session: string) =>
  (await api(baseUrl, { ...shopper, session }, 'GET', '/cart')).body.items.map(
    (item: { roomLabel: string | null; quantity: number; unitCents: number }) => [
      item.roomLabel,
      item.quantity,
      item.unitCents,
    ],
  );

describe('Order again', () => {
  it("puts every line back in the caller's cart with its room and quantity, at today's prices", async () => {
    const session = `reorder-${crypto.randomUUID()}`;
    const answer = await api(baseUrl, { ...shopper, session }, 'POST', `/orders/${orderId}/reorder`, {});
    expect(answer).toEqual({
      status: 201,
      body: { addedCount: 3, totalCents: unitCents(blind()) + 2 * unitCents(wide), failures: [] },
    });
    expect(await cartLines(session)).toEqual([
      ['Kitchen', 1, unitCents(blind())],
      ['Unit 2 Bedroom', 2, unitCents(wide)],
    ]);
  });

  it('puts back only the lines chosen, and refuses a line the order does not have, naming positions', async () => {
    const session = `reorder-${crypto.randomUUID()}`;
    // The client's cart follows them from session to session: emptied of the test before.
    expect((await api(baseUrl, { ...shopper, session }, 'DELETE', '/cart/items')).status).toBe(200);
    const chosen = await api(baseUrl, { ...shopper, session }, 'POST', `/orders/${orderId}/reorder`, {
      positions: [2],
    });
    expect(chosen.body).toEqual({ addedCount: 2, totalCents: 2 * unitCents(wide), failures: [] });
    expect(await cartLines(session)).toEqual([['Unit 2 Bedroom', 2, unitCents(wide)]]);
    const unknown = await api(baseUrl, { ...shopper, session }, 'POST', `/orders/${orderId}/reorder`, {
      positions: [3],
    });
    expect(unknown).toEqual({
      status: 400,
      body: {
        message: REORDER_MESSAGES.unknownPositions,
        fieldErrors: { positions: REORDER_MESSAGES.unknownPositions },
      },
    });
  });

  it('answers another client the same 404 as an order that does not exist, and adds nothing', async () => {
    const other = await newShopper(baseUrl);
    const answer = await api(baseUrl, other, 'POST', `/orders/${orderId}/reorder`, {});
    expect(answer).toEqual({ status: 404, body: { message: ORDER_MESSAGES.notFound } });
    expect((await api(baseUrl, other, 'GET', '/cart')).body.items).toEqual([]);
  });
});

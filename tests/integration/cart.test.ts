import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { lineIdOf } from '../../functions/cart/cart-store';
import { cartLineKeys } from '../../functions/lib/table/keys/cart';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();

const newSession = () => `test-${randomUUID()}`;
const fauxWood = defaultConfiguration('faux-wood-blinds');

async function call(session: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(session === null ? {} : { 'x-shopping-session-id': session }),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as CartView & {
      message?: string;
      fieldErrors?: Record<string, string>;
      count?: number;
    },
  };
}

const add = (session: string, configuration: unknown, extra: Record<string, unknown> = {}) =>
  call(session, 'POST', '/cart/items', { configuration, ...extra });

/** Moves a cart's last activity into the past, as 24 hours of idleness would. */
async function ageCart(cartId: string, hours: number) {
  const past = new Date(Date.now() - hours * 3_600_000);
  await table.send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: { pk: `CART#${cartId}`, sk: 'CART' },
      UpdateExpression: 'SET updatedAt = :at, gsi3sk = :at',
      ExpressionAttributeValues: { ':at': past.toISOString() },
    }),
  );
}

describe('cart API', () => {
  it('refuses a missing or malformed session id', async () => {
    for (const session of [null, 'short', 'null', 'undefined']) {
      const { status, body } = await call(session, 'GET', '/cart');
      expect(status).toBe(400);
      expect(body.message).toBe('Could not access your cart.');
    }
  });

  it('a new visitor has an empty cart and a count of 0', async () => {
    const session = newSession();
    expect((await call(session, 'GET', '/cart/count')).body.count).toBe(0);
    const { status, body } = await call(session, 'GET', '/cart');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'active',
      items: [],
      itemCount: 0,
      subtotalCents: 0,
      shipping: 'Calculated at checkout',
    });
  });

  it('merges the same configuration into one line and keeps different ones apart, priced by the server', async () => {
    const session = newSession();
    await add(session, { ...fauxWood, quantity: 2 }, { unitCents: 1, price: 1 });
    await add(session, { ...fauxWood, quantity: 1 });
    const { body } = await add(session, { ...fauxWood, mount: 'outside' });
    expect(body.items).toHaveLength(2);
    const [first, second] = body.items;
    expect(first).toMatchObject({ quantity: 3, roomLabel: null, priceChanged: false });
    expect(first!.unitCents).toBeGreaterThan(1);
    expect(second).toMatchObject({ quantity: 1 });
    expect(body.itemCount).toBe(4);
    expect(body.subtotalCents).toBe(first!.unitCents * 3 + second!.unitCents);
    expect(body.estimatedTaxCents).toBe(Math.floor((body.subtotalCents * 8 + 50) / 100));
    expect((await call(session, 'GET', '/cart/count')).body.count).toBe(4);
  });

  it('keeps the same blind for two rooms as two labelled lines, and adds up the same blind for the same room', async () => {
    const session = newSession();
    await add(session, fauxWood, { roomLabel: 'Kitchen' });
    await add(session, fauxWood, { roomLabel: 'Bedroom' });
    await add(session, { ...fauxWood, quantity: 2 }, { roomLabel: 'Kitchen' });
    const { body } = await add(session, fauxWood);
    const lines = body.items.map((item) => ({
      roomLabel: item.roomLabel,
      quantity: item.quantity,
      room: item.description.filter((line) => line.startsWith('Room:')),
    }));
    expect(lines).toEqual([
      { roomLabel: 'Kitchen', quantity: 3, room: ['Room: Kitchen'] },
      { roomLabel: 'Bedroom', quantity: 1, room: ['Room: Bedroom'] },
      { roomLabel: null, quantity: 1, room: [] },
    ]);
    expect(body.itemCount).toBe(5);
  });

  it('keeps serving a room-labelled line stored before rooms were part of its identity', async () => {
    const session = newSession();
    const { body } = await add(session, fauxWood, { roomLabel: 'Kitchen' });
    // Store the line as it was before: under the id of the configuration alone.
    const current = cartLineKeys(body.id, body.items[0]!.id);
    const { Item: line } = await table.send(new GetCommand({ TableName: env.TABLE_NAME, Key: current }));
    const legacyId = lineIdOf(fauxWood, null);
    await table.send(new DeleteCommand({ TableName: env.TABLE_NAME, Key: current }));
    await table.send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: { ...line, ...cartLineKeys(body.id, legacyId), lineId: legacyId },
      }),
    );

    expect((await call(session, 'GET', '/cart')).body.items).toEqual([{ ...body.items[0], id: legacyId }]);
    const changed = await call(session, 'PATCH', `/cart/items/${legacyId}`, { quantity: 4 });
    expect(changed.body.items).toEqual([expect.objectContaining({ id: legacyId, quantity: 4, roomLabel: 'Kitchen' })]);
    expect((await call(session, 'DELETE', `/cart/items/${legacyId}`)).body.items).toEqual([]);
  });

  it('refuses an unpriceable configuration with the engine’s message, naming the field and the family’s limit (issue 25, defect 7)', async () => {
    const { status, body } = await add(newSession(), { ...fauxWood, width: { inches: 200, eighths: 0 } });
    expect(status).toBe(400);
    expect(body.message).toBe('Maximum width is 96".');
    expect(body.fieldErrors).toEqual({ 'configuration.width': 'Maximum width is 96".' });
    const short = await add(newSession(), { ...fauxWood, length: { inches: 11, eighths: 0 } });
    expect([short.status, short.body.fieldErrors]).toEqual([
      400,
      { 'configuration.length': 'Faux wood blinds require minimum 12" length.' },
    ]);
  });

  it('changes a quantity, removes a line and clears the cart', async () => {
    const session = newSession();
    await add(session, fauxWood);
    const { body: two } = await add(session, { ...fauxWood, mount: 'outside' });
    const [first, second] = two.items;
    expect((await call(session, 'PATCH', `/cart/items/${first!.id}`, { quantity: 5 })).body.items[0]!.quantity).toBe(5);
    expect((await call(session, 'PATCH', `/cart/items/${first!.id}`, { quantity: 0 })).status).toBe(400);
    const { body: one } = await call(session, 'DELETE', `/cart/items/${second!.id}`);
    expect(one.items.map((item) => item.id)).toEqual([first!.id]);
    expect((await call(session, 'DELETE', `/cart/items/${second!.id}`)).status).toBe(404);
    await add(session, { ...fauxWood, mount: 'outside' });
    expect((await call(session, 'DELETE', '/cart/items')).body.items).toEqual([]);
    expect((await call(session, 'GET', '/cart/count')).body.count).toBe(0);
  });

  it('fifty concurrent adds of the same blind end with the exact quantity', async () => {
    const session = newSession();
    const results = await Promise.all(Array.from({ length: 50 }, () => add(session, fauxWood)));
    expect(results.every((result) => result.status === 201)).toBe(true);
    const { body } = await call(session, 'GET', '/cart');
    expect(body.items).toHaveLength(1);
    expect(body.items[0]!.quantity).toBe(50);
  });

  it('never lets one session read or change another session’s cart', async () => {
    const owner = newSession();
    const intruder = newSession();
    const { body } = await add(owner, fauxWood);
    const itemId = body.items[0]!.id;
    expect((await call(intruder, 'GET', '/cart')).body.items).toEqual([]);
    expect((await call(intruder, 'PATCH', `/cart/items/${itemId}`, { quantity: 9 })).status).toBe(404);
    expect((await call(intruder, 'DELETE', `/cart/items/${itemId}`)).status).toBe(404);
    expect((await call(owner, 'GET', '/cart')).body.items[0]!.quantity).toBe(1);
  });

  it('keeps a cart idle for less than 24 hours, and abandons it after 24 hours for a new one', async () => {
    const session = newSession();
    const { body } = await add(session, fauxWood);
    await ageCart(body.id, 23);
    expect((await call(session, 'GET', '/cart')).body).toMatchObject({ id: body.id, itemCount: 1 });
    await ageCart(body.id, 24);
    expect((await call(session, 'GET', '/cart/count')).body.count).toBe(0);
    const { body: fresh } = await call(session, 'GET', '/cart');
    expect(fresh.id).not.toBe(body.id);
    expect(fresh.items).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { lineIdOf } from '../../functions/cart/cart-store';
import {
  activeCartIndexKeys,
  cartKeys,
  cartLineKeys,
  cartSessionIndexKeys,
  sessionCartClaimKeys,
} from '../../functions/lib/table/keys/cart';
import { signUpConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staff = inject('staffAccount');
const table = localTable();

const newSession = () => `test-${randomUUID()}`;
const fauxWood = defaultConfiguration('faux-wood-blinds');
/** No other suite prices wood blinds, so changing the wood grid here moves no one else's price. */
const wood = { ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code };
const HOUR_MS = 3_600_000;

interface Caller {
  session: string | null;
  token?: string;
}

async function call(caller: Caller, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(caller.session === null ? {} : { 'x-shopping-session-id': caller.session }),
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    body: (await response.json()) as CartView & { message?: string; abandoned?: number },
  };
}

const readCart = (caller: Caller) => call(caller, 'GET', '/cart');
const add = (caller: Caller, configuration: unknown) => call(caller, 'POST', '/cart/items', { configuration });

async function cartHeader(cartId: string) {
  const { Item } = await table.send(
    new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `CART#${cartId}`, sk: 'CART' }, ConsistentRead: true }),
  );
  return Item!;
}

/** Moves a cart's last activity `hours` into the past, as if nobody had touched it since. */
async function ageCart(cartId: string, hours: number) {
  const past = new Date(Date.now() - hours * HOUR_MS).toISOString();
  await table.send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: { pk: `CART#${cartId}`, sk: 'CART' },
      UpdateExpression: 'SET updatedAt = :at, gsi3sk = :at',
      ExpressionAttributeValues: { ':at': past },
    }),
  );
}

/** The CartAbandoned event of a cart on the local bus (delivery is asynchronous: it is polled). */
async function cartAbandonedEvent(cartId: string) {
  const read = async () => {
    const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as {
      recentEvents: Array<{
        'detail-type': string;
        detail: { cartId: string; clientId: string | null; reason: string };
      }>;
    };
    return recentEvents.find((e) => e['detail-type'] === 'CartAbandoned' && e.detail.cartId === cartId)?.detail;
  };
  const detail = await eventually(read, (found) => found !== undefined);
  if (!detail) throw new Error(`no CartAbandoned event for cart ${cartId}`);
  return detail;
}

async function runIdleCartSweep(at: Date): Promise<{ abandoned: number }> {
  const response = await localTools(baseUrl, '/schedules/SweepIdleCarts/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ time: at.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { abandoned: number };
}

describe('cart lifecycle', () => {
  it('shows the new price of a line whose grid changed since it was added, and says so', async () => {
    const token = await accessTokenFor(baseUrl, staff);
    const admin = (path: string, init: RequestInit = {}) =>
      fetch(`${baseUrl}/api/admin/price-grids/wood${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, ...init.headers },
      });
    const { versions } = (await (await fetch(`${baseUrl}/api/price-grids`)).json()) as { versions: { wood: string } };
    const originalCsv = await (await admin(`/versions/${versions.wood}`)).text();
    const [header, ...rows] = originalCsv.trim().split(/\r?\n/);
    const priceColumn = header!.split(',').indexOf('price');
    const dearerCsv = [
      header,
      ...rows.map((row) =>
        row
          .split(',')
          .map((cell, i) => (i === priceColumn ? (Number(cell) + 10).toFixed(2) : cell))
          .join(','),
      ),
    ].join('\n');

    const shopper = { session: newSession() };
    const { body: added } = await add(shopper, wood);
    const addedUnitCents = added.items[0]!.unitCents;
    try {
      expect(
        (await admin('', { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: dearerCsv })).status,
      ).toBe(200);
      const quote = await fetch(`${baseUrl}/api/quotes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ configurations: [wood] }),
      });
      const newUnitCents = ((await quote.json()) as { results: Array<{ unitCents: number }> }).results[0]!.unitCents;
      expect(newUnitCents).toBeGreaterThan(addedUnitCents);

      const { body } = await readCart(shopper);
      expect(body.items[0]).toMatchObject({
        unitCents: newUnitCents,
        addedUnitCents,
        priceChanged: true,
        lineCents: newUnitCents,
      });
      expect(body.subtotalCents).toBe(newUnitCents);
    } finally {
      expect(
        (await admin('', { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: originalCsv })).status,
      ).toBe(200);
    }
  });

  it('sign-in attaches the guest’s cart to the client, who then finds it from any browser', async () => {
    const guest = { session: newSession() };
    const { body: guestCart } = await add(guest, fauxWood);
    const customer = await signUpConfirmedCustomer(baseUrl);

    const { body: signedIn } = await readCart({ session: guest.session, token: customer.accessToken });
    expect(signedIn).toMatchObject({ id: guestCart.id, itemCount: 1 });
    expect((await cartHeader(guestCart.id)).clientId).toBe(customer.userId);

    const { body: elsewhere } = await readCart({ session: newSession(), token: customer.accessToken });
    expect(elsewhere).toMatchObject({ id: guestCart.id, itemCount: 1 });
  });

  it('sign-out abandons the client’s carts: the browser’s guest sees an empty cart, and signing in again within 24 hours revives it', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const browser = { session: newSession(), token: customer.accessToken };
    const { body: cart } = await add(browser, fauxWood);

    expect((await call({ session: null }, 'POST', '/cart/sign-out')).status).toBe(401);
    const signOut = await call({ session: null, token: customer.accessToken }, 'POST', '/cart/sign-out');
    expect(signOut).toMatchObject({ status: 200, body: { abandoned: 1 } });
    expect((await cartHeader(cart.id)).status).toBe('abandoned');
    expect(await cartAbandonedEvent(cart.id)).toMatchObject({ clientId: customer.userId, reason: 'signed-out' });

    const { body: asGuest } = await readCart({ session: browser.session });
    expect(asGuest.id).not.toBe(cart.id);
    expect(asGuest.items).toEqual([]);

    // Another browser: in the one above, the guest's new (empty) active cart comes first by rule 2 of the four.
    const { body: revived } = await readCart({ session: newSession(), token: customer.accessToken });
    expect(revived).toMatchObject({ id: cart.id, status: 'active', itemCount: 1 });
  });

  it('signing in merges the cart abandoned at sign-out into the guest’s new cart, once, and every browser of the client sees it', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const browser = { session: newSession(), token: customer.accessToken };
    await add(browser, { ...fauxWood, quantity: 5 });
    const { body: saved } = await add(browser, { ...wood, quantity: 2 });
    expect(saved.itemCount).toBe(7);
    expect((await call({ session: null, token: customer.accessToken }, 'POST', '/cart/sign-out')).body.abandoned).toBe(
      1,
    );

    const guest = { session: browser.session };
    const { body: guestCart } = await add(guest, fauxWood);
    expect(guestCart).toMatchObject({ itemCount: 1, lineCount: 1 });

    const { body: signedIn } = await readCart(browser);
    expect(signedIn).toMatchObject({ id: guestCart.id, itemCount: 8, lineCount: 2, broughtBack: 7 });
    expect(signedIn.items.map((item) => [item.configuration.family, item.quantity]).sort()).toEqual([
      ['faux-wood-blinds', 6],
      ['wood-blinds', 2],
    ]);
    expect((await cartHeader(saved.id)).status).toBe('merged');

    const { body: again } = await readCart(browser);
    expect(again).toMatchObject({ id: guestCart.id, itemCount: 8 });
    expect(again.broughtBack).toBeUndefined();
    expect((await readCart({ session: newSession(), token: customer.accessToken })).body).toMatchObject({
      id: guestCart.id,
      itemCount: 8,
    });
  });

  it('the idle-cart sweep abandons, at the clock it is given, the active carts idle for 24 hours and no others', async () => {
    const { body: idle } = await add({ session: newSession() }, fauxWood);
    const { body: recent } = await add({ session: newSession() }, fauxWood);
    await ageCart(idle.id, 25);
    await ageCart(recent.id, 23);

    await runIdleCartSweep(new Date(Date.now() - 2 * HOUR_MS));
    expect((await cartHeader(idle.id)).status).toBe('active');

    expect((await runIdleCartSweep(new Date())).abandoned).toBeGreaterThanOrEqual(1);
    expect((await cartHeader(idle.id)).status).toBe('abandoned');
    expect((await cartHeader(recent.id)).status).toBe('active');
    expect(await cartAbandonedEvent(idle.id)).toMatchObject({ clientId: null, reason: 'idle' });
  });

  it('never lets a client read or change another client’s cart, even from the same browser', async () => {
    const first = await signUpConfirmedCustomer(baseUrl);
    const second = await signUpConfirmedCustomer(baseUrl);
    const session = newSession();
    const { body: firstCart } = await add({ session, token: first.accessToken }, fauxWood);
    const itemId = firstCart.items[0]!.id;

    const { body: secondCart } = await readCart({ session, token: second.accessToken });
    expect(secondCart.id).not.toBe(firstCart.id);
    expect(secondCart.items).toEqual([]);
    expect((await readCart({ session: newSession(), token: second.accessToken })).body.id).toBe(secondCart.id);
    expect(
      (await call({ session, token: second.accessToken }, 'PATCH', `/cart/items/${itemId}`, { quantity: 9 })).status,
    ).toBe(404);
    expect((await call({ session, token: second.accessToken }, 'DELETE', `/cart/items/${itemId}`)).status).toBe(404);

    expect((await readCart({ session: newSession(), token: first.accessToken })).body).toMatchObject({
      id: firstCart.id,
      itemCount: 1,
    });
  });

  it('loads a cart written before its items were tagged `entity` (tagged `type`), and tags them at its next change', async () => {
    const shopper = { session: newSession() };
    const cartId = `before-entity-${randomUUID()}`;
    const lineId = lineIdOf(fauxWood, null);
    const at = new Date().toISOString();
    const written = [
      {
        ...cartKeys(cartId),
        ...cartSessionIndexKeys(shopper.session, cartId),
        ...activeCartIndexKeys(at),
        type: 'Cart',
        cartId,
        status: 'active',
        sessionId: shopper.session,
        createdAt: at,
        updatedAt: at,
      },
      { ...sessionCartClaimKeys(shopper.session), type: 'SessionCartClaim', cartId, claimedAt: at },
      {
        ...cartLineKeys(cartId, lineId),
        type: 'CartLine',
        lineId,
        configuration: { ...fauxWood, quantity: 1 },
        quantity: 2,
        addedAt: at,
        addedUnitCents: 4200,
        updatedAt: at,
      },
    ];
    for (const Item of written) await table.send(new PutCommand({ TableName: env.TABLE_NAME, Item }));

    const { body: loaded } = await readCart(shopper);
    expect(loaded.id).toBe(cartId);
    expect(loaded.items).toEqual([expect.objectContaining({ id: lineId, quantity: 2, addedUnitCents: 4200 })]);

    expect((await add(shopper, fauxWood)).body).toMatchObject({ id: cartId, itemCount: 3 });
    const line = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: cartLineKeys(cartId, lineId), ConsistentRead: true }),
    );
    for (const item of [await cartHeader(cartId), line.Item!]) {
      expect(item.entity).toMatch(/^cart(Line)?$/);
      expect(item).not.toHaveProperty('type');
    }
  });
});

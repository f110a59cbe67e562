/**
 * Security review, finding 1: a customer's cart must never reach whoever next uses their first
 * browser. Each scenario is the review's reproduction through the API: customer A shops on
 * session S1, signs out, and picks the cart up elsewhere; then someone else uses S1.
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { MAX_QUANTITY, defaultConfiguration } from '#domain/pricing/configuration';
import { MAX_SAMPLES_PER_REQUEST } from '#domain/samples/messages';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import { FAMILIES } from '#domain/catalogue/families';
import { registerConfirmedCustomer, signUpConfirmedCustomer, type TestCustomer } from '../support/customer';

const baseUrl = inject('baseUrl');

const newSession = () => `owner-${randomUUID()}`;
const fauxWood = defaultConfiguration('faux-wood-blinds');
const wood = { ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code };

interface Caller {
  session: string;
  token?: string;
}

async function call(caller: Caller, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'x-shopping-session-id': caller.session,
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
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

const readCart = (caller: Caller) => call(caller, 'GET', '/cart');
const add = (caller: Caller, configuration: unknown) => call(caller, 'POST', '/cart/items', { configuration });

/**
 * The review's set-up: A adds a blind on S1, signs out there, then signs in on S2 and reads the
 * cart, which revives it and moves it to S2. Returns A's cart as A sees it on S2.
 */
async function customerMovesOn(customer: TestCustomer, firstBrowser: string): Promise<CartView> {
  const onFirst = { session: firstBrowser, token: customer.accessToken };
  expect((await add(onFirst, { ...fauxWood, quantity: 3 })).status).toBe(201);
  expect((await call(onFirst, 'POST', '/cart/sign-out')).status).toBe(200);
  const elsewhere = await readCart({ session: newSession(), token: customer.accessToken });
  expect(elsewhere.status).toBe(200);
  expect(elsewhere.body.items.map((item) => item.quantity)).toEqual([3]);
  return elsewhere.body;
}

describe("a customer's cart after they leave a browser", () => {
  let a: TestCustomer;
  beforeEach(async () => {
    a = await signUpConfirmedCustomer(baseUrl, { firstName: 'Ada', lastName: 'Owner' });
  });

  it('a guest on the first browser gets a new, empty cart and cannot read, add to or clear the customer’s', async () => {
    const firstBrowser = newSession();
    const cartOfA = await customerMovesOn(a, firstBrowser);

    const guest = { session: firstBrowser };
    const seen = await readCart(guest);
    expect(seen.status).toBe(200);
    expect(seen.body.id).not.toBe(cartOfA.id);
    expect(seen.body.items).toEqual([]);
    expect((await call(guest, 'GET', '/cart/count')).body.count).toBe(0);

    expect((await add(guest, wood)).status).toBe(201);
    expect((await call(guest, 'DELETE', '/cart/items')).status).toBe(200);

    const stillA = await readCart({ session: newSession(), token: a.accessToken });
    expect(stillA.body.id).toBe(cartOfA.id);
    expect(stillA.body.items.map((item) => [item.configuration.family, item.quantity])).toEqual([
      ['faux-wood-blinds', 3],
    ]);
  });

  it('a second customer on the first browser sees none of it, and their window order lands in their own cart', async () => {
    const firstBrowser = newSession();
    const b = await registerConfirmedCustomer(baseUrl, { firstName: 'Bo', lastName: 'Neighbour' });
    const cartOfA = await customerMovesOn(a, firstBrowser);

    const asB = { session: firstBrowser, token: b.accessToken };
    const cartOfB = await readCart(asB);
    expect(cartOfB.status).toBe(200);
    expect(cartOfB.body.id).not.toBe(cartOfA.id);
    expect(cartOfB.body.items).toEqual([]);

    const properties = (await (
      await fetch(`${baseUrl}/api/properties`, { headers: { authorization: `Bearer ${b.accessToken}` } })
    ).json()) as {
      properties: Array<{ id: string }>;
    };
    const home = properties.properties[0]!;
    const windowCreated = await fetch(`${baseUrl}/api/properties/${home.id}/windows`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ widthTop: 30, widthMiddle: 30, widthBottom: 30, height: 40 }),
    });
    expect(windowCreated.status).toBe(201);
    const order = await fetch(`${baseUrl}/api/properties/${home.id}/window-orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${b.accessToken}`,
        'content-type': 'application/json',
        'x-shopping-session-id': firstBrowser,
      },
      body: JSON.stringify({ family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' }),
    });
    expect(order.status).toBe(201);

    const afterOrder = await readCart(asB);
    expect(afterOrder.body.id).toBe(cartOfB.body.id);
    expect(afterOrder.body.itemCount).toBe(1);
    const stillA = await readCart({ session: newSession(), token: a.accessToken });
    expect(stillA.body.items.map((item) => item.quantity)).toEqual([3]);
  });

  it('a guest on the first browser right after sign-out, before the customer shops elsewhere, sees none of it', async () => {
    const firstBrowser = newSession();
    const onFirst = { session: firstBrowser, token: a.accessToken };
    const before = await add(onFirst, { ...fauxWood, quantity: 2 });
    expect((await call(onFirst, 'POST', '/cart/sign-out')).status).toBe(200);

    const guest = await readCart({ session: firstBrowser });
    expect(guest.body.id).not.toBe(before.body.id);
    expect(guest.body.items).toEqual([]);
  });

  it('a line id of the customer’s cart cannot be changed or removed from the first browser', async () => {
    const firstBrowser = newSession();
    const cartOfA = await customerMovesOn(a, firstBrowser);
    const lineOfA = cartOfA.items[0]!.id;
    const guest = { session: firstBrowser };
    expect((await readCart(guest)).body.items).toEqual([]);
    expect((await call(guest, 'PATCH', `/cart/items/${lineOfA}`, { quantity: 1 })).status).toBe(404);
    expect((await call(guest, 'DELETE', `/cart/items/${lineOfA}`)).status).toBe(404);
    const stillA = await readCart({ session: newSession(), token: a.accessToken });
    expect(stillA.body.items.map((item) => item.quantity)).toEqual([3]);
  });

  it('concurrent first adds of one new session still end in one cart with every unit', async () => {
    const session = { session: newSession() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => add(session, fauxWood)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 201));
    const cart = await readCart(session);
    expect(new Set(answers.map((answer) => answer.body.id))).toEqual(new Set([cart.body.id]));
    expect(cart.body.items.map((item) => item.quantity)).toEqual([20]);
  });
});

describe('the per-line maximum', () => {
  it('holds for adds as for a change of quantity: a second add of 9,999 is refused naming the quantity', async () => {
    const session = { session: newSession() };
    expect((await add(session, { ...fauxWood, quantity: MAX_QUANTITY })).status).toBe(201);
    const second = await add(session, { ...fauxWood, quantity: MAX_QUANTITY });
    expect(second.status).toBe(400);
    expect(second.body.fieldErrors?.['configuration.quantity']).toBe('A cart line holds at most 9,999 blinds.');
    const third = await add(session, { ...fauxWood, quantity: 1 });
    expect(third.status).toBe(400);
    expect((await readCart(session)).body.items.map((item) => item.quantity)).toEqual([MAX_QUANTITY]);
  });
});

describe('the sample cart limit', () => {
  it('holds under concurrency: twelve different samples at once put exactly ten in the cart', async () => {
    const session = newSession();
    const samples = (['faux-wood-blinds', 'wood-blinds'] as const)
      .flatMap((family) =>
        FAMILIES[family].series.flatMap((series) => series.colors.map((color) => `${family}-${color.code}`)),
      )
      .filter((id, index, all) => all.indexOf(id) === index)
      .slice(0, MAX_SAMPLES_PER_REQUEST + 2);
    expect(samples).toHaveLength(12);
    const addSample = (id: string) =>
      fetch(`${baseUrl}/api/samples`, {
        method: 'POST',
        headers: { 'x-shopping-session-id': session, 'content-type': 'application/json' },
        body: JSON.stringify({
          family: id.startsWith('wood-blinds') ? 'wood-blinds' : 'faux-wood-blinds',
          colorCode: id.replace(/^(faux-)?wood-blinds-/, ''),
        }),
      }).then((response) => response.status);
    const answers = await Promise.all(samples.map(addSample));
    expect(answers.filter((status) => status === 201)).toHaveLength(MAX_SAMPLES_PER_REQUEST);
    expect(answers.filter((status) => status === 409)).toHaveLength(2);
    const count = (await (
      await fetch(`${baseUrl}/api/samples/count`, { headers: { 'x-shopping-session-id': session } })
    ).json()) as { count: number };
    expect(count.count).toBe(MAX_SAMPLES_PER_REQUEST);

    const listed = (await (
      await fetch(`${baseUrl}/api/samples`, { headers: { 'x-shopping-session-id': session } })
    ).json()) as {
      samples: Array<{ id: string }>;
    };
    const removed = await fetch(`${baseUrl}/api/samples/${listed.samples[0]!.id}`, {
      method: 'DELETE',
      headers: { 'x-shopping-session-id': session },
    });
    expect(removed.status).toBe(200);
    expect(await addSample(samples.find((id) => !listed.samples.some((sample) => sample.id === id))!)).toBe(201);
  });
});

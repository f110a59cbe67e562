import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import type { CartView } from '#domain/cart/view';
import { priceConfiguration } from '#domain/pricing/price';
import type { Property, PropertyWindow } from '#domain/properties/property';
import { windowConfiguration } from '#domain/properties/window-order';
import { propertyCountKeys } from '../../functions/lib/table/keys/properties';
import { registerConfirmedCustomer, signUpConfirmedCustomer, type TestCustomer } from '../support/customer';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');

/** Answers are read as the tests need them; their shapes are the domain types. */
type Body = any;

async function call(customer: TestCustomer | null, method: string, path: string, body?: unknown, session?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(customer ? { authorization: `Bearer ${customer.accessToken}` } : {}),
      ...(session ? { 'x-shopping-session-id': session } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const townhouse = {
  name: 'Oak Street Townhome',
  address1: '12 Oak Street',
  address2: 'Unit 4',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
  propertyType: 'townhouse',
  isCommercial: false,
  totalUnitsCount: 1,
  completedUnitsCount: 0,
  propertyStatus: 'active',
};

const apartments = {
  ...townhouse,
  name: 'Elm Apartments',
  propertyType: 'apartment',
  isCommercial: true,
  totalUnitsCount: 40,
  completedUnitsCount: 12,
};

async function newProperty(customer: TestCustomer, input: object = townhouse): Promise<Property> {
  const { status, body } = await call(customer, 'POST', '/properties', input);
  expect(status).toBe(201);
  return body.property;
}

describe('properties API', () => {
  it('is for signed-in clients only', async () => {
    expect((await call(null, 'GET', '/properties')).status).toBe(401);
  });

  it('creates, lists (oldest first, the first the default), updates and deletes properties, workflow from the type', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    expect((await call(customer, 'GET', '/properties')).body).toEqual({ properties: [], defaultPropertyId: null });

    const first = await newProperty(customer);
    expect(first).toMatchObject({ ...townhouse, clientId: customer.userId, workflowType: 'simple' });
    const second = await newProperty(customer, apartments);
    expect(second.workflowType).toBe('complex');

    const listed = (await call(customer, 'GET', '/properties')).body;
    expect(listed.properties.map((p: Property) => p.id)).toEqual([first.id, second.id]);
    expect(listed.defaultPropertyId).toBe(first.id);

    const updated = await call(customer, 'PUT', `/properties/${first.id}`, {
      ...townhouse,
      name: 'Oak Street',
      propertyType: 'multi-family',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.property).toMatchObject({
      id: first.id,
      name: 'Oak Street',
      workflowType: 'complex',
      createdAt: first.createdAt,
    });

    expect((await call(customer, 'DELETE', `/properties/${second.id}`)).status).toBe(200);
    expect((await call(customer, 'GET', '/properties')).body.properties.map((p: Property) => p.id)).toEqual([first.id]);
  });

  it('makes one Default Property for a client who has none, however often asked', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const answers = await Promise.all([1, 2, 3].map(() => call(customer, 'POST', '/properties/default')));
    for (const { status } of answers) expect(status).toBe(200);
    const { properties, defaultPropertyId } = (await call(customer, 'GET', '/properties')).body;
    expect(properties).toHaveLength(1);
    expect(properties[0]).toMatchObject({
      id: defaultPropertyId,
      name: 'Default Property',
      propertyType: 'single-family',
      workflowType: 'simple',
      totalUnitsCount: 1,
      completedUnitsCount: 0,
      propertyStatus: 'active',
    });
  });

  it('refuses to delete the last property, and deleting a property deletes its rooms and windows', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const only = await newProperty(customer);
    const refused = await call(customer, 'DELETE', `/properties/${only.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You cannot delete your only property. Add another property first.');

    const other = await newProperty(customer, apartments);
    await call(customer, 'POST', `/properties/${other.id}/rooms`, { name: 'Lobby' });
    await call(customer, 'POST', `/properties/${other.id}/windows`, {
      roomName: 'Lobby',
      widthTop: 30,
      widthMiddle: 30,
      widthBottom: 30,
      height: 40,
    });
    expect((await call(customer, 'DELETE', `/properties/${other.id}`)).status).toBe(200);
    expect((await call(customer, 'GET', `/properties/${other.id}/rooms`)).status).toBe(404);
    const recreated = await call(customer, 'POST', `/properties/${only.id}/rooms`, { name: 'Lobby' });
    expect(recreated.status).toBe(201);
  });

  it('keeps exactly one of the last two properties when both are deleted at once', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const [mainResidence] = (await call(customer, 'GET', '/properties')).body.properties;
    const other = await newProperty(customer);
    const answers = await Promise.all([
      call(customer, 'DELETE', `/properties/${mainResidence.id}`),
      call(customer, 'DELETE', `/properties/${other.id}`),
    ]);
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(answers.find(({ status }) => status === 409)!.body.message).toBe(
      'You cannot delete your only property. Add another property first.',
    );
    expect((await call(customer, 'GET', '/properties')).body.properties).toHaveLength(1);
  });

  it('counts the properties once for a client registered before the property counter', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    await localTable().send(
      new DeleteCommand({ TableName: inject('localEnv').TABLE_NAME, Key: propertyCountKeys(customer.userId) }),
    );
    const [mainResidence] = (await call(customer, 'GET', '/properties')).body.properties;
    const others = [await newProperty(customer), await newProperty(customer, apartments)];
    const answers = await Promise.all(
      [mainResidence, ...others].map((property) => call(customer, 'DELETE', `/properties/${property.id}`)),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 200, 409]);
    expect((await call(customer, 'GET', '/properties')).body.properties).toHaveLength(1);
  });

  it('names every bad field', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const property = await call(customer, 'POST', '/properties', {
      ...townhouse,
      name: ' ',
      propertyType: 'castle',
      totalUnitsCount: 0,
    });
    expect(property.status).toBe(400);
    expect(property.body.fieldErrors).toEqual({
      name: 'Please enter a property name.',
      propertyType: 'Please choose a property type.',
      totalUnitsCount: 'Total units must be a whole number of at least 1.',
    });
    const units = await call(customer, 'POST', '/properties', {
      ...townhouse,
      totalUnitsCount: 2,
      completedUnitsCount: 3,
    });
    expect(units.body.fieldErrors).toEqual({ completedUnitsCount: 'Completed units cannot exceed total units.' });
    const home = await newProperty(customer);
    const window = await call(customer, 'POST', `/properties/${home.id}/windows`, {
      widthTop: 35.3,
      widthMiddle: 'wide',
      widthBottom: 0,
      height: 300,
    });
    expect(window.status).toBe(400);
    expect(Object.keys(window.body.fieldErrors).sort()).toEqual(['height', 'widthBottom', 'widthMiddle', 'widthTop']);
    const room = await call(customer, 'POST', `/properties/${home.id}/rooms`, { name: '' });
    expect(room.body.fieldErrors).toEqual({ name: 'Please enter a room name.' });
  });

  it('keeps rooms unique by name and windows filterable by room', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const home = await newProperty(customer);
    const kitchen = (await call(customer, 'POST', `/properties/${home.id}/rooms`, { name: 'Kitchen' })).body.room;
    expect((await call(customer, 'POST', `/properties/${home.id}/rooms`, { name: 'kitchen' })).status).toBe(409);
    await call(customer, 'POST', `/properties/${home.id}/rooms`, { name: 'Den' });
    expect(
      (await call(customer, 'GET', `/properties/${home.id}/rooms`)).body.rooms.map((r: { name: string }) => r.name),
    ).toEqual(['Den', 'Kitchen']);

    const added = await call(customer, 'POST', `/properties/${home.id}/windows`, {
      roomName: 'Kitchen',
      widthTop: 35.375,
      widthMiddle: 35.5,
      widthBottom: 35.5,
      height: 48,
    });
    expect(added.body.window).toMatchObject({ roomName: 'Kitchen', widthTop: 35.375, propertyId: home.id });
    await call(customer, 'POST', `/properties/${home.id}/windows`, {
      roomName: 'Den',
      widthTop: 30,
      widthMiddle: 30,
      widthBottom: 30,
      height: 40,
    });
    const inKitchen = (await call(customer, 'GET', `/properties/${home.id}/windows?room=Kitchen`)).body.windows;
    expect(inKitchen.map((w: PropertyWindow) => w.id)).toEqual([added.body.window.id]);
    expect((await call(customer, 'GET', `/properties/${home.id}/windows`)).body.windows).toHaveLength(2);

    const edited = await call(customer, 'PUT', `/properties/${home.id}/windows/${added.body.window.id}`, {
      roomName: 'Kitchen',
      label: 'Sink',
      widthTop: 36,
      widthMiddle: 36,
      widthBottom: 36,
      height: 50,
    });
    expect(edited.body.window).toMatchObject({ id: added.body.window.id, label: 'Sink', height: 50 });
    expect((await call(customer, 'DELETE', `/properties/${home.id}/windows/${added.body.window.id}`)).status).toBe(200);
    expect((await call(customer, 'DELETE', `/properties/${home.id}/windows/${added.body.window.id}`)).status).toBe(404);
    expect((await call(customer, 'DELETE', `/properties/${home.id}/rooms/${kitchen.id}`)).status).toBe(200);
  });

  it("gives client B a 404 for everything of client A's property", async () => {
    const [a, b] = await Promise.all([registerConfirmedCustomer(baseUrl), registerConfirmedCustomer(baseUrl)]);
    const home = await newProperty(a);
    const window = (
      await call(a, 'POST', `/properties/${home.id}/windows`, {
        widthTop: 30,
        widthMiddle: 30,
        widthBottom: 30,
        height: 40,
      })
    ).body.window;
    const attempts = [
      call(b, 'PUT', `/properties/${home.id}`, townhouse),
      call(b, 'DELETE', `/properties/${home.id}`),
      call(b, 'GET', `/properties/${home.id}/rooms`),
      call(b, 'POST', `/properties/${home.id}/rooms`, { name: 'Den' }),
      call(b, 'GET', `/properties/${home.id}/windows`),
      call(b, 'PUT', `/properties/${home.id}/windows/${window.id}`, {
        widthTop: 1,
        widthMiddle: 1,
        widthBottom: 1,
        height: 1,
      }),
      call(b, 'DELETE', `/properties/${home.id}/windows/${window.id}`),
      call(
        b,
        'POST',
        `/properties/${home.id}/window-orders`,
        { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' },
        `test-${randomUUID()}`,
      ),
    ];
    for (const { status } of await Promise.all(attempts)) expect(status).toBe(404);
    const ofB = (await call(b, 'GET', '/properties')).body;
    expect(ofB.properties.map((p: Property) => [p.name, p.clientId])).toEqual([['Main Residence', b.userId]]);
    expect((await call(a, 'GET', `/properties/${home.id}/windows`)).body.windows).toHaveLength(1);
  });
});

describe('ordering a set of windows', () => {
  const order = { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' } as const;

  it("adds a room's windows to the caller's cart at the server's prices, labelled with the room", async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const session = `test-${randomUUID()}`;
    const home = await newProperty(customer);
    const measured = [
      { roomName: 'Kitchen', widthTop: 36, widthMiddle: 35.375, widthBottom: 35.5, height: 48 },
      { roomName: 'Kitchen', label: 'Door', widthTop: 30, widthMiddle: 30, widthBottom: 30.125, height: 60 },
      { roomName: 'Den', widthTop: 40, widthMiddle: 40, widthBottom: 40, height: 60 },
    ];
    const windows: PropertyWindow[] = [];
    for (const input of measured)
      windows.push((await call(customer, 'POST', `/properties/${home.id}/windows`, input)).body.window);

    const { status, body } = await call(
      customer,
      'POST',
      `/properties/${home.id}/window-orders`,
      { ...order, roomName: 'Kitchen' },
      session,
    );
    expect(status).toBe(201);
    const expected = windows
      .slice(0, 2)
      .map((window) => priceConfiguration(windowConfiguration(window, order), SEED_PRICE_GRIDS));
    const expectedTotal = expected.reduce((sum, quote) => sum + (quote.ok ? quote.unitCents : Number.NaN), 0);
    expect(body).toEqual({ addedCount: 2, totalCents: expectedTotal, failures: [] });

    const cart: CartView = (await call(customer, 'GET', '/cart', undefined, session)).body;
    const lines = cart.items.map((item) => [item.roomLabel, item.configuration.width, item.unitCents, item.quantity]);
    expect(lines).toEqual([
      ['Kitchen', { inches: 35, eighths: 3 }, expected[0]!.ok && expected[0]!.unitCents, 1],
      ['Kitchen - Door', { inches: 30, eighths: 0 }, expected[1]!.ok && expected[1]!.unitCents, 1],
    ]);
    expect(cart.items.find((item) => item.roomLabel === 'Kitchen')!.description).toContain('Room: Kitchen');
  });

  it("keeps the property's window order in the cart (issue 14, defect 7)", async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const session = `test-${randomUUID()}`;
    const home = await newProperty(customer);
    const widths = [41, 23, 35, 29, 47, 31, 38, 26];
    for (const width of widths)
      await call(customer, 'POST', `/properties/${home.id}/windows`, {
        widthTop: width,
        widthMiddle: width,
        widthBottom: width,
        height: 60,
      });

    expect(
      (await call(customer, 'POST', `/properties/${home.id}/window-orders`, { ...order, mount: 'outside' }, session))
        .status,
    ).toBe(201);
    const cart: CartView = (await call(customer, 'GET', '/cart', undefined, session)).body;
    expect(cart.items.map((item) => item.configuration.width?.inches)).toEqual(widths);
  });

  it('reports windows that cannot be priced, and No items added when none can', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const session = `test-${randomUUID()}`;
    const home = await newProperty(customer);
    const fits = (
      await call(customer, 'POST', `/properties/${home.id}/windows`, {
        widthTop: 30,
        widthMiddle: 30,
        widthBottom: 30,
        height: 40,
      })
    ).body.window;
    const tooWide = (
      await call(customer, 'POST', `/properties/${home.id}/windows`, {
        widthTop: 120,
        widthMiddle: 120,
        widthBottom: 120,
        height: 40,
      })
    ).body.window;

    const partial = await call(customer, 'POST', `/properties/${home.id}/window-orders`, order, session);
    expect(partial.status).toBe(201);
    expect(partial.body.addedCount).toBe(1);
    expect(partial.body.failures).toEqual([{ windowId: tooWide.id, message: expect.any(String) }]);

    const none = await call(
      customer,
      'POST',
      `/properties/${home.id}/window-orders`,
      { ...order, windowIds: [tooWide.id] },
      session,
    );
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ message: 'No items added', addedCount: 0, failures: [{ windowId: tooWide.id }] });
    expect(fits.id).not.toBe(tooWide.id);
  });

  it('says when the property or room has no windows, and names bad fields', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const session = `test-${randomUUID()}`;
    const home = await newProperty(customer);
    const empty = await call(
      customer,
      'POST',
      `/properties/${home.id}/window-orders`,
      { ...order, roomName: 'Attic' },
      session,
    );
    expect(empty.status).toBe(404);
    expect(empty.body.message).toBe('No windows found for this property/room.');
    const bad = await call(
      customer,
      'POST',
      `/properties/${home.id}/window-orders`,
      { family: 'faux-wood-blinds', colorCode: '', mount: 'up' },
      session,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['colorCode', 'mount']);
    const otherSeries = await call(
      customer,
      'POST',
      `/properties/${home.id}/window-orders`,
      { ...order, series: 'blackout' },
      session,
    );
    expect(otherSeries.body.fieldErrors).toEqual({ series: 'Please choose a style of this product.' });
    const noSession = await call(customer, 'POST', `/properties/${home.id}/window-orders`, order);
    expect(noSession.body.message).toBe('Could not access your cart.');
  });
});

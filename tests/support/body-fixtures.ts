/**
 * What the body fuzzing (tests/integration/body-fuzz.test.ts) and the sweep of every string field
 * (tests/integration/body-text-sweep.test.ts) share: a body each route accepts (FIXTURES), the
 * fuzzing customer's records its path parameters and read-backs name, a request as the route takes
 * it, and the paths of a JSON body.
 */
import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { gridToCsv } from '#domain/catalogue/grids/csv';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { scheduleTemplateCsv } from '#domain/properties/schedule-csv';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { fetchFrom } from './client-address';
import { registerConfirmedCustomer, type RegisteredCustomer } from './customer';
import { accessTokenFor } from './user-pool';

const baseUrl = inject('baseUrl');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = (string | number)[];

export interface Answer {
  status: number;
  body: any;
}

/** The ids of the fuzzing customer's records, for path parameters and read-backs. */
export interface Records {
  customer: RegisteredCustomer;
  staffToken: string;
  propertyId: string;
  windowId: string;
  /** A property with one window, for window orders (each order adds every window to the cart). */
  orderPropertyId: string;
  savedProductId: string;
  /** A shopping session whose cart holds `itemId`. */
  cartSession: string;
  itemId: string;
}

export interface Run {
  session: string;
  pathParameters: Record<string, string>;
}

interface Fixture {
  /** A body the route accepts; fresh for each run, since e-mails and names must not repeat. */
  valid: () => Json;
  /** `csv`: the body is a CSV file (a price grid, a window schedule) as text/csv (mutated cell by cell), not JSON. */
  format?: 'csv';
  /** Before the request: what the run's session needs (a sample to request). */
  prepare?: (run: Run) => Promise<void>;
  session?: (records: Records) => string;
  /** What the route stored, through its GET, shaped like the body it was sent. */
  readBack?: (run: Run, answer: Answer) => Promise<Json>;
  /** Body fields the route does not keep as sent, by design. */
  notStored?: string[];
  headers?: Record<string, string>;
  /** Asserted on every answer besides the common rules. */
  check?: (answer: Answer) => void;
}

let prepared: Records | undefined;

/** The fuzzing customer's records (prepareRecords). */
export function records(): Records {
  if (!prepared) throw new Error("prepareRecords runs first, in the test file's beforeAll");
  return prepared;
}

export async function request(
  route: HttpRoute,
  run: Run,
  body: { text: string; contentType: string },
  headers: Record<string, string> = {},
): Promise<Answer> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(run.pathParameters[name] ?? randomUUID()),
  );
  const token =
    route.access === 'admin'
      ? records().staffToken
      : route.access === 'customer'
        ? records().customer.accessToken
        : undefined;
  const response = await fetchFrom()(`${baseUrl}${path}`, {
    method: route.method,
    headers: {
      'content-type': body.contentType,
      'x-shopping-session-id': run.session,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body.text,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

export async function get(path: string, options: { token?: string; session?: string } = {}): Promise<any> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.session ? { 'x-shopping-session-id': options.session } : {}),
    },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const customerGet = (path: string) => get(path, { token: records().customer.accessToken });

/** The fuzzing customer's profile, as GET /api/account answers it. */
const account = async () => (await customerGet('/account')).client;

export const unique = () => randomUUID().slice(0, 8);
const fauxWood = () => defaultConfiguration('faux-wood-blinds') as unknown as Json;
const property = (): Json => ({
  name: `Oak Street ${unique()}`,
  address1: '12 Oak Street',
  address2: 'Unit 4',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
  propertyType: 'townhouse',
  isCommercial: false,
  totalUnitsCount: 4,
  completedUnitsCount: 1,
  propertyStatus: 'active',
});
const window = (): Json => ({
  roomName: 'Kitchen',
  label: 'Sink',
  widthTop: 35.375,
  widthMiddle: 35.5,
  widthBottom: 35.5,
  height: 48,
});
export const password = 'Fuzz-Pw2024';

/** Route id → fixture. Routes without one (and routes that read no body) get the common fuzzing only. */
export const FIXTURES: Record<string, Fixture> = {
  // Read back only through the confirmed user's own sign-in, which needs the mailed code: the answer is checked.
  CreateRegistration: {
    valid: () => ({
      firstName: 'Fuzz',
      lastName: 'Tester',
      email: `fuzz-${unique()}@example.com`,
      phone: '214-555-0100',
      password,
      confirmPassword: password,
    }),
  },
  // Kept for staff with no route to read it: the answer is checked (tests/integration/strict-input.test.ts reads the mail).
  SubmitContactMessage: {
    valid: () => ({
      name: 'Ana Lopez',
      email: `fuzz-${unique()}@example.com`,
      phone: '214-555-0100',
      hasExistingOrder: false,
      subject: 'Install date',
      message: 'Can the crew\ncome on Friday?',
    }),
  },
  CreateQuotes: { valid: () => ({ configurations: [fauxWood()] }) },
  CreateProperty: {
    valid: property,
    readBack: async (_, answer) =>
      (await customerGet('/properties')).properties.find((p: { id: string }) => p.id === answer.body.property.id),
  },
  UpdateProperty: {
    valid: property,
    readBack: async (run) =>
      (await customerGet('/properties')).properties.find((p: { id: string }) => p.id === run.pathParameters.propertyId),
  },
  CreatePropertyRoom: {
    valid: () => ({ name: `Den ${unique()}` }),
    readBack: async (run, answer) =>
      (await customerGet(`/properties/${run.pathParameters.propertyId}/rooms`)).rooms.find(
        (r: { id: string }) => r.id === answer.body.room.id,
      ),
  },
  CreatePropertyWindow: {
    valid: window,
    readBack: async (run, answer) =>
      (await customerGet(`/properties/${run.pathParameters.propertyId}/windows`)).windows.find(
        (w: { id: string }) => w.id === answer.body.window.id,
      ),
  },
  UpdatePropertyWindow: {
    valid: window,
    readBack: async (run) =>
      (await customerGet(`/properties/${run.pathParameters.propertyId}/windows`)).windows.find(
        (w: { id: string }) => w.id === run.pathParameters.windowId,
      ),
  },
  // Adds to the cart from the measured windows, not from the body: the answer is checked.
  CreateWindowOrder: { valid: () => ({ family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' }) },
  ImportPropertyWindows: { format: 'csv', valid: scheduleTemplateCsv },
  PreviewPriceGrid: { format: 'csv', valid: () => gridToCsv('fascia', SEED_PRICE_GRIDS.fascia) },
  // A stale If-Match: a grid the fuzzing happened to make valid is refused (409), never made current under the other tests.
  ReplacePriceGrid: {
    format: 'csv',
    valid: () => gridToCsv('fascia', SEED_PRICE_GRIDS.fascia),
    headers: { 'if-match': '"fuzz-never-current"' },
    check: (answer) => expect(answer.status).not.toBe(200),
  },
  AddCartItem: {
    valid: () => ({ configuration: fauxWood(), roomLabel: 'Kitchen' }),
    readBack: async (run) => {
      const [item] = (await get('/cart', { session: run.session })).items;
      return { configuration: item.configuration, roomLabel: item.roomLabel };
    },
  },
  UpdateCartItem: {
    valid: () => ({ quantity: 2 }),
    session: (r) => r.cartSession,
    readBack: async (run) => ({ quantity: (await get('/cart', { session: run.session })).items[0].quantity }),
  },
  AddSample: {
    valid: () => ({ family: 'faux-wood-blinds', colorCode: 'E02' }),
    readBack: async (run) => {
      const [sample] = (await get('/samples', { session: run.session })).samples;
      return { family: sample.productType, colorCode: sample.colorCode };
    },
  },
  SubmitSampleRequest: {
    valid: () => ({
      name: 'Ana Lopez',
      email: `fuzz-${unique()}@example.com`,
      phone: '214-555-0100',
      address1: '12 Oak Street',
      address2: 'Unit 4',
      city: 'Plano',
      state: 'TX',
      zipCode: '75024',
    }),
    prepare: async (run) => {
      const response = await fetch(`${baseUrl}/api/samples`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopping-session-id': run.session },
        body: JSON.stringify({ family: 'faux-wood-blinds', colorCode: 'E02' }),
      });
      expect(response.status).toBe(201);
    },
    readBack: async (_, answer) =>
      (await get('/admin/sample-requests', { token: records().staffToken })).sampleRequests.find(
        (request: { id: string }) => request.id === answer.body.id,
      ),
  },
  UpdateAccountProfile: {
    valid: () => ({ firstName: 'Dana', lastName: 'Reyes', phone: '214-555-0199' }),
    readBack: account,
  },
  UpdateAccountAddress: {
    valid: () => ({ address1: '12 Oak Street', address2: 'Unit 4', city: 'Plano', state: 'TX', zipCode: '75024' }),
    readBack: async () => (await account()).address,
  },
  UpdateNotificationPreferences: {
    valid: () => ({
      emailOrders: true,
      emailPromotions: false,
      emailShipping: true,
      textOrders: false,
      textPromotions: true,
      textShipping: false,
    }),
    readBack: async () => (await account()).notificationPreferences,
  },
  SaveProduct: {
    valid: () => ({ name: `Kitchen ${unique()}`, configuration: fauxWood() }),
    // Saved with quantity 1: the quantity is chosen per row on My Account.
    notStored: ['configuration.quantity'],
    readBack: async (_, answer) =>
      (await customerGet('/saved-products')).savedProducts.find(
        (p: { id: string }) => p.id === answer.body.savedProduct.id,
      ),
  },
  RenameSavedProduct: {
    valid: () => ({ name: `Nook ${unique()}` }),
    readBack: async (run) =>
      (await customerGet('/saved-products')).savedProducts.find(
        (p: { id: string }) => p.id === run.pathParameters.savedProductId,
      ),
  },
};

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';
export const kindOf = (value: Json): Kind | null =>
  value === null ? null : Array.isArray(value) ? 'array' : (typeof value as Kind);

/** Every path of `value` with its kind, the root excluded. */
export function pathsOf(value: Json, path: Path = []): Array<{ path: Path; kind: Kind }> {
  const found: Array<{ path: Path; kind: Kind }> = [];
  const kind = kindOf(value);
  if (path.length > 0 && kind) found.push({ path, kind });
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...pathsOf(item, [...path, index])));
  else if (kind === 'object')
    for (const [key, item] of Object.entries(value as object)) found.push(...pathsOf(item, [...path, key]));
  return found;
}

export function at(value: any, path: Path): any {
  return path.reduce((current, key) => (current === null || current === undefined ? undefined : current[key]), value);
}

/** A copy of `value` with `path` set; an own `__proto__` key stays a key (what JSON.parse makes of it), never a prototype. */
export function withValue(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  Object.defineProperty(copy, key!, {
    value: withValue(copy[key!] ?? null, rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

export function namesField(fieldErrors: unknown, path: Path): boolean {
  const name = path.join('.');
  return (
    typeof fieldErrors === 'object' &&
    fieldErrors !== null &&
    Object.keys(fieldErrors).some((key) => key === name || key.startsWith(`${name}.`))
  );
}

/** A seed per route, from its id: the same inputs every run, whatever routes are added around it. */
export function seedOf(id: string): number {
  let hash = 2_166_136_261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers the fuzzing customer and makes the records that the fixtures and the path parameters
 * name: once per test file, in its beforeAll.
 */
export async function prepareRecords(): Promise<void> {
  const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Fuzz', lastName: 'Customer' });
  const token = customer.accessToken;
  const post = async (path: string, body: Json, session?: string) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(session ? { 'x-shopping-session-id': session } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return response.json();
  };
  const propertyId = (await get('/properties', { token })).properties[0].id;
  const windowId = (await post(`/properties/${propertyId}/windows`, window())).window.id;
  const orderPropertyId = (await post('/properties', property())).property.id;
  await post(`/properties/${orderPropertyId}/windows`, window());
  const savedProductId = (await post('/saved-products', { name: 'Kitchen', configuration: fauxWood() })).savedProduct
    .id;
  const cartSession = `fuzz-${randomUUID()}`;
  const cartResponse = await fetch(`${baseUrl}/api/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopping-session-id': cartSession },
    body: JSON.stringify({ configuration: fauxWood() }),
  });
  const itemId = (await cartResponse.json()).items[0].id;
  prepared = {
    customer,
    staffToken: await accessTokenFor(baseUrl, inject('staffAccount')),
    propertyId,
    windowId,
    orderPropertyId,
    savedProductId,
    cartSession,
    itemId,
  };
}

export function pathParametersOf(route: HttpRoute): Record<string, string> {
  return {
    propertyId: route.id === 'CreateWindowOrder' ? records().orderPropertyId : records().propertyId,
    windowId: records().windowId,
    savedProductId: records().savedProductId,
    itemId: records().itemId,
    kind: 'fascia',
  };
}

export const bodyRoutes = httpRoutes.filter(
  (route) => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH',
);

export const titled = (routes: HttpRoute[]) => routes.map((route) => [`${route.method} ${route.path}`, route] as const);

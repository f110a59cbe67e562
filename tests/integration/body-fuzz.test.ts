/**
 * Security review issue 8: every POST, PUT and PATCH route of functions/routes.ts, fuzzed with
 * fast-check against the local stack. A route declared later is fuzzed too, with what any route
 * gets (malformed JSON, any JSON); a route with a fixture below also gets mutations of a body it
 * accepts: control characters, lone surrogates and 100 KB strings in each text field, a wrong type
 * (numeric strings, booleans, arrays, objects, deep nesting) in each field, `__proto__` and
 * `constructor` keys. Every answer is below 500; every 4xx says why in `message`; a body of the
 * wrong shape is a 400 whose `fieldErrors` names the field; a 2xx stored exactly what was sent
 * (trimmed, NFC, e-mail lower-cased), read back through the route's GET where there is one.
 *
 * Deterministic (a fixed seed per route) and bounded: a few dozen runs per route, and the routes
 * API Gateway throttles (functions/routes.ts) are paced at half their rate, so other test files
 * sharing the stack still get their share.
 *
 * Then the text rules (issue 24, finding 13), route by route: every route that reads a JSON body
 * has a body it parses (the fixture's, or one of SWEPT_BODIES) or says why it has none, and each
 * string field of that body, sent with a refused character and with CRLF (a multi-line field, with
 * another refused character instead), is a 400 naming the field.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gridToCsv } from '#domain/catalogue/grids/csv';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { newConfigurationSchema, type PunchoutConfiguration } from '#domain/punchout/configuration';
import { parseCxmlResponse } from '#domain/punchout/cxml/index';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { fetchFrom } from '../support/client-address';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

interface Answer {
  status: number;
  body: any;
}

/** What one run sends, made from a fresh valid body where the route has one. */
type Mutation =
  | { kind: 'valid' }
  | { kind: 'text'; path: Path; value: string }
  | { kind: 'wrongType'; path: Path; value: Json }
  | { kind: 'extraKey'; path: Path; key: string; value: Json }
  | { kind: 'anyJson'; value: Json }
  | { kind: 'notJson'; text: string };

/** The ids of the fuzzing customer's records, for path parameters and read-backs. */
interface Records {
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

interface Run {
  session: string;
  pathParameters: Record<string, string>;
}

interface Fixture {
  /** A body the route accepts; fresh for each run, since e-mails and names must not repeat. */
  valid: () => Json;
  /** `csv`: the body is a price grid as text/csv (mutated cell by cell), not JSON. */
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

let records: Records;

async function request(
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
      ? records.staffToken
      : route.access === 'customer'
        ? records.customer.accessToken
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

async function get(path: string, options: { token?: string; session?: string } = {}): Promise<any> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.session ? { 'x-shopping-session-id': options.session } : {}),
    },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const customerGet = (path: string) => get(path, { token: records.customer.accessToken });

/** The fuzzing customer's profile, as GET /api/account answers it. */
const account = async () => (await customerGet('/account')).client;

const unique = () => randomUUID().slice(0, 8);
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
const password = 'Fuzz-Pw2024';

/** Route id → fixture. Routes without one (and routes that read no body) get the common fuzzing only. */
const FIXTURES: Record<string, Fixture> = {
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
      (await get('/admin/sample-requests', { token: records.staffToken })).sampleRequests.find(
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

// Each class of troublesome character the review found stored, as units of fuzzed strings.
const TROUBLE = [
  '\u0000',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u202e',
  '\u2066',
  '\u200f',
  '\ud800',
  '\udfff',
  '\ufeff',
  'e\u0301',
  ' ',
];
const fuzzText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.string({
      unit: fc.oneof(fc.constantFrom(...TROUBLE), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 2 })),
      minLength: 1,
      maxLength: 24,
    }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(100_000), `${'é'.repeat(50_000)}\u0000`) },
);

/** Arrays nested `depth` deep: what a recursive reader would choke on. */
const deepArray = fc.integer({ min: 100, max: 3000 }).map((depth) => {
  let value: Json = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
});
const smallObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ maxLength: 6 })), {
  maxKeys: 3,
});
const numericText = fc.constantFrom('5', '0x10', '1e3', ' 5', '2.7', 'abc', '', 'NaN', 'Infinity', '-0');
const WRONG_TYPES: Record<string, fc.Arbitrary<Json>> = {
  string: fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
    smallObject,
    deepArray,
  ),
  number: fc.oneof(numericText, fc.boolean(), fc.constant<Json>([3]), smallObject, deepArray),
  boolean: fc.oneof(fc.constantFrom('true', 'false', '', 'yes', 0, 1), fc.constant<Json>([true]), smallObject),
  object: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
    deepArray,
  ),
  array: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), smallObject),
};
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin'];
const extraValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant({ isAdmin: true, quantity: 5, clientId: 'someone-else' }),
  fc.constant({ prototype: { polluted: true } }),
  deepArray,
  fc.constant('x'.repeat(100_000)),
);
const notJson = fc.oneof(
  fc.constantFrom('{', '{"name":', '[1,]', "{'name':'x'}", 'nul', '{"a":1}}', '\u0000', '{"a":"\\x41"}', '{"a":01}'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
);

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array';
const kindOf = (value: Json): Kind | null =>
  value === null ? null : Array.isArray(value) ? 'array' : (typeof value as Kind);

/** Every path of `value` with its kind, the root excluded. */
function pathsOf(value: Json, path: Path = []): Array<{ path: Path; kind: Kind }> {
  const found: Array<{ path: Path; kind: Kind }> = [];
  const kind = kindOf(value);
  if (path.length > 0 && kind) found.push({ path, kind });
  if (Array.isArray(value)) value.forEach((item, index) => found.push(...pathsOf(item, [...path, index])));
  else if (kind === 'object')
    for (const [key, item] of Object.entries(value as object)) found.push(...pathsOf(item, [...path, key]));
  return found;
}

function at(value: any, path: Path): any {
  return path.reduce((current, key) => (current === null || current === undefined ? undefined : current[key]), value);
}

/** A copy of `value` with `path` set; an own `__proto__` key stays a key (what JSON.parse makes of it), never a prototype. */
function withValue(value: Json, path: Path, replacement: Json): Json {
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

function mutations(sample: Json | undefined): fc.Arbitrary<Mutation> {
  const common: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 1, arbitrary: notJson.map((text) => ({ kind: 'notJson', text }) as const) },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'anyJson', value: value as Json }) as const),
    },
  ];
  if (sample === undefined) return fc.oneof(...common);
  const paths = pathsOf(sample);
  const texts = paths.filter(({ kind }) => kind === 'string').map(({ path }) => path);
  const objects = [[] as Path, ...paths.filter(({ kind }) => kind === 'object').map(({ path }) => path)];
  const typed = paths.map(({ path, kind }) =>
    WRONG_TYPES[kind]!.map((value) => ({ kind: 'wrongType', path, value }) as const),
  );
  return fc.oneof(
    ...common,
    { weight: 1, arbitrary: fc.constant({ kind: 'valid' } as const) },
    ...(texts.length > 0
      ? [
          {
            weight: 4,
            arbitrary: fc
              .record({ path: fc.constantFrom(...texts), value: fuzzText })
              .map((m) => ({ kind: 'text', ...m }) as const),
          },
        ]
      : []),
    ...(typed.length > 0 ? [{ weight: 3, arbitrary: fc.oneof(...typed) }] : []),
    {
      weight: 1,
      arbitrary: fc
        .record({ path: fc.constantFrom(...objects), key: fc.constantFrom(...EXTRA_KEYS), value: extraValue })
        .map((m) => ({ kind: 'extraKey', ...m }) as const),
    },
  );
}

/** CSV routes: the grid with one cell fuzzed, any text, or JSON `{ csv }` of any value. */
function csvBodies(sample: string): fc.Arbitrary<{ text: string; contentType: string }> {
  const lines = sample.split('\r\n');
  const cell = fc
    .record({ line: fc.nat({ max: lines.length - 1 }), column: fc.nat({ max: 6 }), value: fuzzText })
    .map(({ line, column, value }) => {
      const copy = [...lines];
      const cells = copy[line]!.split(',');
      cells[column % cells.length] = value;
      copy[line] = cells.join(',');
      return copy.join('\r\n');
    });
  return fc.oneof(
    fc.constant(sample).map((text) => ({ text, contentType: 'text/csv' })),
    cell.map((text) => ({ text, contentType: 'text/csv' })),
    fc.oneof(fuzzText, notJson).map((text) => ({ text, contentType: 'text/csv' })),
    fc
      .oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fuzzText.map((csv) => ({ csv })),
      )
      .map((value) => ({ text: JSON.stringify(value), contentType: 'application/json' })),
  );
}

function bodyOf(mutation: Mutation, valid: Json | undefined): { text: string; sent?: Json } {
  switch (mutation.kind) {
    case 'notJson':
      return { text: mutation.text };
    case 'anyJson':
      return { text: JSON.stringify(mutation.value), sent: mutation.value };
    case 'valid':
      return { text: JSON.stringify(valid), sent: valid };
    case 'text':
    case 'wrongType': {
      const sent = withValue(valid!, mutation.path, mutation.value);
      return { text: JSON.stringify(sent), sent };
    }
    case 'extraKey': {
      const sent = withValue(valid!, [...mutation.path, mutation.key], mutation.value);
      return { text: JSON.stringify(sent), sent };
    }
  }
}

/**
 * What no stored single-line field holds (issue 8): C0 and C1 controls, DEL, line and paragraph
 * separators, bidi embeddings, overrides and isolates, lone surrogates. Spelled out here rather than
 * taken from domain/text.ts, so the test does not take the rule from the code it tests.
 */
const NOT_STORABLE =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What a text field keeps of what was sent: trimmed, NFC, an e-mail lower-cased; an empty optional field may be kept as null. */
function expectStoredAsSent(stored: Json, sent: Json, valid: Json, notStored: string[]) {
  for (const { path, kind } of pathsOf(valid)) {
    if (kind === 'object' || kind === 'array' || notStored.includes(path.join('.'))) continue;
    const sentValue = at(sent, path);
    const storedValue = at(stored, path);
    if (typeof sentValue !== 'string') {
      expect(storedValue, path.join('.')).toEqual(sentValue);
      continue;
    }
    let kept = sentValue.trim().normalize('NFC');
    if (/email$/i.test(String(path.at(-1)))) kept = kept.toLowerCase();
    if (kept === '' && (storedValue === null || storedValue === undefined)) continue;
    expect(storedValue, path.join('.')).not.toMatch(NOT_STORABLE);
    expect(storedValue, path.join('.')).toBe(kept);
  }
}

function namesField(fieldErrors: unknown, path: Path): boolean {
  const name = path.join('.');
  return (
    typeof fieldErrors === 'object' &&
    fieldErrors !== null &&
    Object.keys(fieldErrors).some((key) => key === name || key.startsWith(`${name}.`))
  );
}

/** A seed per route, from its id: the same inputs every run, whatever routes are added around it. */
function seedOf(id: string): number {
  let hash = 2_166_136_261;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
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
  records = {
    customer,
    staffToken: await accessTokenFor(baseUrl, inject('staffAccount')),
    propertyId,
    windowId,
    orderPropertyId,
    savedProductId,
    cartSession,
    itemId,
  };
});

function pathParametersOf(route: HttpRoute): Record<string, string> {
  return {
    propertyId: route.id === 'CreateWindowOrder' ? records.orderPropertyId : records.propertyId,
    windowId: records.windowId,
    savedProductId: records.savedProductId,
    itemId: records.itemId,
    kind: 'fascia',
  };
}

const bodyRoutes = httpRoutes.filter(
  (route) => route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH',
);

function isJson(text: string): boolean {
  try {
    JSON.parse(text || '{}');
    return true;
  } catch {
    return false;
  }
}

/** Why a 4xx refused: the JSON body's message, or for the cXML endpoint its Response's Status text. */
function reasonOf(answer: Answer): unknown {
  if (typeof answer.body === 'string' && answer.body.includes('<cXML')) return parseCxmlResponse(answer.body).message;
  return (answer.body as { message?: unknown } | undefined)?.message;
}

/** Fuzzes one route with the fixture it has, if any. */
async function fuzz(route: HttpRoute) {
  const fixture = FIXTURES[route.id];
  // Paced at half the route's throttle, so the fuzzing tests the handler rather than the gateway, and leaves other tests their share.
  const pause = route.throttle ? 2000 / route.throttle.rateLimit : 0;
  // An unsigned webhook is refused whatever its body (the Stripe webhook route, once declared).
  const unsigned = route.path.endsWith('/stripe-webhook');
  const bodies: fc.Arbitrary<{ mutation?: Mutation; csv?: { text: string; contentType: string } }> =
    fixture?.format === 'csv'
      ? csvBodies(fixture.valid() as string).map((csv) => ({ csv }))
      : mutations(fixture?.valid()).map((mutation) => ({ mutation }));

  await fc.assert(
    fc.asyncProperty(bodies, async ({ mutation, csv }) => {
      const run: Run = {
        session: fixture?.session?.(records) ?? `fuzz-${randomUUID()}`,
        pathParameters: pathParametersOf(route),
      };
      await fixture?.prepare?.(run);
      const valid = fixture && !csv ? fixture.valid() : undefined;
      const { text, sent } = csv ? { text: csv.text, sent: undefined } : bodyOf(mutation!, valid);
      const answer = await request(
        route,
        run,
        { text, contentType: csv?.contentType ?? 'application/json' },
        fixture?.headers,
      );
      if (pause) await sleep(pause);

      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      if (answer.status >= 400)
        expect(reasonOf(answer), `${answer.status} without a message`).toEqual(expect.stringMatching(/\S/));
      if (unsigned) expect(answer.status).toBe(400);
      fixture?.check?.(answer);
      // The shop's rate limits and API Gateway's throttle answer before the handler reads the body.
      if (answer.status === 429 || !fixture || csv || !mutation) return;

      switch (mutation.kind) {
        case 'notJson':
          if (!isJson(text))
            expect(answer).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
          return;
        case 'anyJson':
          if (kindOf(mutation.value) !== 'object') expect(answer.status).toBe(400);
          if (answer.status === 400) expect(Object.keys(answer.body.fieldErrors ?? {})).not.toEqual([]);
          return;
        case 'wrongType':
          expect(answer.status, JSON.stringify(answer.body)).toBe(400);
          expect(
            namesField(answer.body.fieldErrors, mutation.path),
            `${JSON.stringify(answer.body.fieldErrors)} names ${mutation.path.join('.')}`,
          ).toBe(true);
          return;
        case 'valid':
        case 'extraKey':
          if (mutation.kind === 'extraKey' && answer.status === 400) {
            expect(namesField(answer.body.fieldErrors, [...mutation.path, mutation.key])).toBe(true);
            return;
          }
          expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
          break;
        case 'text':
          break;
      }
      if (answer.status < 300 && fixture.readBack) {
        expectStoredAsSent(await fixture.readBack(run, answer), sent!, valid!, fixture.notStored ?? []);
      }
    }),
    { numRuns: route.throttle ? 12 : 25, seed: seedOf(route.id), endOnFailure: true },
  );
}

const TITLE = '%s: never a 5xx, a 4xx says why, a 2xx stored what was sent';
const titled = (routes: HttpRoute[]) => routes.map((route) => [`${route.method} ${route.path}`, route] as const);

describe('every POST, PUT and PATCH route, fuzzed', () => {
  it.each(titled(bodyRoutes.filter((route) => !route.throttle)))(TITLE, (_, route) => fuzz(route), 60_000);
  // Throttled routes spend their time waiting out the pace: side by side, the file stays short.
  it.concurrent.each(titled(bodyRoutes.filter((route) => route.throttle)))(TITLE, (_, route) => fuzz(route), 60_000);
});

/* ---------- The text rules, field by field ---------- */

/** What the sweep needs besides the fuzzing's records: a buyer's configuration and a webhook subscription, for routes that find them first. */
interface SweepRecords {
  partner: PunchoutConfiguration;
  partnerSecret: string;
  subscriptionId: string;
}

/** A body a route parses (it need not be accepted: every field of it is refused in turn). */
interface SweptBody {
  body: () => Json;
  /** Fields made by multiLineText, which keep line breaks: they get another refused character instead of CRLF. */
  multiLine?: string[];
  headers?: (records: SweepRecords) => Record<string, string>;
  pathParameters?: (records: SweepRecords) => Record<string, string>;
}

let sweep: SweepRecords;

const basic = (records: SweepRecords) => ({
  authorization: `Basic ${Buffer.from(`${records.partner.identity}:${records.partnerSecret}`).toString('base64')}`,
});
const address = (): Json => ({
  address1: '12 Oak Street',
  address2: 'Unit 4',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
});
const configurationForm = (): Json => ({
  clientId: `client-${unique()}`,
  accountNumber: `RP-${unique()}`,
  propertyName: 'Oak Court',
  identity: `oak-${unique()}`,
  sharedSecret: 'a-secret-of-sixteen-or-more',
  dunsNumber: '123456789',
  networkId: 'AN01',
  senderIdentity: 'sender',
  catalogUrl: 'https://buyer.example.com/catalog',
  punchoutUrl: 'https://buyer.example.com/punchout',
  invoiceUrl: 'https://buyer.example.com/invoices',
  pricingRules: '{ "discount": 0.1 }',
  buyerSystem: 'Other cXML',
  returnField: 'cxml-urlencoded',
});
/** An update's form: the secret is not part of it (a save never changes one; decision 0035). */
const configurationUpdateForm = (): Json => {
  const { sharedSecret: _secret, ...form } = configurationForm() as Record<string, Json>;
  return form;
};
const webhook = (): Json => ({
  url: 'https://hooks.example.com/shop',
  description: 'Orders to the ERP',
  events: [{ type: 'OrderPlaced', shape: 'envelope' }],
  active: false,
});

/** Routes with a JSON body and no fuzzing fixture: a body of every field they read. */
const SWEPT_BODIES: Record<string, SweptBody> = {
  QuoteCheckout: { body: () => ({ shippingAddress: { state: 'TX', zipCode: '75024' }, installation: false }) },
  PlaceOrder: {
    body: () => ({
      placementKey: randomUUID(),
      customer: { name: 'Ana Lopez', email: 'ana@example.com', phone: '214-555-0100' },
      shippingAddress: address(),
      billingSameAsShipping: false,
      billingAddress: address(),
      installation: false,
      notes: 'Gate code 12',
    }),
    multiLine: ['notes'],
  },
  TransitionOrder: { body: () => ({ action: 'cancel', reason: 'The customer asked' }) },
  StartChat: { body: () => ({ name: 'Ana Lopez', phone: '214-555-0100' }) },
  PostChatMessage: { body: () => ({ text: 'Hello there', clientMessageId: randomUUID() }), multiLine: ['text'] },
  ReplyToChat: { body: () => ({ text: 'Hello there', clientMessageId: randomUUID() }), multiLine: ['text'] },
  RedeemPunchoutStart: { body: () => ({ s: 'start-id', bc: 'buyer-cookie', ru: 'https://buyer.example.com/return' }) },
  PunchoutPriceAvailability: {
    body: () => ({ skus: ['FW-STD-E02'], accountNumber: sweep.partner.accountNumber }),
    headers: basic,
  },
  PunchoutOrderIntegration: {
    body: () => ({
      orderNumber: 'PO-17',
      accountNumber: sweep.partner.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 1, unitPrice: 10 }],
      shipTo: address(),
      test: true,
    }),
    headers: basic,
  },
  CreateWebhook: { body: webhook },
  UpdateWebhook: { body: webhook, pathParameters: (records) => ({ subscriptionId: records.subscriptionId }) },
  RedeliverWebhookEvent: {
    body: () => ({ eventId: randomUUID() }),
    pathParameters: (records) => ({ subscriptionId: records.subscriptionId }),
  },
  CreatePunchoutConfiguration: { body: configurationForm },
  UpdatePunchoutConfiguration: { body: configurationUpdateForm },
  RotatePunchoutSecret: {
    body: () => ({ sharedSecret: 'a-secret-of-sixteen-or-more' }),
    pathParameters: (records) => ({ configId: records.partner.id }),
  },
  CreatePunchoutClient: {
    body: () => ({
      firstName: 'Pat',
      lastName: 'Manager',
      email: 'pat@example.com',
      phone: '214-555-0111',
      accountType: 'realpage',
      password,
    }),
  },
  BookAppointment: {
    body: () => ({
      name: 'Rosa Diaz',
      address: '1200 Main St, Dallas',
      zipCode: '75201',
      phone: '(214) 555-0142',
      email: 'rosa@example.com',
      orderNumber: 'HBB-ABCDEF',
      date: '2030-01-07',
      time: '10:00 AM',
    }),
  },
  SetAppointmentStatus: { body: () => ({ transition: 'complete' }) },
  RescheduleAppointment: { body: () => ({ date: '2030-01-07', time: '10:00 AM' }) },
  SetAppointmentCapacity: { body: () => ({ capacity: 3 }), pathParameters: () => ({ date: '2030-01-07' }) },
  CreateResumeUpload: { body: () => ({ fileName: 'resume.pdf', size: 1000 }) },
  SubmitJobApplication: {
    body: () => ({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '214-555-0100',
      coverLetter: 'I build things.',
      jobTitle: 'Blind Installer',
      department: 'Field',
      resume: { uploadKey: `resumes/pending/${randomUUID()}`, fileName: 'resume.pdf' },
    }),
    multiLine: ['coverLetter'],
  },
  ChangeJobApplicationStatus: { body: () => ({ status: 'reviewed' }) },
  CreateReturnPhotoUpload: { body: () => ({ contentType: 'image/jpeg', size: 1000 }) },
  SubmitReturnRequest: {
    body: () => ({
      orderNumber: 'HBB-ABCDEF',
      email: 'ana@example.com',
      kind: 'return',
      reason: 'damaged',
      lines: [{ position: 1, quantity: 1 }],
      note: 'Two slats broke',
      photoIds: [randomUUID()],
    }),
    multiLine: ['note'],
  },
  TransitionReturnRequest: { body: () => ({ action: 'approve', note: 'Approved' }), multiLine: ['note'] },
};

/** Routes that read no JSON body, and why: each reads none, or a body of its own kind with its own reader. */
const NOT_SWEPT: Record<string, string> = {
  EnsureDefaultProperty: 'reads no body',
  SignOutCarts: 'reads no body',
  SyncAccountEmail: 'reads no body: the e-mail comes from the user pool',
  MarkChatViewed: 'reads no body',
  CloseChat: 'reads no body',
  SubmitPunchoutCart: 'reads no body: the cart is the partner session’s',
  ConfirmPunchoutReturn: 'reads no body: the submission is named in the path',
  RotateWebhookSecret: 'reads no body',
  SendWebhookTest: 'reads no body',
  RunIntegrationTests: 'reads no body',
  TestPunchoutConfiguration: 'reads no body: it tests the stored credentials',
  RetryDeadLetter: 'reads no body',
  CancelAppointmentByToken: 'reads no body',
  CancelAppointment: 'reads no body',
  PreviewPriceGrid: 'a price grid as CSV, whose text cells domain/catalogue/grids/csv.ts holds to the same rules',
  ReplacePriceGrid: 'a price grid as CSV, whose text cells domain/catalogue/grids/csv.ts holds to the same rules',
  PunchoutCxml: 'cXML, read by its own parser (docs/decisions/0016)',
  StripeWebhook: 'Stripe’s events, read only once their signature verifies',
  RescheduleAppointmentByToken:
    'reached only through a booked appointment’s signed link; its body is RescheduleAppointment’s, swept above',
};

/** The refused characters the sweep puts in the fields, a different one for each field in turn. */
const REFUSED = [
  '\u0000',
  '\u0007',
  '\t',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ud800',
  '\udc00',
];

/** `text` with `character` in its middle, between two letters, so no trimming takes it away. */
const withInside = (text: string, character: string) =>
  `${text.slice(0, text.length >> 1)}a${character}b${text.slice(text.length >> 1)}`;

function sweptBodyOf(route: HttpRoute): SweptBody | undefined {
  const fixture = FIXTURES[route.id];
  if (fixture && fixture.format !== 'csv') {
    return {
      body: fixture.valid,
      multiLine: route.id === 'SubmitContactMessage' ? ['message'] : [],
      headers: () => fixture.headers ?? {},
    };
  }
  return SWEPT_BODIES[route.id];
}

/** Sends `body`, waiting out API Gateway's throttle when another test file spent it. */
async function sendSwept(route: HttpRoute, body: Json, swept: SweptBody): Promise<Answer> {
  const fixture = FIXTURES[route.id];
  const run: Run = {
    session: fixture?.session?.(records) ?? `sweep-${randomUUID()}`,
    pathParameters: { ...pathParametersOf(route), ...swept.pathParameters?.(sweep) },
  };
  const pause = route.throttle ? 2000 / route.throttle.rateLimit : 0;
  for (;;) {
    const answer = await request(
      route,
      run,
      { text: JSON.stringify(body), contentType: 'application/json' },
      swept.headers?.(sweep),
    );
    if (pause) await sleep(pause);
    if (answer.status !== 429) return answer;
  }
}

async function sweepTextFields(route: HttpRoute) {
  const swept = sweptBodyOf(route)!;
  const fields = pathsOf(swept.body())
    .filter(({ kind }) => kind === 'string')
    .map(({ path }) => path);
  for (const [index, path] of fields.entries()) {
    const name = path.join('.');
    const multiLine = swept.multiLine?.includes(name) ?? false;
    const characters = [
      REFUSED[(seedOf(route.id) + index) % REFUSED.length]!,
      multiLine ? REFUSED[(seedOf(route.id) + index + 7) % REFUSED.length]! : '\r\n',
    ];
    for (const character of characters) {
      const body = swept.body();
      const answer = await sendSwept(
        route,
        withValue(body, path, withInside(at(body, path) as string, character)),
        swept,
      );
      expect(answer.status, `${name} with ${JSON.stringify(character)}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(
        namesField(answer.body.fieldErrors, path),
        `${JSON.stringify(answer.body.fieldErrors)} names ${name} (with ${JSON.stringify(character)})`,
      ).toBe(true);
    }
  }
}

describe('every string field of every route that reads a JSON body', () => {
  beforeAll(async () => {
    Object.assign(process.env, env);
    const partnerSecret = `sweep-${randomUUID()}`;
    const { configuration: partner } = await saveConfiguration(
      newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
        clientId: `client-${unique()}`,
        accountNumber: `RP-${unique()}`,
        propertyName: 'Sweep Court',
        identity: `sweep-${unique()}`,
        sharedSecret: partnerSecret,
      }),
    );
    const created = await fetch(`${baseUrl}/api/admin/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${records.staffToken}` },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/sweep', events: [{ type: 'OrderPlaced' }], active: false }),
    });
    expect(created.status).toBe(201);
    sweep = {
      partner,
      partnerSecret,
      subscriptionId: ((await created.json()) as { subscription: { id: string } }).subscription.id,
    };
  });

  it('has, for each route, a body to sweep or a reason why it reads none', () => {
    const unaccounted = bodyRoutes
      .filter((route) => !sweptBodyOf(route) && !NOT_SWEPT[route.id])
      .map((route) => route.id);
    const both = bodyRoutes.filter((route) => sweptBodyOf(route) && NOT_SWEPT[route.id]).map((route) => route.id);
    expect({ unaccounted, both }).toEqual({ unaccounted: [], both: [] });
  });

  const sweptRoutes = bodyRoutes.filter((route) => sweptBodyOf(route));
  const SWEEP_TITLE = '%s: each string field with a refused character or CRLF is a 400 naming it';
  it.each(titled(sweptRoutes.filter((route) => !route.throttle)))(
    SWEEP_TITLE,
    (_, route) => sweepTextFields(route),
    120_000,
  );
  it.concurrent.each(titled(sweptRoutes.filter((route) => route.throttle)))(
    SWEEP_TITLE,
    (_, route) => sweepTextFields(route),
    120_000,
  );
});

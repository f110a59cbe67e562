/**
 * Security review issue 8: every POST, PUT and PATCH route of functions/routes.ts, fuzzed with
 * fast-check against the local stack. A route declared later is fuzzed too, with what any route
 * gets (malformed JSON, any JSON); a route with a fixture (tests/support/body-fixtures.ts) also
 * gets mutations of a body it accepts: control characters, lone surrogates and 100 KB strings in
 * each text field, a wrong type (numeric strings, booleans, arrays, objects, deep nesting) in each
 * field, `__proto__` and `constructor` keys. Every answer is below 500; every 4xx says why in
 * `message`; a body of the wrong shape is a 400 whose `fieldErrors` names the field; a 2xx stored
 * exactly what was sent (trimmed, NFC, e-mail lower-cased), read back through the route's GET where
 * there is one.
 *
 * Deterministic (a fixed seed per route) and bounded: a few dozen runs per route, and the routes
 * API Gateway throttles (functions/routes.ts) are paced at half their rate, so other test files
 * sharing the stack still get their share.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCxmlResponse } from '#domain/punchout/cxml/index';
import type { HttpRoute } from '../../functions/routing';
import {
  bodyRoutes,
  FIXTURES,
  kindOf,
  namesField,
  pathParametersOf,
  pathsOf,
  prepareRecords,
  records,
  request,
  seedOf,
  sleep,
  titled,
  withValue,
  at,
  type Answer,
  type Json,
  type Path,
  type Run,
} from '../support/body-fixtures';

beforeAll(prepareRecords);

/** What one run sends, made from a fresh valid body where the route has one. */
type Mutation =
  | { kind: 'valid' }
  | { kind: 'text'; path: Path; value: string }
  | { kind: 'wrongType'; path: Path; value: Json }
  | { kind: 'extraKey'; path: Path; key: string; value: Json }
  | { kind: 'anyJson'; value: Json }
  | { kind: 'notJson'; text: string };

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
        session: fixture?.session?.(records()) ?? `fuzz-${randomUUID()}`,
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

describe('every POST, PUT and PATCH route, fuzzed', () => {
  it.each(titled(bodyRoutes.filter((route) => !route.throttle)))(TITLE, (_, route) => fuzz(route), 60_000);
  // Throttled routes spend their time waiting out the pace: side by side, the file stays short.
  it.concurrent.each(titled(bodyRoutes.filter((route) => route.throttle)))(TITLE, (_, route) => fuzz(route), 60_000);
});

/**
 * The cart as a shopper meets it, through the local gateway and DynamoDB Local: adding a blind,
 * reading a cart of 20 lines (every line re-priced by the server), the badge count, adding a free
 * sample; and the scheduled sweep that abandons idle carts, timed over many carts.
 */
import { randomBytes } from 'node:crypto';
import { SESSION_ID_HEADER } from '#domain/cart/session';
import { LOCAL_TOOLS_KEY_HEADER } from '../infra/local/local-tools-key';
import { measureLatency, type Latency } from './latency';
import { fauxWood } from './quotes-api';

const CART_LINES = 20;
const SWEPT_CARTS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

const newSession = () => `bench-${randomBytes(8).toString('hex')}`;

async function send(baseUrl: string, session: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', [SESSION_ID_HEADER]: session },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** `localToolsKey` runs the sweep through the stack's schedules tool (`/_local/schedules`). */
export async function benchmarkCartApi(
  baseUrl: string,
  localToolsKey: string,
): Promise<Record<string, Latency | string>> {
  const addSession = newSession();
  const add = await measureLatency((i) =>
    send(baseUrl, addSession, 'POST', '/cart/items', { configuration: fauxWood(i % 64) }).then(() => undefined),
  );

  const readSession = newSession();
  for (let i = 0; i < CART_LINES; i++)
    await send(baseUrl, readSession, 'POST', '/cart/items', { configuration: fauxWood(i) });
  const read = await measureLatency(() => send(baseUrl, readSession, 'GET', '/cart').then(() => undefined));
  const count = await measureLatency(() => send(baseUrl, readSession, 'GET', '/cart/count').then(() => undefined));

  const sample = await measureLatency(
    async () => {
      await send(baseUrl, newSession(), 'POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' });
    },
    { warmUp: 10, requests: 200 },
  );

  for (let i = 0; i < SWEPT_CARTS; i++)
    await send(baseUrl, newSession(), 'POST', '/cart/items', { configuration: fauxWood(i) });
  const started = performance.now();
  const swept = (await (
    await fetch(`${baseUrl}/_local/schedules/SweepIdleCarts/run`, {
      method: 'POST',
      headers: { [LOCAL_TOOLS_KEY_HEADER]: localToolsKey },
      body: JSON.stringify({ time: new Date(Date.now() + DAY_MS + 60_000).toISOString() }),
    })
  ).json()) as { abandoned: number };
  const sweepMs = performance.now() - started;

  return {
    [`POST /api/cart/items (merge into one line)`]: add,
    [`GET /api/cart, ${CART_LINES} lines re-priced`]: read,
    'GET /api/cart/count': count,
    'POST /api/samples': sample,
    [`idle-cart sweep`]: `${swept.abandoned} carts abandoned in ${sweepMs.toFixed(0)} ms (${((sweepMs / Math.max(1, swept.abandoned)) * 1000).toFixed(0)} µs per cart, each publishing CartAbandoned)`,
  };
}

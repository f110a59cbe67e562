/**
 * Following one request through its events (issue 30, signals): an API request's id is the
 * correlation id of every event it publishes, directly or through the event outbox, and a consumer
 * of that event carries it on to the events it publishes in turn.
 */
import { randomUUID } from 'node:crypto';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CartAbandoned, CartItemAdded } from '#events/cart';
import { consumer } from '../../functions/lib/event-consumer';
import { publish } from '../../functions/lib/events';
import { resetConfigCache } from '../../functions/lib/config';
import { blind, newShopper, placement } from '../support/checkout';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { lambdaContext } from '../../infra/local/handlers';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

beforeAll(() => {
  Object.assign(process.env, env);
  resetConfigCache();
});

interface RecordedEvent {
  id: string;
  'detail-type': string;
  detail: Record<string, unknown>;
}

async function eventOnBus(type: string, matches: (detail: Record<string, unknown>) => boolean) {
  const found = await eventually(
    async () => {
      const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as {
        recentEvents: RecordedEvent[];
      };
      return recentEvents.find((event) => event['detail-type'] === type && matches(event.detail));
    },
    (event) => event !== undefined,
    20_000,
  );
  return found!;
}

/** A request as the browser sends it, answering its body and API Gateway's request id. */
async function request(path: string, init: { method: string; token: string; session: string; body: unknown }) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method,
    headers: {
      authorization: `Bearer ${init.token}`,
      'x-shopping-session-id': init.session,
      'content-type': 'application/json',
    },
    body: JSON.stringify(init.body),
  });
  expect(response.status).toBeLessThan(300);
  return {
    body: (await response.json()) as Record<string, unknown>,
    requestId: response.headers.get('apigw-requestid')!,
  };
}

describe('correlation ids', () => {
  it('stamp the events a request publishes, directly and through the outbox, with its request id', async () => {
    const shopper = await newShopper(baseUrl);
    const auth = { token: shopper.accessToken, session: shopper.session };
    const added = await request('/cart/items', {
      method: 'POST',
      ...auth,
      body: { configuration: blind(), quantity: 1 },
    });
    expect(added.requestId).toMatch(/\S/);
    const itemAdded = await eventOnBus(CartItemAdded.name, (detail) => detail.clientId === shopper.clientId);
    expect(itemAdded.detail.correlationId).toBe(added.requestId);

    const placed = await request('/orders', { method: 'POST', ...auth, body: placement(shopper) });
    const orderPlaced = await eventOnBus('OrderPlaced', (detail) => detail.orderId === placed.body.orderId);
    expect(orderPlaced.detail.correlationId).toBe(placed.requestId);
    expect(orderPlaced.detail.correlationId).not.toBe(added.requestId);
  });

  it('carry a consumed event’s correlation id on to what its consumer publishes, or start one from the event id', async () => {
    const abandonOnAdd = consumer(CartItemAdded, `correlation-test-${randomUUID()}`, async (detail) => {
      const now = new Date().toISOString();
      await publish(CartAbandoned, {
        cartId: detail.cartId,
        clientId: detail.clientId,
        reason: 'idle',
        lastUpdatedAt: now,
        abandonedAt: now,
      });
    });
    const delivered = (cartId: string, correlation: Record<string, string>): EventBridgeEvent<string, unknown> => ({
      version: '0',
      id: randomUUID(),
      'detail-type': CartItemAdded.name,
      source: 'test',
      account: 'local',
      time: new Date().toISOString(),
      region: 'local',
      resources: [],
      detail: {
        lineId: 'line-1',
        family: 'faux-wood-blinds',
        series: 'classic',
        quantityAdded: 1,
        unitCents: 4_500,
        cartId,
        clientId: null,
        addedAt: new Date().toISOString(),
        version: 1,
        ...correlation,
      },
    });

    const carried = delivered(randomUUID(), { correlationId: 'request-7f3a' });
    await abandonOnAdd(carried, lambdaContext('CorrelationTest', 30_000) as Context);
    const followUp = await eventOnBus(
      CartAbandoned.name,
      (detail) => detail.cartId === (carried.detail as { cartId: string }).cartId,
    );
    expect(followUp.detail.correlationId).toBe('request-7f3a');

    // A malformed id in a detail is not trusted into the logs: the event's own id starts the chain.
    const started = delivered(randomUUID(), { correlationId: 'no spaces\nor newlines' });
    await abandonOnAdd(started, lambdaContext('CorrelationTest', 30_000) as Context);
    const fresh = await eventOnBus(
      CartAbandoned.name,
      (detail) => detail.cartId === (started.detail as { cartId: string }).cartId,
    );
    expect(fresh.detail.correlationId).toBe(started.id);
  });
});

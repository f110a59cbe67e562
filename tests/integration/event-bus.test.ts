import { DescribeEventBusCommand, EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { EventDeclaration } from '#events/catalog';
import { type BusEvent, LocalEventBus } from '../../infra/local/event-bus';
import { createEventBridgeEndpoint } from '../../infra/local/eventbridge-endpoint';
import { z } from 'zod';
import { localTools } from '../support/local-tools';

const catalog: EventDeclaration[] = [
  {
    name: 'ThingHappened',
    version: 1,
    detail: z.object({ n: z.number() }),
    consumers: [
      { id: 'Steady', handler: { file: 'unused', export: 'unused' }, grants: [] },
      { id: 'Flaky', handler: { file: 'unused', export: 'unused' }, grants: [] },
    ],
  },
];

let received: Array<{ consumer: string; event: BusEvent }>;
let flakyFailures: number;
let bus: LocalEventBus;
let server: Server;
let client: EventBridgeClient;

beforeEach(async () => {
  received = [];
  flakyFailures = 0;
  bus = new LocalEventBus({
    catalog,
    source: 'shop',
    retryDelaysMs: [10, 20],
    invoke: async (consumer, event) => {
      if (consumer.id === 'Flaky' && flakyFailures > 0) {
        flakyFailures--;
        throw new Error('mail server down');
      }
      received.push({ consumer: consumer.id, event });
    },
  });
  const endpoint = createEventBridgeEndpoint(bus, 'shop-events');
  server = createServer((req, res) => void endpoint(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  client = new EventBridgeClient({
    endpoint: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/eventbridge`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterEach(async () => {
  client.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const put = (n: number, detailType = 'ThingHappened') =>
  client.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: 'shop-events', Source: 'shop', DetailType: detailType, Detail: JSON.stringify({ n }) }],
    }),
  );

describe('the local EventBridge', () => {
  it("runs no consumer before the producer's put has returned", async () => {
    bus.put([{ source: 'shop', detailType: 'ThingHappened', detail: { n: 0 } }]);
    expect(received).toEqual([]);
    await bus.drained();
    expect(received).toHaveLength(2);
  });

  it('accepts PutEvents from the SDK and delivers an EventBridge event to every consumer', async () => {
    const result = await put(1);
    expect(result.FailedEntryCount).toBe(0);
    await bus.drained();
    expect(received.map((r) => r.consumer).sort()).toEqual(['Flaky', 'Steady']);
    expect(received[0]?.event).toMatchObject({
      id: result.Entries?.[0]?.EventId,
      'detail-type': 'ThingHappened',
      source: 'shop',
      region: 'us-east-1',
      account: '000000000000',
      resources: [],
      detail: { n: 1 },
    });
    expect(received[0]?.event.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('delivers no event that no rule matches', async () => {
    await put(1, 'NobodyListens');
    await bus.drained();
    expect(received).toEqual([]);
  });

  it('reports entries for an unknown bus or with malformed detail as failed', async () => {
    const result = await client.send(
      new PutEventsCommand({
        Entries: [
          { EventBusName: 'other-bus', Source: 'shop', DetailType: 'ThingHappened', Detail: '{}' },
          { Source: 'shop', DetailType: 'ThingHappened', Detail: 'not json' },
        ],
      }),
    );
    expect(result.FailedEntryCount).toBe(2);
    expect(result.Entries?.map((entry) => entry.ErrorCode)).toEqual(['ResourceNotFoundException', 'MalformedDetail']);
  });

  it('describes its bus', async () => {
    const bus = await client.send(new DescribeEventBusCommand({ Name: 'shop-events' }));
    expect(bus.Arn).toBe('arn:aws:events:us-east-1:000000000000:event-bus/shop-events');
  });

  it('retries a failing consumer and succeeds when it recovers', async () => {
    flakyFailures = 2;
    await put(7);
    await bus.drained();
    expect(received.filter((r) => r.consumer === 'Flaky')).toHaveLength(1);
    expect(bus.deadLetters).toEqual([]);
  });

  it('puts the event on the dead-letter list after three failed attempts', async () => {
    flakyFailures = 3;
    const result = await put(8);
    await bus.drained();
    expect(received.map((r) => r.consumer)).toEqual(['Steady']);
    expect(bus.deadLetters).toEqual([
      expect.objectContaining({
        consumerId: 'Flaky',
        attempts: 3,
        error: 'mail server down',
        event: expect.objectContaining({ id: result.Entries?.[0]?.EventId }),
      }),
    ]);
  });

  it('delivers every event twice and out of order when tests ask', async () => {
    bus.setDeliveryMode('twice-out-of-order');
    for (let n = 0; n < 10; n++) await put(n);
    await bus.drained();
    const steady = received.filter((r) => r.consumer === 'Steady').map((r) => (r.event.detail as { n: number }).n);
    expect(steady).toHaveLength(20);
    expect([...steady].sort((a, b) => a - b)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9]);
    expect(steady).not.toEqual([...steady].sort((a, b) => a - b));
  });
});

describe('the local stack bus', () => {
  it('is reachable through AWS_ENDPOINT_URL_EVENTBRIDGE and switchable over HTTP', async () => {
    const env = inject('localEnv');
    const sdk = new EventBridgeClient({
      region: 'us-east-1',
      endpoint: env.AWS_ENDPOINT_URL_EVENTBRIDGE,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    expect((await sdk.send(new DescribeEventBusCommand({ Name: env.EVENT_BUS_NAME }))).Name).toBe('shop-events');
    const baseUrl = inject('baseUrl');
    const switched = await localTools(baseUrl, '/event-bus/delivery-mode', {
      method: 'PUT',
      body: JSON.stringify({ mode: 'twice-out-of-order' }),
    });
    expect(await switched.json()).toEqual({ deliveryMode: 'twice-out-of-order' });
    await localTools(baseUrl, '/event-bus/delivery-mode', { method: 'PUT', body: JSON.stringify({ mode: 'normal' }) });
    // Only the mode: other files on the same stack make consumers fail on purpose, so the dead-letter list is theirs too.
    expect(await (await localTools(baseUrl, '/event-bus')).json()).toMatchObject({
      deliveryMode: 'normal',
      deadLetters: expect.any(Array),
    });
  });
});

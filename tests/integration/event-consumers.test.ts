import { randomUUID } from 'node:crypto';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { EventDeclaration } from '#events/catalog';
import { resetConfigCache } from '../../functions/lib/config';
import { consumer } from '../../functions/lib/event-consumer';
import { lambdaContext } from '../../infra/local/handlers';

const env = inject('localEnv');

/** An event of the tests' own, so no consumer of the shop's runs. */
const ThingPaid = {
  name: 'ThingPaid',
  version: 1,
  detail: z.object({ thingId: z.string() }),
  consumers: [],
} satisfies EventDeclaration;

/** A bus delivery of ThingPaid; `outboxId` is the stable id an event from the outbox carries in its detail. */
function delivery(thingId: string, eventId = randomUUID(), outboxId?: string): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id: eventId,
    'detail-type': ThingPaid.name,
    source: 'shop',
    account: '000000000000',
    time: new Date().toISOString(),
    region: env.AWS_REGION!,
    resources: [],
    detail: { thingId, version: 1, ...(outboxId ? { eventId: outboxId } : {}) },
  };
}

/** What the local stack passes a handler, with the callbacks Lambda's Node runtime still types. */
const context = (): Context => ({
  ...lambdaContext('TestConsumer', 30_000),
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

beforeAll(() => {
  // The consumer runs in this process against the stack's table, configured as the handlers are.
  Object.assign(process.env, env);
  resetConfigCache();
});

describe('an event consumer (functions/lib/event-consumer.ts) against the local table', () => {
  it('runs its effect once per key: for a redelivery, and for the same key published under another event id', async () => {
    const runs: string[] = [];
    const handler = consumer(ThingPaid, `Test${randomUUID()}`, async ({ thingId }) => void runs.push(thingId), {
      onceFor: ({ thingId }) => thingId,
    });
    const first = delivery('a');
    await handler(first, context());
    await handler(first, context());
    await handler(delivery('a'), context());
    await handler(delivery('b'), context());
    expect(runs).toEqual(['a', 'b']);
  });

  it('without onceFor, once per event id', async () => {
    const runs: string[] = [];
    const handler = consumer(ThingPaid, `Test${randomUUID()}`, async ({ thingId }) => void runs.push(thingId));
    const first = delivery('a');
    await handler(first, context());
    await handler(first, context());
    await handler(delivery('a'), context());
    expect(runs).toEqual(['a', 'a']);
  });

  it('without onceFor, once per outbox id when the event carries one: the sweep publishing it again under another bus id runs nothing', async () => {
    const runs: string[] = [];
    const handler = consumer(ThingPaid, `Test${randomUUID()}`, async ({ thingId }) => void runs.push(thingId));
    const outboxId = randomUUID();
    await handler(delivery('a', randomUUID(), outboxId), context());
    await handler(delivery('a', randomUUID(), outboxId), context());
    await handler(delivery('a', randomUUID(), randomUUID()), context());
    expect(runs).toEqual(['a', 'a']);
  });

  it('lets a duplicate that arrives while the first delivery is still working return, and the effect happens once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    const handler = consumer(ThingPaid, `Test${randomUUID()}`, async () => {
      runs += 1;
      started();
      await gate;
    });
    const event = delivery('slow');
    const first = handler(event, context());
    await running;
    await expect(handler(event, context())).resolves.toBeUndefined();
    release();
    await first;
    await handler(event, context());
    expect(runs).toBe(1);
  });

  it('runs the effect again on a retry after it failed', async () => {
    let attempts = 0;
    const handler = consumer(ThingPaid, `Test${randomUUID()}`, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('mail server down');
    });
    const event = delivery('flaky');
    await expect(handler(event, context())).rejects.toThrow('mail server down');
    await handler(event, context());
    await handler(event, context());
    expect(attempts).toBe(2);
  });
});

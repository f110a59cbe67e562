import { randomUUID } from 'node:crypto';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { resetConfigCache } from '../../functions/lib/config';
import { emittedMetrics } from '../../functions/lib/metrics';
import { count } from '../../functions/monitor/count-business-events';
import { lambdaContext } from '../../infra/local/handlers';

const env = inject('localEnv');

const context = (): Context => ({
  ...lambdaContext('CountBusinessEvents', 30_000),
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

function chatStarted(eventId = randomUUID()): EventBridgeEvent<string, unknown> {
  return {
    version: '0',
    id: eventId,
    'detail-type': 'ChatStarted',
    source: 'shop',
    account: '000000000000',
    time: new Date().toISOString(),
    region: env.AWS_REGION!,
    resources: [],
    detail: {
      version: 1,
      sessionId: randomUUID(),
      customerName: 'Dana Whitfield',
      customerPhone: null,
      clientId: null,
      startedAt: new Date().toISOString(),
    },
  };
}

beforeAll(() => {
  // The consumer runs in this process against the stack's table (its idempotency records), as the handlers do.
  Object.assign(process.env, env);
  resetConfigCache();
});

describe('business metrics counted from events (events/business-metrics.ts)', () => {
  it('counts each event once however often the bus delivers it, and refuses an event it does not count', async () => {
    const before = emittedMetrics().ChatsStarted ?? 0;
    const first = chatStarted();
    await count(first, context());
    await count(first, context());
    await count(chatStarted(), context());
    expect(emittedMetrics().ChatsStarted).toBe(before + 2);

    await expect(count({ ...chatStarted(), 'detail-type': 'CartItemAdded' }, context())).rejects.toThrow(
      'No business metric counts CartItemAdded',
    );
  });
});

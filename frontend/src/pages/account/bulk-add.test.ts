import { describe, expect, it } from 'vitest';
import { addInBatches, addTimeoutFor, bulkAddMessage } from './bulk-add';

class Timeout extends Error {}

function clock() {
  let time = 0;
  const log: string[] = [];
  return {
    log,
    now: () => time,
    sleep: async (ms: number) => {
      log.push(`pause ${ms}`);
      time += ms;
    },
    advance: (ms: number) => (time += ms),
  };
}

describe('addInBatches', () => {
  it('adds three at a time with a 100 ms pause between batches', async () => {
    const { log, now, sleep } = clock();
    const result = await addInBatches(
      [1, 2, 3, 4, 5, 6, 7],
      async (item) => log.push(`add ${item}`),
      () => false,
      { timeoutMs: 30_000, now, sleep },
    );
    expect(result).toEqual({ added: 7, failed: 0, timedOut: false });
    expect(log).toEqual(['add 1', 'add 2', 'add 3', 'pause 100', 'add 4', 'add 5', 'add 6', 'pause 100', 'add 7']);
  });

  it('counts the products that failed and goes on with the others', async () => {
    const { now, sleep } = clock();
    const result = await addInBatches(
      [1, 2, 3, 4],
      async (item) => {
        if (item % 2 === 0) throw new Error('refused');
      },
      () => false,
      { timeoutMs: 30_000, now, sleep },
    );
    expect(result).toEqual({ added: 2, failed: 2, timedOut: false });
  });

  it('stops at the deadline and counts what was not tried as failed', async () => {
    const { now, sleep, advance } = clock();
    const remaining: number[] = [];
    const result = await addInBatches(
      [1, 2, 3, 4, 5, 6, 7],
      async (_item, remainingMs) => {
        remaining.push(remainingMs);
        advance(5_000);
      },
      () => false,
      { timeoutMs: 30_000, now, sleep },
    );
    expect(remaining[0]).toBe(30_000);
    expect(result.timedOut).toBe(true);
    expect(result.added + result.failed).toBe(7);
    expect(result.failed).toBeGreaterThan(0);
  });

  it('ends the run when a request times out', async () => {
    const { now, sleep } = clock();
    const result = await addInBatches(
      [1, 2, 3, 4, 5],
      async (item) => {
        if (item === 2) throw new Timeout();
      },
      (error) => error instanceof Timeout,
      { timeoutMs: 30_000, now, sleep },
    );
    expect(result).toEqual({ added: 2, failed: 3, timedOut: true });
  });
});

describe('time-outs and messages', () => {
  it('gives one product 15 s and several 30 s', () => {
    expect(addTimeoutFor(1)).toBe(15_000);
    expect(addTimeoutFor(4)).toBe(30_000);
  });

  it('words a partial failure and a time-out as the old shop did', () => {
    expect(bulkAddMessage({ added: 2, failed: 1, timedOut: false }, 3, null).title).toBe(
      '1 item(s) could not be added to cart.',
    );
    expect(bulkAddMessage({ added: 0, failed: 4, timedOut: true }, 4, null).title).toBe(
      'Request timed out. Please try again with fewer items.',
    );
    expect(bulkAddMessage({ added: 0, failed: 1, timedOut: true }, 1, 'Kitchen').title).toBe(
      'Request timed out. Please try again.',
    );
    expect(bulkAddMessage({ added: 1, failed: 0, timedOut: false }, 1, 'Kitchen').title).toBe(
      'Kitchen added to your cart.',
    );
  });
});

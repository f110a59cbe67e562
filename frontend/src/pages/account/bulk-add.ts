/**
 * Adding the selected saved products to the cart: in batches of 3 with a 100 ms pause, the whole
 * run bounded by one time-out (15 s for one product, 30 s for several).
 */
import { batchesOf, SAVED_PRODUCT_CART } from '#domain/accounts/saved-product';

export interface BulkAddResult {
  added: number;
  failed: number;
  /** The time-out ran out before every product was tried; the untried ones count as failed. */
  timedOut: boolean;
}

interface BulkAddOptions {
  timeoutMs: number;
  batchSize?: number;
  pauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The time-out of adding `count` products: the single or the bulk limit. */
export function addTimeoutFor(count: number): number {
  return count === 1 ? SAVED_PRODUCT_CART.singleTimeoutMs : SAVED_PRODUCT_CART.bulkTimeoutMs;
}

/**
 * Calls `add` for every item, a batch at a time; each call gets the time left before the deadline.
 * A rejected call counts as failed; a call that times out ends the run.
 */
export async function addInBatches<T>(
  items: readonly T[],
  add: (item: T, remainingMs: number) => Promise<unknown>,
  isTimeout: (error: unknown) => boolean,
  {
    timeoutMs,
    batchSize = SAVED_PRODUCT_CART.batchSize,
    pauseMs = SAVED_PRODUCT_CART.pauseBetweenBatchesMs,
    now = Date.now,
    sleep = wait,
  }: BulkAddOptions,
): Promise<BulkAddResult> {
  const deadline = now() + timeoutMs;
  const result: BulkAddResult = { added: 0, failed: 0, timedOut: false };
  const batches = batchesOf(items, batchSize);
  for (const [index, batch] of batches.entries()) {
    const remainingMs = deadline - now();
    if (remainingMs <= 0) {
      result.timedOut = true;
      result.failed += batches.slice(index).flat().length;
      break;
    }
    const outcomes = await Promise.allSettled(batch.map((item) => add(item, remainingMs)));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') result.added += 1;
      else {
        result.failed += 1;
        if (isTimeout(outcome.reason)) result.timedOut = true;
      }
    }
    if (result.timedOut) {
      result.failed += batches.slice(index + 1).flat().length;
      break;
    }
    if (index < batches.length - 1) await sleep(pauseMs);
  }
  return result;
}

/** The toast after a run, in the old shop's words. */
export function bulkAddMessage(
  result: BulkAddResult,
  count: number,
  singleName: string | null,
): { type: 'success' | 'error' | 'warning'; title: string } {
  if (count === 1) {
    if (result.added === 1) return { type: 'success', title: `${singleName} added to your cart.` };
    return {
      type: 'error',
      title: result.timedOut
        ? 'Request timed out. Please try again.'
        : 'Could not add item to cart. Please try again later.',
    };
  }
  if (result.added === 0) {
    return {
      type: 'error',
      title: result.timedOut
        ? 'Request timed out. Please try again with fewer items.'
        : 'Could not add items to cart. Please try again later.',
    };
  }
  if (result.failed > 0) return { type: 'warning', title: `${result.failed} item(s) could not be added to cart.` };
  return { type: 'success', title: `${result.added} items added to your cart.` };
}

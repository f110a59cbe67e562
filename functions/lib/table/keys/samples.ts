/** The table's keys of sample carts and sample requests (functions/samples); see ../README.md. */

/** A sample in a browser session's sample cart: one item per colour sample, so a duplicate is a failed conditional put. */
export function sampleCartItemKeys(sessionId: string, sampleId: string) {
  return { pk: sampleCartPartitionKey(sessionId), sk: `${SAMPLE_CART_ITEM_SK_PREFIX}${sampleId}` };
}

export function sampleCartPartitionKey(sessionId: string) {
  return `SAMPLES#${sessionId}`;
}

/** How many samples a session's sample cart holds, counted by every add and removal so the limit holds under concurrency. */
export function sampleCartCountKeys(sessionId: string) {
  return { pk: sampleCartPartitionKey(sessionId), sk: 'COUNT' };
}

export const SAMPLE_CART_ITEM_SK_PREFIX = 'SAMPLE#';

/** A sample request, keyed by its reference so that a reference is never given twice; listed for staff newest first. */
export function sampleRequestKeys(reference: string, createdAt: string) {
  return {
    pk: `SAMPLE_REQUEST#${reference}`,
    sk: 'SAMPLE_REQUEST',
    gsi1pk: SAMPLE_REQUESTS_INDEX_PK,
    gsi1sk: `${createdAt}#${reference}`,
  };
}

export const SAMPLE_REQUESTS_INDEX_PK = 'SAMPLE_REQUESTS';

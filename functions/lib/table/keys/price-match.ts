/** The table's keys of price match requests (functions/price-match); see ../README.md. */
import { clientPartitionKey } from './accounts';

/**
 * A price match request. Listed for staff through gsi1: those waiting for review oldest first, by
 * when they were sent; those decided newest first, by when (a decision moves it). Listed for its
 * customer newest first in their partition of gsi3.
 */
export function priceMatchKeys(priceMatchId: string) {
  return { pk: `PRICE_MATCH#${priceMatchId}`, sk: 'PRICE_MATCH' };
}

export function priceMatchIndexKeys(
  priceMatchId: string,
  clientId: string,
  createdAt: string,
  decidedAt: string | null,
) {
  return {
    gsi1pk: priceMatchListPartition(decidedAt ? 'decided' : 'requested'),
    gsi1sk: `${decidedAt ?? createdAt}#${priceMatchId}`,
    gsi3pk: clientPartitionKey(clientId),
    gsi3sk: `${CLIENT_PRICE_MATCH_INDEX_SK_PREFIX}${createdAt}#${priceMatchId}`,
  };
}

export function priceMatchListPartition(list: 'requested' | 'decided') {
  return `PRICE_MATCHES#${list}`;
}

export const CLIENT_PRICE_MATCH_INDEX_SK_PREFIX = 'PRICE_MATCH#';

/**
 * The table's keys of customer quotes (functions/customer-quotes,
 * docs/decisions/0059-customer-quotes.md); see ../README.md.
 */
import { clientPartitionKey } from './accounts';

/**
 * A customer quote (one version of it): listed under its client through gsi1 and for staff through
 * gsi2, newest first. Its lines share its partition, written before the header that makes them
 * visible, so the whole quote is one Query.
 */
export function customerQuoteKeys(quoteId: string) {
  return { pk: customerQuotePartitionKey(quoteId), sk: 'QUOTE' };
}

export function customerQuotePartitionKey(quoteId: string) {
  return `CUSTOMER_QUOTE#${quoteId}`;
}

export function customerQuoteIndexKeys(clientId: string, createdAt: string, quoteId: string) {
  return {
    gsi1pk: clientPartitionKey(clientId),
    gsi1sk: `${CLIENT_QUOTE_INDEX_SK_PREFIX}${createdAt}#${quoteId}`,
    gsi2pk: CUSTOMER_QUOTES_PARTITION,
    gsi2sk: `${createdAt}#${quoteId}`,
  };
}

export const CLIENT_QUOTE_INDEX_SK_PREFIX = 'CUSTOMER_QUOTE#';
export const CUSTOMER_QUOTES_PARTITION = 'CUSTOMER_QUOTES';

/** A line of a quote; positions zero-padded so they sort in order. */
export function customerQuoteLineKeys(quoteId: string, position: number) {
  return {
    pk: customerQuotePartitionKey(quoteId),
    sk: `${CUSTOMER_QUOTE_LINE_SK_PREFIX}${String(position).padStart(4, '0')}`,
  };
}

export const CUSTOMER_QUOTE_LINE_SK_PREFIX = 'LINE#';

/** A quote number, taken by a conditional put with the first version: never given twice. Holds the latest version's id. */
export function customerQuoteNumberKeys(quoteNumber: string) {
  return { pk: `QUOTENUMBER#${quoteNumber}`, sk: 'QUOTENUMBER' };
}

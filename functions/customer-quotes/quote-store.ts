/**
 * Customer quotes in the table (functions/lib/table/README.md): the header of each version (listed
 * under its client and for staff), one item per line under it, and the number's item. Lines are
 * written first and made visible by the header's conditional put (as orders, decision 0057), so a
 * quote is whole or absent to every reader. Moves of its lifecycle are conditional updates on the
 * status they were decided from; acceptance is one of the placing transaction's claims.
 */
import { randomBytes } from 'node:crypto';
import {
  quoteNumber,
  quoteReference,
  type CustomerQuote,
  type QuoteHistoryEntry,
  type QuoteLine,
  type QuoteStatus,
} from '#domain/customer-quotes/customer-quote';
import type { OutboxEvent } from '../lib/event-outbox';
import { auditEntryWrite } from '../lib/table/audit';
import {
  deleteItems,
  getItem,
  putItems,
  queryAll,
  recordOf,
  tryConditional,
  updateItem,
  type Item,
  type ItemKey,
} from '../lib/table/items';
import { clientPartitionKey } from '../lib/table/keys/accounts';
import {
  CLIENT_QUOTE_INDEX_SK_PREFIX,
  CUSTOMER_QUOTE_LINE_SK_PREFIX,
  CUSTOMER_QUOTES_PARTITION,
  customerQuoteIndexKeys,
  customerQuoteKeys,
  customerQuoteLineKeys,
  customerQuoteNumberKeys,
  customerQuotePartitionKey,
} from '../lib/table/keys/customer-quotes';
import { indexPartitionPage } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';

/** A quote's header as listed (no lines). */
export type QuoteHeader = Omit<CustomerQuote, 'lines'>;

function headerItem(quote: CustomerQuote): Record<string, unknown> {
  const { lines: _lines, ...header } = quote;
  return {
    ...customerQuoteKeys(quote.id),
    ...customerQuoteIndexKeys(quote.clientId, quote.createdAt, quote.id),
    entity: 'customerQuote',
    ...header,
  };
}

function lineItems(quote: Pick<CustomerQuote, 'id' | 'lines'>): Array<Item & ItemKey> {
  return quote.lines.map((line) => ({
    ...customerQuoteLineKeys(quote.id, line.position),
    entity: 'customerQuoteLine',
    ...line,
  }));
}

function headerOf(item: Record<string, unknown>): QuoteHeader {
  return recordOf<QuoteHeader>(item);
}

/** A new number rarely collides (32^6); when it does, the conditional put refuses it and another is drawn. */
const QUOTE_NUMBER_ATTEMPTS = 3;

/**
 * Stores a customer's new quote (version 1) and draws its number: its lines first, then one
 * transaction of the header (only if no quote has its id), the number (only if no quote has it) and
 * the events `eventsOf` makes of the numbered quote. Answers the quote with its number.
 */
export async function insertQuote(
  quote: Omit<CustomerQuote, 'number'>,
  eventsOf: (numbered: CustomerQuote) => OutboxEvent[],
): Promise<CustomerQuote> {
  await putItems(lineItems(quote));
  for (let attempt = 1; ; attempt += 1) {
    const numbered: CustomerQuote = { ...quote, number: quoteNumber(randomBytes(6)) };
    const outcome = await transact(
      {
        header: { Put: { Item: headerItem(numbered), ConditionExpression: 'attribute_not_exists(pk)' } },
        number: {
          Put: {
            Item: { ...customerQuoteNumberKeys(numbered.number), entity: 'customerQuoteNumber', quoteId: quote.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      },
      { events: eventsOf(numbered) },
    );
    if (outcome.committed) return numbered;
    if (!outcome.failed.has('number') || attempt >= QUOTE_NUMBER_ATTEMPTS) {
      await deleteItems(lineItems(quote));
      throw new TransactionCancelled(outcome.failed);
    }
  }
}

/** The whole quote (header and lines) in one consistent Query of its partition, or undefined. */
export async function readQuote(quoteId: string): Promise<CustomerQuote | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': customerQuotePartitionKey(quoteId) },
    ConsistentRead: true,
  });
  const header = items.find((item) => item.sk === customerQuoteKeys(quoteId).sk);
  if (!header) return undefined;
  const lines = items
    .filter((item) => String(item.sk).startsWith(CUSTOMER_QUOTE_LINE_SK_PREFIX))
    .map((item) => recordOf<QuoteLine>(item))
    .sort((a, b) => a.position - b.position);
  return { ...headerOf(header), lines };
}

/** A quote's header alone, for the moves that need only its status. */
export async function readQuoteHeader(quoteId: string): Promise<QuoteHeader | undefined> {
  const item = await getItem(customerQuoteKeys(quoteId), { consistent: true });
  return item ? headerOf(item) : undefined;
}

/** A client's quotes, newest first: gsi1 `CLIENT#<id>` begins_with `CUSTOMER_QUOTE#` (headers only). */
export async function listClientQuotes(clientId: string): Promise<QuoteHeader[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': CLIENT_QUOTE_INDEX_SK_PREFIX },
    ScanIndexForward: false,
  });
  return items.map(headerOf);
}

const STAFF_PAGE_SIZE = 50;

/** Staff's list, newest first, 50 a page: gsi2 `CUSTOMER_QUOTES`. */
export async function listQuotesForStaff(
  cursor?: string,
): Promise<{ quotes: QuoteHeader[]; nextCursor: string | null }> {
  const { items, nextCursor } = await indexPartitionPage('gsi2', CUSTOMER_QUOTES_PARTITION, {
    cursor,
    limit: STAFF_PAGE_SIZE,
  });
  return { quotes: items.map(headerOf), nextCursor };
}

/** The quote's move as an update: status, history entry and fields set, only while it has the status it was decided from. */
function moveUpdate(
  quoteId: string,
  from: QuoteStatus,
  entry: QuoteHistoryEntry,
  set: Record<string, unknown>,
  extraCondition?: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
): Extract<WriteItem, { Update: unknown }> {
  const fields = { ...set, status: entry.to };
  const names = Object.keys(fields);
  return {
    Update: {
      Key: customerQuoteKeys(quoteId),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}, #history = list_append(#history, :entry)`,
      ConditionExpression: ['#status = :from', extraCondition?.expression].filter(Boolean).join(' AND '),
      ExpressionAttributeNames: {
        ...Object.fromEntries(names.map((name, i) => [`#n${i}`, name])),
        '#history': 'history',
        '#status': 'status',
        ...extraCondition?.names,
      },
      ExpressionAttributeValues: {
        ...Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name as keyof typeof fields]])),
        ':entry': [entry],
        ':from': from,
        ...extraCondition?.values,
      },
    },
  };
}

/**
 * The acceptance of an open quote, as a claim of the placing transaction (insertOrder's `claims`):
 * only while it is still open and valid at `now`, so of two accepts only one places an order.
 */
export function acceptanceClaim(quote: QuoteHeader, orderId: string, entry: QuoteHistoryEntry, now: Date): WriteItem {
  return moveUpdate(
    quote.id,
    'open',
    entry,
    { order: { id: orderId, orderNumber: null } },
    { expression: '#validUntil > :now', names: { '#validUntil': 'validUntil' }, values: { ':now': now.toISOString() } },
  );
}

/** Notes the order's number on an accepted quote (the number is drawn as the order is stored). */
export async function noteAcceptedOrderNumber(quoteId: string, orderId: string, orderNumber: string): Promise<void> {
  await tryConditional(
    updateItem({
      Key: customerQuoteKeys(quoteId),
      UpdateExpression: 'SET #order.#number = :number',
      ConditionExpression: '#order.#id = :orderId',
      ExpressionAttributeNames: { '#order': 'order', '#number': 'orderNumber', '#id': 'id' },
      ExpressionAttributeValues: { ':number': orderNumber, ':orderId': orderId },
    }),
  );
}

/** Records that a quote ran out (open or awaiting pricing → expired); false when it had moved meanwhile. */
export function recordExpiry(quote: QuoteHeader, entry: QuoteHistoryEntry): Promise<boolean> {
  return tryConditional(updateItem(moveUpdate(quote.id, quote.status, entry, {}).Update));
}

/**
 * The staff member's audit log entry of a new version: on the quote's number (every version's
 * entries together), the version, its charges and totals, and its note as they were and are.
 */
function versionAudit(replaced: QuoteHeader, version: CustomerQuote, staffId: string): WriteItem | null {
  const fields = (quote: QuoteHeader) => ({
    version: quote.version,
    charges: quote.totals.charges,
    discountCents: quote.totals.discountCents,
    shippingCents: quote.totals.shippingCents,
    totalCents: quote.totals.totalCents,
    validUntil: quote.validUntil,
    staffNote: quote.staffNote,
  });
  return auditEntryWrite({
    staffId,
    at: version.createdAt,
    action: 'issueVersion',
    record: { kind: 'customerQuote', id: version.number, label: quoteReference(version) },
    before: fields(replaced),
    after: fields(version),
  });
}

/**
 * Staff's new version: its lines, then one transaction of the new header (only if no quote has its
 * id), the old one replaced (only while it has the status it was decided from), the number's item
 * pointing at the newest version, the staff member's audit log entry, and the event that mails the
 * customer. False when the old quote moved meanwhile (accepted, or another version issued first).
 */
export async function insertVersion(
  replaced: QuoteHeader,
  version: CustomerQuote,
  entry: QuoteHistoryEntry,
  events: OutboxEvent[],
  staffId: string,
): Promise<boolean> {
  await putItems(lineItems(version));
  const outcome = await transact(
    {
      header: { Put: { Item: headerItem(version), ConditionExpression: 'attribute_not_exists(pk)' } },
      replaced: moveUpdate(replaced.id, replaced.status, entry, {
        replacedBy: { id: version.id, version: version.version },
      }),
      number: {
        Put: {
          Item: { ...customerQuoteNumberKeys(version.number), entity: 'customerQuoteNumber', quoteId: version.id },
        },
      },
      audit: versionAudit(replaced, version, staffId),
    },
    { events },
  );
  if (outcome.committed) return true;
  await deleteItems(lineItems(version));
  if (outcome.failed.has('replaced')) return false;
  throw new TransactionCancelled(outcome.failed);
}

/**
 * Price match requests in the table (functions/lib/table/README.md): one item per request, listed
 * for staff by whether it waits for review or was decided (gsi1), and for its customer (gsi3). A
 * decision is one transaction conditioned on the request still waiting, which for an approval also
 * puts the promotion and its code: a request is decided once, and an approval makes exactly one code.
 */
import type { Promotion } from '#domain/promotions/promotion';
import type { PriceMatchList } from '#domain/price-match/price-match-schema';
import type { PriceMatchRecord } from '#domain/price-match/price-match';
import type { OutboxEvent } from '../lib/event-outbox';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, queryAll, recordOf } from '../lib/table/items';
import { clientPartitionKey } from '../lib/table/keys/accounts';
import {
  CLIENT_PRICE_MATCH_INDEX_SK_PREFIX,
  priceMatchIndexKeys,
  priceMatchKeys,
  priceMatchListPartition,
} from '../lib/table/keys/price-match';
import { indexPartitionPage } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { promotionCreation } from '../promotions/promotion-store';

const PRICE_MATCHES_PAGE_SIZE = 50;

function itemOf(record: PriceMatchRecord): Record<string, unknown> {
  return {
    ...priceMatchKeys(record.id),
    ...priceMatchIndexKeys(record.id, record.clientId, record.createdAt, record.decidedAt),
    entity: 'priceMatch',
    ...record,
  };
}

/** Stores a new request with its event (an outbox item). */
export async function insertPriceMatch(record: PriceMatchRecord, events: OutboxEvent[]): Promise<void> {
  const outcome = await transact(
    { request: { Put: { Item: itemOf(record), ConditionExpression: 'attribute_not_exists(pk)' } } },
    { events },
  );
  if (!outcome.committed) throw new TransactionCancelled(outcome.failed);
}

export async function readPriceMatch(priceMatchId: string): Promise<PriceMatchRecord | undefined> {
  const item = await getItem(priceMatchKeys(priceMatchId), { consistent: true });
  return item ? recordOf<PriceMatchRecord>(item) : undefined;
}

/** Staff's lists, 50 a page: those waiting for review oldest first, those decided newest first. */
export async function listPriceMatches(query: {
  list: PriceMatchList;
  cursor?: string;
}): Promise<{ priceMatches: PriceMatchRecord[]; nextCursor: string | null }> {
  const { items, nextCursor } = await indexPartitionPage('gsi1', priceMatchListPartition(query.list), {
    cursor: query.cursor,
    limit: PRICE_MATCHES_PAGE_SIZE,
    newestFirst: query.list === 'decided',
  });
  return { priceMatches: items.map((item) => recordOf<PriceMatchRecord>(item)), nextCursor };
}

/** A customer's own requests, newest first (a handful: sending them is rate-limited). */
export async function clientPriceMatches(clientId: string): Promise<PriceMatchRecord[]> {
  const items = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :client AND begins_with(gsi3sk, :prefix)',
    ExpressionAttributeValues: {
      ':client': clientPartitionKey(clientId),
      ':prefix': CLIENT_PRICE_MATCH_INDEX_SK_PREFIX,
    },
    ScanIndexForward: false,
  });
  return items.map((item) => recordOf<PriceMatchRecord>(item));
}

/** How a decision went: made, refused because another decision came first, or (an approval) refused because another promotion has the code drawn. */
export type DecisionOutcome = 'decided' | 'decidedMeanwhile' | 'codeTaken';

/** The staff member's audit log entry of a decision: the request's status, and its code or the reason it was declined. */
function decisionAudit(decided: PriceMatchRecord): WriteItem | null {
  return auditEntryWrite({
    staffId: decided.decidedBy!,
    at: decided.decidedAt!,
    action: decided.status === 'approved' ? 'approve' : 'decline',
    record: { kind: 'priceMatch', id: decided.id },
    before: { status: 'requested', declineReason: null, code: null },
    after: { status: decided.status, declineReason: decided.declineReason, code: decided.code },
  });
}

/**
 * Records the decision (`decided`, the request as decided by `decidedBy`) if the request still
 * waits for review, with its event, the staff member's audit log entry and, for an approval, the
 * promotion it makes and that promotion's code: all or nothing.
 */
export async function decidePriceMatch(
  decided: PriceMatchRecord,
  { promotion, events }: { promotion: Promotion | null; events: OutboxEvent[] },
): Promise<DecisionOutcome> {
  const outcome = await transact(
    {
      request: {
        Put: {
          Item: itemOf(decided),
          ConditionExpression: '#status = :requested',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':requested': 'requested' },
        },
      },
      ...(promotion ? promotionCreation(promotion) : { promotion: null, code: null }),
      audit: decisionAudit(decided),
    },
    { events },
  );
  if (outcome.committed) return 'decided';
  if (outcome.failed.has('request')) return 'decidedMeanwhile';
  if (outcome.failed.has('code')) return 'codeTaken';
  throw new TransactionCancelled(outcome.failed);
}

/**
 * Return requests in the table (see functions/lib/table/README.md): one item per request, listed by
 * status (gsi1) and all together (gsi2), newest first, an order's remake claim, and the blinds
 * requests hold on the order's lines. Every change of status is one conditional write on the
 * status it was decided from, so two staff members (or a double click) never move a request twice.
 */
import type { AuditAction } from '#domain/audit/audit-entry';
import type { OrderHistoryEntry, OrderLine } from '#domain/orders/order';
import type { PaymentStatus } from '#domain/orders/statuses';
import type { ReturnRecord, ReturnStatus } from '#domain/returns/return-request';
import type { OutboxEvent } from '../lib/event-outbox';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, recordOf } from '../lib/table/items';
import { orderKeys, orderLineKeys } from '../lib/table/keys/orders';
import {
  ALL_RETURNS_PARTITION,
  allReturnsIndexKeys,
  orderRemakeClaimKeys,
  returnRequestKeys,
  returnStatusIndexKeys,
  returnStatusPartition,
} from '../lib/table/keys/returns';
import { indexPartitionPage } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { historyItem } from '../orders/order-store';

const RETURNS_PAGE_SIZE = 50;

function itemOf(record: ReturnRecord): Record<string, unknown> {
  return {
    ...returnRequestKeys(record.id),
    ...returnStatusIndexKeys(record.status, record.createdAt, record.id),
    ...allReturnsIndexKeys(record.createdAt, record.id),
    entity: 'returnRequest',
    ...record,
  };
}

/** Whether the order's one remake was already taken (by a request not declined). */
export async function remakeTaken(orderId: string): Promise<boolean> {
  return (await getItem(orderRemakeClaimKeys(orderId), { consistent: true })) !== undefined;
}

/**
 * Takes `quantity` more of the line's blinds for a request if that many are left: one atomic add,
 * whose condition bounds what the line's requests hold by its quantity (conditions have no
 * arithmetic, so the bound is `claimedQuantity <= quantity - asked`, the quantity fixed at placing).
 */
function claimLineItem(
  orderId: string,
  lineSet: string | null,
  line: Pick<OrderLine, 'position' | 'quantity'>,
  quantity: number,
): WriteItem {
  return {
    Update: {
      Key: orderLineKeys(orderId, line.position, lineSet),
      UpdateExpression: 'ADD claimedQuantity :quantity',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(claimedQuantity) OR claimedQuantity <= :ceiling)',
      ExpressionAttributeValues: { ':quantity': quantity, ':ceiling': line.quantity - quantity },
    },
  };
}

/** Gives a declined request's blinds back to its lines. */
function releaseLineItem(
  orderId: string,
  lineSet: string | null,
  line: { position: number; quantity: number },
): WriteItem {
  return {
    Update: {
      Key: orderLineKeys(orderId, line.position, lineSet),
      UpdateExpression: 'ADD claimedQuantity :back',
      ConditionExpression: 'claimedQuantity >= :quantity',
      ExpressionAttributeValues: { ':back': -line.quantity, ':quantity': line.quantity },
    },
  };
}

type InsertOutcome = { kind: 'stored' } | { kind: 'remakeTaken' } | { kind: 'lineTaken'; position: number };

/**
 * Stores a new request with its blinds taken from the order's lines (`orderLines` as read: their
 * quantities bound what requests hold), for a remake the order's remake claim, and the events that
 * report it (outbox items), in one transaction: of requests sent at once for the last blinds of a
 * line, or for the order's one remake, one is stored and the others answer which claim they lost.
 */
export async function insertReturn(
  record: ReturnRecord,
  order: { lineSet: string | null; lines: ReadonlyArray<Pick<OrderLine, 'position' | 'quantity'>> },
  events: OutboxEvent[],
): Promise<InsertOutcome> {
  const lineName = (position: number) => `line ${position}`;
  const outcome = await transact<string>(
    {
      request: { Put: { Item: itemOf(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      remake:
        record.kind === 'remake'
          ? {
              Put: {
                Item: { ...orderRemakeClaimKeys(record.orderId), entity: 'orderRemakeClaim', returnId: record.id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            }
          : null,
      // A write per line, named by its position: the answer says which line's blinds were taken.
      ...Object.fromEntries(
        record.lines.map((wanted) => [
          lineName(wanted.position),
          claimLineItem(
            record.orderId,
            order.lineSet,
            order.lines.find((line) => line.position === wanted.position)!,
            wanted.quantity,
          ),
        ]),
      ),
    },
    { events },
  );
  if (outcome.committed) return { kind: 'stored' };
  if (outcome.failed.has('request')) throw new TransactionCancelled(outcome.failed);
  if (outcome.failed.has('remake')) return { kind: 'remakeTaken' };
  const taken = record.lines.find((line) => outcome.failed.has(lineName(line.position)))!;
  return { kind: 'lineTaken', position: taken.position };
}

export async function readReturn(returnId: string): Promise<ReturnRecord | undefined> {
  const item = await getItem(returnRequestKeys(returnId), { consistent: true });
  return item ? recordOf<ReturnRecord>(item) : undefined;
}

/** Newest first, of one status (gsi1) or all (gsi2), 50 a page. */
export async function listReturns(query: {
  status?: ReturnStatus;
  cursor?: string;
}): Promise<{ returns: ReturnRecord[]; nextCursor: string | null }> {
  const [index, partition] = query.status
    ? (['gsi1', returnStatusPartition(query.status)] as const)
    : (['gsi2', ALL_RETURNS_PARTITION] as const);
  const { items, nextCursor } = await indexPartitionPage(index, partition, {
    cursor: query.cursor,
    limit: RETURNS_PAGE_SIZE,
  });
  return { returns: items.map((item) => recordOf<ReturnRecord>(item)), nextCursor };
}

/** A refund recorded on the order with the request's change: its history entry, if the payment still has the statuses it was made for. */
export interface OrderRefundRecord {
  orderId: string;
  entry: OrderHistoryEntry;
  expectPaymentStatus: readonly PaymentStatus[];
}

/**
 * Moves the request to `next` (with its history entry and any fields set) if it still has the
 * status the decision was made from, together with `alongside`: a declined request gives its
 * blinds back to the order's lines and a declined remake the order's remake, a refund is recorded
 * on the order, the events report the change (outbox items), and a staff change its audit log
 * entry. Answers the request as changed, or undefined when another change came first.
 */
export async function changeReturn(
  record: ReturnRecord,
  next: ReturnRecord,
  alongside: { giveBack?: boolean; orderRefund?: OrderRefundRecord; events?: OutboxEvent[]; audit?: AuditAction } = {},
): Promise<ReturnRecord | undefined> {
  const refund = alongside.orderRefund;
  const giveBackLines = alongside.giveBack === true && record.linesClaimed;
  // The order's line set never changes once placed, so an eventually consistent read of it will do.
  const lineSet = giveBackLines
    ? (((await getItem(orderKeys(record.orderId)))?.lineSet as string | undefined) ?? null)
    : null;
  const outcome = await transact(
    {
      request: {
        Put: {
          Item: itemOf(next),
          ConditionExpression: '#status = :from',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':from': record.status },
        },
      },
      remake:
        alongside.giveBack && record.kind === 'remake'
          ? {
              Delete: {
                Key: orderRemakeClaimKeys(record.orderId),
                ConditionExpression: 'returnId = :id',
                ExpressionAttributeValues: { ':id': record.id },
              },
            }
          : null,
      lines: giveBackLines ? record.lines.map((line) => releaseLineItem(record.orderId, lineSet, line)) : null,
      order: refund
        ? {
            Update: {
              Key: orderKeys(refund.orderId),
              UpdateExpression: 'SET updatedAt = :at',
              ConditionExpression: `paymentStatus IN (${refund.expectPaymentStatus.map((_, i) => `:p${i}`).join(', ')})`,
              ExpressionAttributeValues: {
                ':at': refund.entry.at,
                ...Object.fromEntries(refund.expectPaymentStatus.map((status, i) => [`:p${i}`, status])),
              },
            },
          }
        : null,
      orderHistory: refund ? historyItem(refund.orderId, refund.entry) : null,
      audit: alongside.audit ? auditEntryWrite(alongside.audit) : null,
    },
    { events: alongside.events ?? [] },
  );
  return outcome.committed ? next : undefined;
}

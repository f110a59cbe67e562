/**
 * Return requests in the table (see functions/lib/table/README.md): one item per request, listed by
 * status (gsi1) and all together (gsi2), newest first, an order's remake claim, and the blinds
 * requests hold on the order's lines. Every change of status is one conditional write on the
 * status it was decided from, so two staff members (or a double click) never move a request twice.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { OrderHistoryEntry, OrderLine, PaymentStatus } from '#domain/orders/order';
import type { ReturnRecord, ReturnStatus } from '#domain/returns/return-request';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { commitWithEvents, type OutboxEvent } from '../lib/event-outbox';
import { cancellationCodes, recordOf } from '../lib/table/items';
import {
  ALL_RETURNS_PARTITION,
  allReturnsIndexKeys,
  orderHistoryKeys,
  orderKeys,
  orderLineKeys,
  orderRemakeClaimKeys,
  returnRequestKeys,
  returnStatusIndexKeys,
  returnStatusPartition,
} from '../lib/table/keys';
import { cursorOf, startKeyOf } from '../lib/table/page-cursor';

const table = () => config().TABLE_NAME;
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

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
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: orderRemakeClaimKeys(orderId), ConsistentRead: true }),
  );
  return Item !== undefined;
}

/**
 * Takes `quantity` more of the line's blinds for a request if that many are left: one atomic add,
 * whose condition bounds what the line's requests hold by its quantity (conditions have no
 * arithmetic, so the bound is `claimedQuantity <= quantity - asked`, the quantity fixed at placing).
 */
function claimLineItem(
  orderId: string,
  line: Pick<OrderLine, 'position' | 'quantity'>,
  quantity: number,
): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: orderLineKeys(orderId, line.position),
      UpdateExpression: 'ADD claimedQuantity :quantity',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(claimedQuantity) OR claimedQuantity <= :ceiling)',
      ExpressionAttributeValues: { ':quantity': quantity, ':ceiling': line.quantity - quantity },
    },
  };
}

/** Gives a declined request's blinds back to its lines. */
function releaseLineItem(orderId: string, line: { position: number; quantity: number }): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: orderLineKeys(orderId, line.position),
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
  orderLines: ReadonlyArray<Pick<OrderLine, 'position' | 'quantity'>>,
  events: OutboxEvent[],
): Promise<InsertOutcome> {
  const items: TransactItem[] = [
    { Put: { TableName: table(), Item: itemOf(record), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  if (record.kind === 'remake') {
    items.push({
      Put: {
        TableName: table(),
        Item: { ...orderRemakeClaimKeys(record.orderId), entity: 'orderRemakeClaim', returnId: record.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  const firstLine = items.length;
  for (const wanted of record.lines)
    items.push(
      claimLineItem(
        record.orderId,
        orderLines.find((line) => line.position === wanted.position)!,
        wanted.quantity,
      ),
    );
  try {
    await commitWithEvents(items, events);
    return { kind: 'stored' };
  } catch (error) {
    const codes = cancellationCodes(error);
    const failed = codes?.indexOf('ConditionalCheckFailed') ?? -1;
    if (failed >= firstLine) return { kind: 'lineTaken', position: record.lines[failed - firstLine]!.position };
    if (failed === 1 && record.kind === 'remake') return { kind: 'remakeTaken' };
    throw error;
  }
}

export async function readReturn(returnId: string): Promise<ReturnRecord | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: returnRequestKeys(returnId), ConsistentRead: true }),
  );
  return Item ? recordOf<ReturnRecord>(Item) : undefined;
}

/** Newest first, of one status (gsi1) or all (gsi2), 50 a page. */
export async function listReturns(query: {
  status?: ReturnStatus;
  cursor?: string;
}): Promise<{ returns: ReturnRecord[]; nextCursor: string | null }> {
  const [index, partition] = query.status
    ? (['gsi1', returnStatusPartition(query.status)] as const)
    : (['gsi2', ALL_RETURNS_PARTITION] as const);
  const result = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: RETURNS_PAGE_SIZE,
      ExclusiveStartKey: startKeyOf(query.cursor, index, partition),
    }),
  );
  return {
    returns: (result.Items ?? []).map((item) => recordOf<ReturnRecord>(item)),
    nextCursor: cursorOf(result.LastEvaluatedKey),
  };
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
 * on the order, the events report the change (outbox items). Answers the request as changed, or
 * undefined when another change came first.
 */
export async function changeReturn(
  record: ReturnRecord,
  next: ReturnRecord,
  alongside: { giveBack?: boolean; orderRefund?: OrderRefundRecord; events?: OutboxEvent[] } = {},
): Promise<ReturnRecord | undefined> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: table(),
        Item: itemOf(next),
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':from': record.status },
      },
    },
  ];
  if (alongside.giveBack && record.kind === 'remake') {
    items.push({
      Delete: {
        TableName: table(),
        Key: orderRemakeClaimKeys(record.orderId),
        ConditionExpression: 'returnId = :id',
        ExpressionAttributeValues: { ':id': record.id },
      },
    });
  }
  if (alongside.giveBack && record.linesClaimed)
    items.push(...record.lines.map((line) => releaseLineItem(record.orderId, line)));
  const refund = alongside.orderRefund;
  if (refund) {
    items.push(
      {
        Update: {
          TableName: table(),
          Key: orderKeys(refund.orderId),
          UpdateExpression: 'SET updatedAt = :at',
          ConditionExpression: `paymentStatus IN (${refund.expectPaymentStatus.map((_, i) => `:p${i}`).join(', ')})`,
          ExpressionAttributeValues: {
            ':at': refund.entry.at,
            ...Object.fromEntries(refund.expectPaymentStatus.map((status, i) => [`:p${i}`, status])),
          },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: {
            ...orderHistoryKeys(refund.orderId, refund.entry.at, randomUUID()),
            entity: 'orderHistory',
            ...refund.entry,
          },
        },
      },
    );
  }
  try {
    await commitWithEvents(items, alongside.events ?? []);
    return next;
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) return undefined;
    throw error;
  }
}

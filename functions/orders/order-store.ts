/**
 * Orders in the table (see functions/lib/table/README.md): the header item (listed by client, by
 * status and all together), one item per line, history entries, and the look-up items of its
 * number, its hosted checkout session and its customer's e-mail. Every change of statuses is one
 * transaction: the header updated on the condition of the statuses the decision was made from,
 * and a history entry put beside it, so a change is recorded exactly when it happens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  checkoutAbandoned,
  inOrderHistory,
  orderNumber,
  refundableCentsOf,
  staffListingOf,
} from '#domain/orders/lifecycle';
import {
  ORDER_MESSAGES,
  ORDER_NUMBER_PATTERN,
  type AdminOrdersQuery,
  type Order,
  type OrderHistoryEntry,
  type OrderLine,
  type OrderStatus,
  type PaymentStatus,
} from '#domain/orders/order';
import { OrderPlaced } from '#events/catalog';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { commitWithEvents, outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { HttpError } from '../lib/http';
import {
  cancellationCodes,
  isConditionFailure,
  queryAll,
  recordOf,
  transactWriteRetryingConflicts,
} from '../lib/table/items';
import {
  ALL_ORDERS_PARTITION,
  allOrdersIndexKeys,
  CHECKOUT_INDEX_SK_PREFIX,
  checkoutSessionKeys,
  ORDER_HISTORY_SK_PREFIX,
  ORDER_INDEX_SK_PREFIX,
  ORDER_LINE_SK_PREFIX,
  orderClientIndexKeys,
  orderEmailKeys,
  orderEmailPartitionKey,
  orderHistoryKeys,
  orderKeys,
  orderLineKeys,
  orderNumberKeys,
  orderPartitionKey,
  orderRefundKeys,
  orderStatusIndexKeys,
  orderStatusPartition,
} from '../lib/table/keys';
import { cursorOf, startKeyOf } from '../lib/table/page-cursor';
import { orderSnapshotOf } from './order-events';

const table = () => config().TABLE_NAME;

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** What the header keeps besides the order record: where it was placed from and how far the after-payment steps got. */
export interface OrderBookkeeping {
  /** The cart the lines were copied from (null for a samples-only order without a cart). */
  cartId: string | null;
  /** The browser's shopping session: its samples are requested after payment. */
  sessionId: string;
  /** Until when one webhook delivery holds the after-payment steps (ISO time). */
  afterPaymentLeaseUntil: string | null;
  /** Set once the after-payment steps all ran, in the transaction that puts OrderPaid in the event outbox. */
  afterPaymentDoneAt: string | null;
  sampleRequestReference: string | null;
  refundId: string | null;
  /** What the order's refunds (a cancel's, returns') hold of its payment, in cents; absent until the first (holdRefund). */
  refundedCents?: number;
  /** The checkout session the recorded payment came through (the order's own, unless it was paid through one it no longer uses). */
  paymentCheckoutSessionId: string | null;
  /** The most the payment provider has reported refunded of the order's charge (null: nothing reported). */
  amountRefundedCents: number | null;
}

export type StoredOrder = Order & OrderBookkeeping;

const NULLABLE_FIELDS = [
  'checkoutSessionId',
  'paymentIntentId',
  'amountPaidCents',
  'paidAt',
  'shipment',
  'deliveredAt',
  'cancelledAt',
  'refundedAt',
  'cartId',
  'afterPaymentLeaseUntil',
  'afterPaymentDoneAt',
  'sampleRequestReference',
  'refundId',
  'paymentCheckoutSessionId',
  'amountRefundedCents',
  'purchaseOrder',
  'priceReview',
] as const;

/**
 * A header item as an order; nullable fields are left out of the item until they have a value, so
 * conditions can test their existence. Orders written before channels existed are card orders.
 */
function orderOf(header: Record<string, unknown>, lines: OrderLine[]): StoredOrder {
  const record = recordOf<Record<string, unknown>>(header);
  for (const field of NULLABLE_FIELDS) record[field] ??= null;
  record.channel ??= 'card';
  return { ...(record as unknown as StoredOrder), lines };
}

/** The order record alone, without the store's bookkeeping: what any reader of the order is shown. */
export function orderRecordOf(order: StoredOrder): Order {
  const {
    cartId: _cartId,
    sessionId: _sessionId,
    afterPaymentLeaseUntil: _lease,
    afterPaymentDoneAt: _done,
    sampleRequestReference: _reference,
    refundId: _refundId,
    refundedCents: _refundedCents,
    paymentCheckoutSessionId: _paymentCheckoutSessionId,
    amountRefundedCents: _amountRefundedCents,
    ...record
  } = order;
  return record;
}

function historyOf(item: Record<string, unknown>): OrderHistoryEntry {
  const { at, event, actor, status, paymentStatus, note } = item as unknown as OrderHistoryEntry;
  return { at, event, actor, status, paymentStatus, note: note ?? null };
}

/** The whole order (header, lines, history) in one consistent Query of its partition. */
export async function readOrder(
  orderId: string,
): Promise<{ order: StoredOrder; history: OrderHistoryEntry[] } | undefined> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': orderPartitionKey(orderId) },
    ConsistentRead: true,
  });
  const header = items.find((item) => item.sk === orderKeys(orderId).sk);
  if (!header) return undefined;
  const lines = items
    .filter((item) => String(item.sk).startsWith(ORDER_LINE_SK_PREFIX))
    .map((item) => recordOf<OrderLine>(item))
    .sort((a, b) => a.position - b.position);
  const history = items.filter((item) => String(item.sk).startsWith(ORDER_HISTORY_SK_PREFIX)).map(historyOf);
  return { order: orderOf(header, lines), history };
}

/** The order's header alone (no lines), for the checks that need only its statuses and amounts. */
export async function readOrderHeader(orderId: string): Promise<StoredOrder | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: orderKeys(orderId), ConsistentRead: true }),
  );
  return Item ? orderOf(Item, []) : undefined;
}

/**
 * Where an order's statuses list it (decision 0039): under its client's history or checkouts, its
 * staff listing, and among all orders unless it is an abandoned checkout (`remove`: the index keys
 * it must not have).
 */
function listingKeysOf(order: Pick<StoredOrder, 'id' | 'clientId' | 'createdAt' | 'status' | 'paymentStatus'>): {
  set: Record<string, string>;
  remove: string[];
} {
  const abandoned = checkoutAbandoned(order);
  const allOrders = allOrdersIndexKeys(order.createdAt, order.id);
  return {
    set: {
      ...orderClientIndexKeys(order.clientId, order.createdAt, order.id, inOrderHistory(order)),
      ...orderStatusIndexKeys(staffListingOf(order), order.createdAt, order.id),
      ...(abandoned ? {} : allOrders),
    },
    remove: abandoned ? Object.keys(allOrders) : [],
  };
}

function headerItem(order: StoredOrder): Record<string, unknown> {
  const { lines: _lines, ...header } = order;
  const item: Record<string, unknown> = {
    ...orderKeys(order.id),
    ...listingKeysOf(order).set,
    entity: 'order',
    ...header,
  };
  for (const field of NULLABLE_FIELDS) if (item[field] === null) delete item[field];
  return item;
}

function historyItem(orderId: string, entry: OrderHistoryEntry): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...orderHistoryKeys(orderId, entry.at, randomUUID()), entity: 'orderHistory', ...entry },
    },
  };
}

/** `exists`: an order with this id was written first, or one of the claims is another order's. */
export type PlaceOutcome = { kind: 'placed'; order: StoredOrder } | { kind: 'exists' } | { kind: 'cartChanged' };

/** A new number rarely collides (32^6 numbers); when it does, the conditional put refuses it and another is drawn. */
const ORDER_NUMBER_ATTEMPTS = 3;

/**
 * Writes a new order in one transaction: the header (only if no order has its id: the id comes from
 * the placement, so a retried placement finds the first one's order), its lines, its number (only
 * if no order has it), its e-mail entry, its first history entry, its OrderPlaced event (outbox)
 * and, when it came from a cart, the cart's reference to it (only if the cart is still the caller's,
 * active and unchanged since read), and any `claims` the order takes (conditional puts: a purchase
 * order's payloadID), all or nothing. OrderPlaced goes out before any hosted checkout opens, so it
 * names no checkout session (OrderPaid does). Throws UnpublishableEvent, writing nothing, for an
 * order its event cannot carry.
 */
export async function insertOrder(
  order: Omit<StoredOrder, 'orderNumber'>,
  cartReference: TransactItem | null,
  claims: TransactItem[] = [],
): Promise<PlaceOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    const placed: StoredOrder = { ...order, orderNumber: orderNumber(randomBytes(6)) };
    const placedEvent = outboxEvent(OrderPlaced, {
      ...orderSnapshotOf(placed),
      checkoutSessionId: null,
      purchaseOrder: placed.purchaseOrder,
      priceReview: placed.priceReview,
    });
    const items: TransactItem[] = [
      { Put: { TableName: table(), Item: headerItem(placed), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Put: {
          TableName: table(),
          Item: { ...orderNumberKeys(placed.orderNumber), entity: 'orderNumber', orderId: placed.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...(cartReference ? [cartReference] : []),
      {
        Put: {
          TableName: table(),
          Item: {
            ...orderEmailKeys(placed.customer.email, placed.createdAt, placed.id),
            entity: 'orderEmail',
            orderId: placed.id,
          },
        },
      },
      historyItem(placed.id, {
        at: placed.createdAt,
        event: 'placed',
        actor: { kind: 'customer', id: placed.clientId },
        status: placed.status,
        paymentStatus: placed.paymentStatus,
        note: null,
      }),
      ...placed.lines.map((line) => ({
        Put: { TableName: table(), Item: { ...orderLineKeys(placed.id, line.position), entity: 'orderLine', ...line } },
      })),
      ...claims,
    ];
    try {
      await commitWithEvents(items, [placedEvent]);
      return { kind: 'placed', order: placed };
    } catch (error) {
      const reasons = cancellationCodes(error);
      if (!reasons) throw error;
      if (reasons[0] === 'ConditionalCheckFailed') return { kind: 'exists' };
      if (cartReference && reasons[2] === 'ConditionalCheckFailed') return { kind: 'cartChanged' };
      if (reasons.slice(items.length - claims.length, items.length).includes('ConditionalCheckFailed'))
        return { kind: 'exists' };
      if (reasons[1] !== 'ConditionalCheckFailed' || attempt >= ORDER_NUMBER_ATTEMPTS) throw error;
    }
  }
}

/**
 * Records the order's hosted checkout session and its look-up item, unless another session was
 * recorded first (a concurrent retry of the placement): the session the order has is answered.
 */
export async function attachCheckoutSession(orderId: string, checkoutSessionId: string, now: Date): Promise<string> {
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table(),
              Key: orderKeys(orderId),
              UpdateExpression: 'SET checkoutSessionId = :session, updatedAt = :now',
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(checkoutSessionId) OR checkoutSessionId = :session)',
              ExpressionAttributeValues: { ':session': checkoutSessionId, ':now': now.toISOString() },
            },
          },
          {
            Put: {
              TableName: table(),
              Item: { ...checkoutSessionKeys(checkoutSessionId), entity: 'checkoutSession', orderId },
            },
          },
        ],
      }),
    );
    return checkoutSessionId;
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
    const order = await readOrderHeader(orderId);
    if (!order?.checkoutSessionId) throw error;
    return order.checkoutSessionId;
  }
}

/**
 * Gives an order whose payment page ran out, or whose delayed payment failed, the new session made
 * for it (with its look-up item) in place of the one it had, its payment back to pending, with a
 * history entry: only if the order still has that session, waits for payment and has none
 * recorded. Answers whether this call made the change (a concurrent retry, a payment or a cancel
 * may have been first).
 */
export async function replaceCheckoutSession(
  order: StoredOrder,
  checkoutSessionId: string,
  now: Date,
): Promise<boolean> {
  const replaced = order.checkoutSessionId;
  const changed = await changeOrder(
    order,
    {
      set: { checkoutSessionId, paymentStatus: 'pending' },
      expect: { status: ['pending'], paymentStatus: ['expired', 'failed'] },
      unchanged: { checkoutSessionId: replaced, amountPaidCents: null },
      history: {
        at: now.toISOString(),
        event: 'checkoutReopened',
        actor: { kind: 'customer', id: order.clientId },
        note: `Checkout ${checkoutSessionId} in place of ${replaced} (${order.paymentStatus}).`,
      },
    },
    now,
    {
      items: [
        {
          Put: {
            TableName: table(),
            Item: { ...checkoutSessionKeys(checkoutSessionId), entity: 'checkoutSession', orderId: order.id },
          },
        },
      ],
    },
  );
  return changed !== undefined;
}

async function orderIdAt(key: { pk: string; sk: string }): Promise<string | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: key }));
  return Item?.orderId as string | undefined;
}

export function orderIdByNumber(number: string): Promise<string | undefined> {
  return ORDER_NUMBER_PATTERN.test(number) ? orderIdAt(orderNumberKeys(number)) : Promise.resolve(undefined);
}

export function orderIdByCheckoutSession(checkoutSessionId: string): Promise<string | undefined> {
  return orderIdAt(checkoutSessionKeys(checkoutSessionId));
}

async function listClientIndex(clientId: string, prefix: string): Promise<StoredOrder[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': orderClientIndexKeys(clientId, '', '', true).gsi1pk, ':prefix': prefix },
    ScanIndexForward: false,
  });
  return items.map((item) => orderOf(item, []));
}

/** A client's Order History, newest first: what they bought (inOrderHistory), one Query of gsi1 `CLIENT#<id>` begins_with `ORDER#` (headers only). */
export function listClientOrders(clientId: string): Promise<StoredOrder[]> {
  return listClientIndex(clientId, ORDER_INDEX_SK_PREFIX);
}

/** A client's checkouts not paid (waiting for payment, ended unpaid, cancelled unpaid), newest first: gsi1 `CLIENT#<id>` begins_with `CHECKOUT#`. */
export function listClientCheckouts(clientId: string): Promise<StoredOrder[]> {
  return listClientIndex(clientId, CHECKOUT_INDEX_SK_PREFIX);
}

/**
 * Whether the client placed a card order after this one, paid or not: the part of each of their
 * two gsi1 listings sorted after it (`~` sorts after every character of a sort value).
 */
export async function cardOrderPlacedAfter(order: StoredOrder): Promise<boolean> {
  const newer = await Promise.all(
    [true, false].map(async (inHistory) => {
      const { gsi1pk, gsi1sk } = orderClientIndexKeys(order.clientId, order.createdAt, order.id, inHistory);
      const prefix = inHistory ? ORDER_INDEX_SK_PREFIX : CHECKOUT_INDEX_SK_PREFIX;
      return queryAll({
        TableName: table(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :after AND :end',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':after': gsi1sk, ':end': `${prefix}~` },
      });
    }),
  );
  return newer.flat().some((item) => item.id !== order.id && orderOf(item, []).channel === 'card');
}

/** BatchGetItem reads at most 100 keys a call. */
const BATCH_GET_LIMIT = 100;

async function headersOf(orderIds: string[]): Promise<StoredOrder[]> {
  const found = new Map<string, StoredOrder>();
  for (let start = 0; start < orderIds.length; start += BATCH_GET_LIMIT) {
    let keys: Record<string, unknown>[] | undefined = orderIds
      .slice(start, start + BATCH_GET_LIMIT)
      .map((id) => orderKeys(id));
    while (keys && keys.length > 0) {
      const result = await documentClient().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }));
      for (const item of result.Responses?.[table()] ?? []) found.set(String(item.id), orderOf(item, []));
      keys = result.UnprocessedKeys?.[table()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return orderIds.map((id) => found.get(id)).filter((order): order is StoredOrder => order !== undefined);
}

/**
 * The admin Orders tab: newest first, of one listing (gsi2 `ORDERS#<status>`, abandoned checkouts
 * `ORDERS#abandoned`) or all but abandoned checkouts (gsi3 `ORDERS`),
 * a page at a time; or a search: an order number (its look-up item), or an e-mail (every order under
 * it, one Query of `ORDER_EMAIL#<email>`, filtered by the status when one is chosen).
 */
export async function listOrdersForStaff(
  query: AdminOrdersQuery,
): Promise<{ orders: StoredOrder[]; nextCursor: string | null }> {
  const matchesStatus = (order: StoredOrder) => !query.status || staffListingOf(order) === query.status;
  if (query.q !== undefined) {
    const search = query.q.trim();
    if (/^HBB-/i.test(search)) {
      const orderId = await orderIdByNumber(search.toUpperCase());
      const orders = orderId ? await headersOf([orderId]) : [];
      return { orders: orders.filter(matchesStatus), nextCursor: null };
    }
    if (search.includes('@')) {
      const entries = await queryAll({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': orderEmailPartitionKey(search) },
        ScanIndexForward: false,
      });
      const orders = await headersOf(entries.map((entry) => String(entry.orderId)));
      return { orders: orders.filter(matchesStatus), nextCursor: null };
    }
    throw new HttpError(400, ORDER_MESSAGES.searchInvalid, { q: ORDER_MESSAGES.searchInvalid });
  }
  const [index, partition] = query.status
    ? (['gsi2', orderStatusPartition(query.status)] as const)
    : (['gsi3', ALL_ORDERS_PARTITION] as const);
  const result = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: query.limit,
      ExclusiveStartKey: startKeyOf(query.cursor, index, partition),
    }),
  );
  return {
    orders: (result.Items ?? []).map((item) => orderOf(item, [])),
    nextCursor: cursorOf(result.LastEvaluatedKey),
  };
}

export interface OrderChange {
  /** Header attributes to set (a change of statuses moves the order's listings with it). */
  set: Partial<StoredOrder>;
  /** The statuses the change was decided from: the write happens only if the order still has them. */
  expect: { status?: readonly OrderStatus[]; paymentStatus?: readonly PaymentStatus[] };
  /** Recorded figures the change was decided from, likewise (null: not recorded). */
  unchanged?: Partial<Pick<StoredOrder, 'checkoutSessionId' | 'amountPaidCents' | 'amountRefundedCents'>>;
  /** Null only for a change that moves no status (a figure recorded for a later decision). */
  history: Omit<OrderHistoryEntry, 'status' | 'paymentStatus'> | null;
}

/**
 * Changes the order's header if it still has the expected statuses and figures, with its history
 * entry, any other `items` the change writes (a look-up item) and the events that report the change
 * (`events`, made from the order as changed; outbox items, published after the commit), in one
 * transaction. Answers the order as changed (header
 * only), or undefined when the condition failed (another delivery, request or staff member was first).
 */
export async function changeOrder(
  order: StoredOrder,
  change: OrderChange,
  now: Date,
  options: { items?: TransactItem[]; events?: (changed: StoredOrder) => OutboxEvent[] } = {},
): Promise<StoredOrder | undefined> {
  const next: StoredOrder = { ...order, ...change.set, updatedAt: now.toISOString() };
  const fields: Record<string, unknown> = { ...change.set, updatedAt: next.updatedAt };
  const listing =
    change.set.status !== undefined || change.set.paymentStatus !== undefined
      ? listingKeysOf(next)
      : { set: {}, remove: [] };
  Object.assign(fields, listing.set);
  const names = Object.keys(fields);
  const values: Record<string, unknown> = Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]]));
  const conditions = ['attribute_exists(pk)'];
  const attributeNames: Record<string, string> = Object.fromEntries(names.map((name, i) => [`#n${i}`, name]));
  listing.remove.forEach((name, i) => (attributeNames[`#r${i}`] = name));
  const removal = listing.remove.length > 0 ? ` REMOVE ${listing.remove.map((_, i) => `#r${i}`).join(', ')}` : '';
  for (const [attribute, allowed] of Object.entries(change.expect) as Array<[string, readonly string[] | undefined]>) {
    if (!allowed) continue;
    attributeNames[`#${attribute}`] = attribute;
    conditions.push(`#${attribute} IN (${allowed.map((_, i) => `:${attribute}${i}`).join(', ')})`);
    allowed.forEach((value, i) => (values[`:${attribute}${i}`] = value));
  }
  for (const [attribute, value] of Object.entries(change.unchanged ?? {})) {
    attributeNames[`#${attribute}`] = attribute;
    if (value === null) conditions.push(`attribute_not_exists(#${attribute})`);
    else {
      conditions.push(`#${attribute} = :${attribute}`);
      values[`:${attribute}`] = value;
    }
  }
  try {
    await commitWithEvents(
      [
        {
          Update: {
            TableName: table(),
            Key: orderKeys(order.id),
            UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}${removal}`,
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: attributeNames,
            ExpressionAttributeValues: values,
          },
        },
        ...(change.history
          ? [historyItem(order.id, { ...change.history, status: next.status, paymentStatus: next.paymentStatus })]
          : []),
        ...(options.items ?? []),
      ],
      options.events?.(next) ?? [],
    );
    return next;
  } catch (error) {
    if (cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
}

/**
 * Takes the after-payment steps of a paid order for this delivery until `leaseUntil`, if they are
 * not done and nobody holds them (a delivery that crashed midway lets its lease run out).
 */
export async function claimAfterPayment(orderId: string, now: Date, leaseUntil: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: orderKeys(orderId),
        UpdateExpression: 'SET afterPaymentLeaseUntil = :until',
        ConditionExpression:
          'paymentStatus = :paid AND attribute_not_exists(afterPaymentDoneAt) AND (attribute_not_exists(afterPaymentLeaseUntil) OR afterPaymentLeaseUntil < :now)',
        ExpressionAttributeValues: { ':paid': 'paid', ':now': now.toISOString(), ':until': leaseUntil.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The after-payment steps ran, with OrderPaid (outbox) in the same transaction, unless another
 * delivery finished them first; or they failed (`done` false gives the lease back so the
 * provider's retry can run them).
 */
export async function finishAfterPayment(
  orderId: string,
  outcome: { done: true; sampleRequestReference: string | null; paidEvent: OutboxEvent } | { done: false },
  now: Date,
): Promise<void> {
  if (!outcome.done) {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: orderKeys(orderId),
        UpdateExpression: 'REMOVE afterPaymentLeaseUntil',
      }),
    );
    return;
  }
  try {
    await commitWithEvents(
      [
        {
          Update: {
            TableName: table(),
            Key: orderKeys(orderId),
            UpdateExpression:
              'SET afterPaymentDoneAt = :now, sampleRequestReference = :reference REMOVE afterPaymentLeaseUntil',
            ConditionExpression: 'attribute_not_exists(afterPaymentDoneAt)',
            ExpressionAttributeValues: { ':now': now.toISOString(), ':reference': outcome.sampleRequestReference },
          },
        },
      ],
      [outcome.paidEvent],
    );
  } catch (error) {
    if (cancellationCodes(error)?.[0] !== 'ConditionalCheckFailed') throw error;
  }
}

/**
 * Holds `amountCents` of the order's payment for one refund before the payment provider is asked
 * for it, so that refunds on an order (a staff cancel's, returns') never add up to more than
 * refundableCentsOf, whatever the order of staff actions. One transaction puts the refund's item,
 * named by its idempotency key at the provider, and adds the amount to the header's `refundedCents`
 * on the condition that the sum stays within the bound (DynamoDB conditions have no arithmetic:
 * `refundedCents <= bound - amount`) and the payment is still one that can be refunded. Answers
 * the amount held: this one, or the one an earlier attempt of the same refund held (a retry asks
 * the provider again for that); undefined when the order has less left to refund.
 */
export async function holdRefund(
  order: StoredOrder,
  idempotencyKey: string,
  amountCents: number,
  now: Date,
): Promise<number | undefined> {
  const key = orderRefundKeys(order.id, idempotencyKey);
  const heldBefore = async () => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }),
    );
    return Item?.amountCents as number | undefined;
  };
  const earlier = await heldBefore();
  if (earlier !== undefined) return earlier;
  const ceiling = refundableCentsOf(order) - amountCents;
  if (amountCents < 0 || ceiling < 0) return undefined;
  const refundable = order.paymentStatus === 'invoice' ? ['invoice'] : ['paid', 'flagged'];
  try {
    await transactWriteRetryingConflicts([
      {
        Put: {
          TableName: table(),
          Item: { ...key, entity: 'orderRefund', idempotencyKey, amountCents, heldAt: now.toISOString() },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: table(),
          Key: orderKeys(order.id),
          UpdateExpression: 'ADD refundedCents :amount',
          ConditionExpression: `paymentStatus IN (${refundable.map((_, i) => `:p${i}`).join(', ')}) AND (attribute_not_exists(refundedCents) OR refundedCents <= :ceiling)`,
          ExpressionAttributeValues: {
            ':amount': amountCents,
            ':ceiling': ceiling,
            ...Object.fromEntries(refundable.map((status, i) => [`:p${i}`, status])),
          },
        },
      },
    ]);
    return amountCents;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return heldBefore();
    if (codes?.[1] === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
}

/**
 * Orders in the table (see functions/lib/table/README.md): the header item (listed by client, by
 * status and all together), one item per line, history entries, and the look-up items of its
 * number, its hosted checkout session and its customer's e-mail. Every change of statuses is one
 * transaction: the header updated on the condition of the statuses the decision was made from,
 * and a history entry put beside it, so a change is recorded exactly when it happens.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuditAction } from '#domain/audit/audit-entry';
import { Invalid } from '#domain/errors';
import { checkoutAbandoned, inOrderHistory, orderNumber, staffListingOf } from '#domain/orders/lifecycle';
import { OPEN_ORDER_STATUSES } from '#domain/orders/promise';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import {
  ORDER_FIELDS_STARTING_NULL,
  ORDER_NUMBER_PATTERN,
  orderTotalsSchema,
  type Order,
  type OrderHistoryEntry,
  type OrderLine,
} from '#domain/orders/order';
import type { AdminOrdersQuery } from '#domain/orders/requests';
import {
  lineStatusOf,
  type LineStatus,
  type OrderListing,
  type OrderStatus,
  type PaymentStatus,
} from '#domain/orders/statuses';
import type { PriceIssue, PriceReview, PurchaseOrder, PurchaseOrderItem } from '#domain/punchout/purchase-order';
import { OrderPlaced } from '#events/orders';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import {
  countAll,
  deleteItems,
  getItem,
  getItems,
  putItems,
  queryAll,
  recordOf,
  type ItemKey,
} from '../lib/table/items';
import {
  ALL_ORDERS_PARTITION,
  allOrdersIndexKeys,
  CHECKOUT_INDEX_SK_PREFIX,
  checkoutSessionKeys,
  ORDER_HISTORY_SK_PREFIX,
  ORDER_INDEX_SK_PREFIX,
  orderClientIndexKeys,
  orderEmailKeys,
  orderEmailPartitionKey,
  orderHistoryKeys,
  orderKeys,
  orderLineKeys,
  orderLineSkPrefix,
  orderNumberKeys,
  orderPartitionKey,
  orderStatusIndexKeys,
  orderStatusPartition,
  purchaseOrderItemKeys,
  purchaseOrderItemSkPrefix,
  purchaseOrderPayloadKeys,
} from '../lib/table/keys';
import { auditEntryWrite } from '../lib/table/audit';
import { indexPartitionPage } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import type { PromotionClaimRefusal } from '../promotions/promotion-store';
import { orderSnapshotOf, purchaseOrderSnapshotOf } from './order-events';

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
  /** The promotion whose discount the order has: it holds one use of it while its payment page is open or it is paid. */
  promotionId: string | null;
  /** The line set the order's lines are under (orderLineKeys); null for an order placed before line sets. */
  lineSet: string | null;
  /**
   * The set a punch-out order's purchase order items are under (purchaseOrderItemKeys); null for a
   * card order, and for a punch-out order placed before item sets, whose header holds them all.
   */
  purchaseOrderItemSet: string | null;
}

export type StoredOrder = Order & OrderBookkeeping;

/** What a new order's header keeps besides the order: nothing after payment yet. */
const BOOKKEEPING_STARTING_NULL = [
  'afterPaymentLeaseUntil',
  'afterPaymentDoneAt',
  'sampleRequestReference',
  'refundId',
  'paymentCheckoutSessionId',
  'amountRefundedCents',
] as const satisfies ReadonlyArray<keyof OrderBookkeeping>;

const NULLABLE_FIELDS = [
  ...ORDER_FIELDS_STARTING_NULL,
  'cartId',
  'promotionId',
  'lineSet',
  'purchaseOrderItemSet',
  ...BOOKKEEPING_STARTING_NULL,
] as const;

/** A purchase order's item as kept beside the order's lines: the ItemOut, and the price review's issues about its line. */
type PurchaseOrderItemRecord = PurchaseOrderItem & { priceIssues: PriceIssue[] };

/**
 * How a punch-out order's purchase order is kept (docs/decisions/0057): the header keeps its ids,
 * addresses and comments and the review's issues about the whole document; each item is kept with
 * the issues about its line, so the header stays small at any number of lines.
 */
function purchaseOrderParts(purchaseOrder: PurchaseOrder, priceReview: PriceReview | null) {
  const { items, ...kept } = purchaseOrder;
  const byLine = new Map(items.map((item) => [item.lineNumber, [] as PriceIssue[]]));
  const ofDocument: PriceIssue[] = [];
  for (const issue of priceReview?.issues ?? []) {
    const ofLine = issue.lineNumber === null ? undefined : byLine.get(issue.lineNumber);
    (ofLine ?? ofDocument).push(issue);
  }
  return {
    header: { purchaseOrder: kept, priceReview: priceReview && { ...priceReview, issues: ofDocument } },
    items: items.map((item): PurchaseOrderItemRecord => ({ ...item, priceIssues: byLine.get(item.lineNumber)! })),
  };
}

/** The items of a purchase order kept under `itemSet`, as the table items that keep them. */
function purchaseOrderItemsOf(
  orderId: string,
  itemSet: string,
  order: Pick<Order, 'purchaseOrder' | 'priceReview'>,
): Array<ItemKey & Record<string, unknown>> {
  if (!order.purchaseOrder) return [];
  return purchaseOrderParts(order.purchaseOrder, order.priceReview).items.map((item, index) => ({
    ...purchaseOrderItemKeys(orderId, itemSet, index + 1),
    entity: 'purchaseOrderItem',
    ...item,
  }));
}

/**
 * A header item as an order; nullable fields are left out of the item until they have a value, so
 * conditions can test their existence. Orders written before channels existed are card orders, and
 * those written before discounts existed have none (the totals' defaults). A punch-out order's
 * purchase order gets its items back, with their issues in its price review, from
 * `purchaseOrderItems` (the items of its set, in their order), unless its header holds them.
 */
function orderOf(
  header: Record<string, unknown>,
  lines: OrderLine[],
  purchaseOrderItems: Array<Record<string, unknown>> = [],
): StoredOrder {
  const record = recordOf<Record<string, unknown>>(header);
  for (const field of NULLABLE_FIELDS) record[field] ??= null;
  record.channel ??= 'card';
  record.totals = orderTotalsSchema.parse(record.totals);
  const order = { ...(record as unknown as StoredOrder), lines };
  if (!order.purchaseOrderItemSet || !order.purchaseOrder) return order;
  const items = purchaseOrderItems.map((item) => recordOf<PurchaseOrderItemRecord>(item));
  return {
    ...order,
    purchaseOrder: { ...order.purchaseOrder, items: items.map(({ priceIssues: _issues, ...item }) => item) },
    priceReview: order.priceReview && {
      ...order.priceReview,
      issues: [...items.flatMap((item) => item.priceIssues), ...order.priceReview.issues],
    },
  };
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
    promotionId: _promotionId,
    lineSet: _lineSet,
    purchaseOrderItemSet: _purchaseOrderItemSet,
    ...record
  } = order;
  return record;
}

function historyOf(item: Record<string, unknown>): OrderHistoryEntry {
  const { at, event, actor, status, paymentStatus, note } = item as unknown as OrderHistoryEntry;
  return { at, event, actor, status, paymentStatus, note: note ?? null };
}

/**
 * Whether a sort key is a line of this set: a placement that did not commit may have left lines of
 * its own set under the same order id, which no reader sees.
 */
function lineOfSet(lineSet: string | null): (sk: string) => boolean {
  const prefix = orderLineSkPrefix(lineSet);
  return lineSet ? (sk) => sk.startsWith(prefix) : (sk) => /^LINE#\d+$/.test(sk);
}

/** The whole order (header, lines, history) in one consistent Query of its partition. */
export async function readOrder(
  orderId: string,
): Promise<{ order: StoredOrder; history: OrderHistoryEntry[] } | undefined> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': orderPartitionKey(orderId) },
    ConsistentRead: true,
  });
  const header = items.find((item) => item.sk === orderKeys(orderId).sk);
  if (!header) return undefined;
  const isLine = lineOfSet((header.lineSet as string | undefined) ?? null);
  const lines = items
    .filter((item) => isLine(String(item.sk)))
    .map((item) => recordOf<OrderLine>(item))
    .sort((a, b) => a.position - b.position);
  const itemSet = header.purchaseOrderItemSet as string | undefined;
  const purchaseOrderItems = itemSet
    ? items.filter((item) => String(item.sk).startsWith(purchaseOrderItemSkPrefix(itemSet)))
    : [];
  const history = items.filter((item) => String(item.sk).startsWith(ORDER_HISTORY_SK_PREFIX)).map(historyOf);
  return { order: orderOf(header, lines, purchaseOrderItems), history };
}

/** The order's header alone (no lines), for the checks that need only its statuses and amounts. */
export async function readOrderHeader(orderId: string): Promise<StoredOrder | undefined> {
  const item = await getItem(orderKeys(orderId), { consistent: true });
  return item ? orderOf(item, []) : undefined;
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
    ...(order.purchaseOrderItemSet && order.purchaseOrder
      ? purchaseOrderParts(order.purchaseOrder, order.priceReview).header
      : {}),
  };
  for (const field of NULLABLE_FIELDS) if (item[field] === null) delete item[field];
  return item;
}

export function historyItem(orderId: string, entry: OrderHistoryEntry): WriteItem {
  return {
    Put: {
      Item: { ...orderHistoryKeys(orderId, entry.at, randomUUID()), entity: 'orderHistory', ...entry },
    },
  };
}

/**
 * `exists`: an order with this id was written first, or one of the claims is another order's;
 * `promotionRefused`: the promotion had no use left for the order (`customer`: for its customer);
 * `creditRefused`: the client's account no longer had the credit (or the terms) the hold was decided from.
 */
export type PlaceOutcome =
  | { kind: 'placed'; order: StoredOrder }
  | { kind: 'exists' }
  | { kind: 'cartChanged' }
  | { kind: 'promotionRefused'; refusal: PromotionClaimRefusal }
  | { kind: 'creditRefused' }
  | { kind: 'installationWindowTaken' };

/** What placing an order takes besides the order: claims only it may hold, a use of its promotion, and credit. */
export interface PlacementClaims {
  /** Conditional puts: a purchase order's payloadID. */
  claims?: WriteItem[];
  /** `paid`: the promotion's revenue, counted at placing for an order no payment will come for (on account). */
  promotion?: { promotionId: string; claim: Record<PromotionClaimRefusal, WriteItem>; paid?: WriteItem } | null;
  /** An on-account order's hold on its client's credit (creditHoldWrites): refused as a whole when the limit would be passed. */
  credit?: WriteItem[] | null;
  /** The order's installation visit and, when a window was chosen, its place (installationPlacementWrites). */
  installation?: {
    installation: (orderNumber: string) => WriteItem;
    installationSlot: WriteItem | null;
    installationCapacity: WriteItem | null;
  } | null;
}

/** The name of a placement's line set, or of a purchase order's new item set: 12 random characters. */
function newItemSet(): string {
  return randomBytes(9).toString('base64url');
}

/** Tries of a placing transaction that holds credit, against other placements raising the same account (DynamoDB cancels one of two at once). */
const CREDIT_CONFLICT_ATTEMPTS = 12;

/** A new number rarely collides (32^6 numbers); when it does, the conditional put refuses it and another is drawn. */
const ORDER_NUMBER_ATTEMPTS = 3;

/**
 * Writes a new order (newOrder), whole or not at all to every reader, at any number of lines
 * (docs/decisions/0057). First its lines, in batches, under a line set of this placement's own, so
 * a concurrent or retried placement of the same id never mixes lines with it. Then one transaction:
 * the header naming that set (only if no order has its id: the id comes from the placement, so a
 * retried placement finds the first one's order), its number (only if no order has it), its e-mail
 * entry, its first history entry, its OrderPlaced event (outbox) and, when it came from a cart, the
 * cart's reference to it (only if the cart is still the caller's, active and unchanged since read),
 * any `claims` the order takes (conditional puts: a purchase order's payloadID), a use of its
 * promotion and an on-account order's hold on its client's credit (`credit`). Readers see lines only through a header that names their set; a placement refused by
 * its conditions deletes its lines (one that failed otherwise leaves them unseen, as it may have
 * committed for all it knows). `placedFrom`: the cart its lines were copied from and the browser's
 * shopping session. OrderPlaced goes out before any hosted checkout opens, so it names no checkout
 * session (OrderPaid does). Throws UnpublishableEvent, writing nothing, for an order its event
 * cannot carry.
 */
export async function insertOrder(
  order: Omit<Order, 'orderNumber'>,
  placedFrom: Pick<OrderBookkeeping, 'cartId' | 'sessionId'>,
  cartReference: WriteItem | null,
  { claims = [], promotion = null, credit = null, installation = null }: PlacementClaims = {},
): Promise<PlaceOutcome> {
  const bookkeeping = Object.fromEntries(BOOKKEEPING_STARTING_NULL.map((field) => [field, null]));
  const lineSet = newItemSet();
  // A purchase order's items go beside the lines, under the same set, made visible by the same header.
  const lineItems = [
    ...order.lines.map((line) => ({
      ...orderLineKeys(order.id, line.position, lineSet),
      entity: 'orderLine',
      ...line,
    })),
    ...purchaseOrderItemsOf(order.id, lineSet, order),
  ];
  // Written once, after the first event is checked: an order its event cannot carry writes nothing.
  let written = false;
  for (let attempt = 1; ; attempt += 1) {
    const placed = {
      ...order,
      ...placedFrom,
      ...bookkeeping,
      promotionId: promotion?.promotionId ?? null,
      lineSet,
      purchaseOrderItemSet: order.purchaseOrder ? lineSet : null,
      orderNumber: orderNumber(randomBytes(6)),
    } as StoredOrder;
    const placedEvent = outboxEvent(OrderPlaced, {
      ...orderSnapshotOf(placed),
      checkoutSessionId: null,
      ...purchaseOrderSnapshotOf(placed),
    });
    if (!written) {
      await putItems(lineItems);
      written = true;
    }
    const outcome = await transact(
      {
        header: { Put: { Item: headerItem(placed), ConditionExpression: 'attribute_not_exists(pk)' } },
        orderNumber: {
          Put: {
            Item: { ...orderNumberKeys(placed.orderNumber), entity: 'orderNumber', orderId: placed.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        cart: cartReference,
        email: {
          Put: {
            Item: {
              ...orderEmailKeys(placed.customer.email, placed.createdAt, placed.id),
              entity: 'orderEmail',
              orderId: placed.id,
            },
          },
        },
        history: historyItem(placed.id, {
          at: placed.createdAt,
          event: 'placed',
          actor: { kind: 'customer', id: placed.clientId },
          status: placed.status,
          paymentStatus: placed.paymentStatus,
          note: null,
        }),
        claims,
        promotion: promotion?.claim.promotion ?? null,
        promotionCustomer: promotion?.claim.customer ?? null,
        promotionPaid: promotion?.paid ?? null,
        credit,
        installation: installation?.installation(placed.orderNumber) ?? null,
        installationSlot: installation?.installationSlot ?? null,
        installationCapacity: installation?.installationCapacity ?? null,
      },
      // A client's orders on account all raise one account item, and bookings of one installation window one
      // counter: placed at once, they conflict and are tried again.
      {
        events: [placedEvent],
        ...((credit || installation?.installationSlot) && { attempts: CREDIT_CONFLICT_ATTEMPTS }),
      },
    );
    if (outcome.committed) return { kind: 'placed', order: placed };
    const refused = placementRefusal(outcome.failed);
    if (refused || attempt >= ORDER_NUMBER_ATTEMPTS) {
      await deleteItems(lineItems);
      if (refused) return refused;
      throw new TransactionCancelled(outcome.failed);
    }
  }
}

/** What a failed placing transaction's conditions mean, or null when only the drawn number was taken. */
function placementRefusal(failed: ReadonlyMap<string, string>): Exclude<PlaceOutcome, { kind: 'placed' }> | null {
  if (failed.has('header')) return { kind: 'exists' };
  if (failed.has('cart')) return { kind: 'cartChanged' };
  if (failed.has('claims')) return { kind: 'exists' };
  if (failed.has('credit')) return { kind: 'creditRefused' };
  if (failed.has('installationSlot') || failed.has('installationCapacity')) return { kind: 'installationWindowTaken' };
  if (failed.has('promotion')) return { kind: 'promotionRefused', refusal: 'promotion' };
  if (failed.has('promotionCustomer')) return { kind: 'promotionRefused', refusal: 'customer' };
  return null;
}

/** The look-up item of the order's hosted checkout session (GetItem by the session id gives the order). */
export function checkoutSessionItem(checkoutSessionId: string, orderId: string): WriteItem {
  return { Put: { Item: { ...checkoutSessionKeys(checkoutSessionId), entity: 'checkoutSession', orderId } } };
}

/** The purchase order's payloadID claimed for its order, in the placing transaction: only if no order claimed it. */
export function purchaseOrderPayloadClaim(payloadId: string, orderId: string): WriteItem {
  return {
    Put: {
      Item: { ...purchaseOrderPayloadKeys(payloadId), entity: 'purchaseOrderPayload', orderId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

async function orderIdAt(key: ItemKey, consistent = false): Promise<string | undefined> {
  return (await getItem(key, { consistent }))?.orderId as string | undefined;
}

export function orderIdByNumber(number: string): Promise<string | undefined> {
  return ORDER_NUMBER_PATTERN.test(number) ? orderIdAt(orderNumberKeys(number)) : Promise.resolve(undefined);
}

export function orderIdByCheckoutSession(checkoutSessionId: string): Promise<string | undefined> {
  return orderIdAt(checkoutSessionKeys(checkoutSessionId));
}

/** The order a purchase order's payloadID was claimed for (a repeated delivery finds its order). */
export function orderIdByPurchaseOrderPayload(payloadId: string): Promise<string | undefined> {
  return orderIdAt(purchaseOrderPayloadKeys(payloadId), true);
}

async function listClientIndex(clientId: string, prefix: string): Promise<StoredOrder[]> {
  const items = await queryAll({
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
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :after AND :end',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':after': gsi1sk, ':end': `${prefix}~` },
      });
    }),
  );
  return newer.flat().some((item) => item.id !== order.id && orderOf(item, []).channel === 'card');
}

async function headersOf(orderIds: string[]): Promise<StoredOrder[]> {
  const found = new Map((await getItems(orderIds.map((id) => orderKeys(id)))).map((item) => [String(item.id), item]));
  return orderIds.flatMap((id) => {
    const item = found.get(id);
    return item ? [orderOf(item, [])] : [];
  });
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
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': orderEmailPartitionKey(search) },
        ScanIndexForward: false,
      });
      const orders = await headersOf(entries.map((entry) => String(entry.orderId)));
      return { orders: orders.filter(matchesStatus), nextCursor: null };
    }
    throw new Invalid(ORDER_MESSAGES.searchInvalid, { q: ORDER_MESSAGES.searchInvalid });
  }
  const [index, partition] = query.status
    ? (['gsi2', orderStatusPartition(query.status)] as const)
    : (['gsi3', ALL_ORDERS_PARTITION] as const);
  const { items, nextCursor } = await indexPartitionPage(index, partition, query);
  return { orders: items.map((item) => orderOf(item, [])), nextCursor };
}

/** Every order still on its way to its customer (OPEN_ORDER_STATUSES), newest first: one Query of gsi2 `ORDERS#<status>` each (headers only). */
export async function listOpenOrders(): Promise<StoredOrder[]> {
  const listings = await Promise.all(
    OPEN_ORDER_STATUSES.map((status) =>
      queryAll({
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': orderStatusPartition(status) },
      }),
    ),
  );
  return listings
    .flat()
    .map((item) => orderOf(item, []))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * The monitor's counters, by Select COUNT: every order but abandoned checkouts (gsi3 `ORDERS`), or
 * the orders of one listing (gsi2 `ORDERS#<listing>`: processing ones await action).
 */
export function countOrders(listing?: OrderListing): Promise<number> {
  const [index, partition] = listing
    ? (['gsi2', orderStatusPartition(listing)] as const)
    : (['gsi3', ALL_ORDERS_PARTITION] as const);
  return countAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
  });
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

/** The header's update of a change: its fields set and its listings moved, if it still has what the change was decided from. */
function changeUpdate(order: StoredOrder, change: OrderChange, next: StoredOrder): WriteItem {
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
  return {
    Update: {
      Key: orderKeys(order.id),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}${removal}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Changes the order's header if it still has the expected statuses and figures, with its history
 * entry, any other `items` the change writes (a look-up item) and the events that report the change
 * (`events`, made from the order as changed; outbox items, published after the commit) and, for a
 * staff action, its audit log entry (`audit`: the fields the change set, as they were and are), in
 * one transaction. Answers the order as changed (header
 * only), or undefined when the condition failed (another delivery, request or staff member was first).
 */
export async function changeOrder(
  order: StoredOrder,
  change: OrderChange,
  now: Date,
  options: {
    items?: WriteItem[];
    events?: (changed: StoredOrder) => OutboxEvent[];
    audit?: Pick<AuditAction, 'staffId' | 'action'>;
  } = {},
): Promise<StoredOrder | undefined> {
  const next: StoredOrder = { ...order, ...change.set, updatedAt: now.toISOString() };
  const audit = options.audit
    ? auditEntryWrite({
        ...options.audit,
        at: next.updatedAt,
        record: { kind: 'order', id: order.id, label: order.orderNumber },
        before: { ...order },
        after: { ...order, ...change.set },
      })
    : null;
  const outcome = await transact(
    {
      header: changeUpdate(order, change, next),
      history: change.history
        ? historyItem(order.id, { ...change.history, status: next.status, paymentStatus: next.paymentStatus })
        : null,
      items: options.items ?? null,
      audit,
    },
    { events: options.events?.(next) ?? [] },
  );
  if (outcome.committed) return next;
  if (outcome.failed.has('header')) return undefined;
  throw new TransactionCancelled(outcome.failed);
}

/**
 * A buyer's update of a punch-out order's purchase order: its items are written under a new set,
 * then the header, if the order still has the statuses the change was decided from, takes the new
 * purchase order and price review naming that set, with its history entry (changeOrder). The items
 * of the set it replaced, or of one that did not commit, are deleted: no reader sees them, since
 * readers take only the set their header names. Answers the order as changed, or undefined when
 * its condition failed.
 */
export async function changePurchaseOrder(
  order: StoredOrder,
  change: Pick<StoredOrder, 'purchaseOrder' | 'priceReview'>,
  { expect, history }: Pick<OrderChange, 'expect' | 'history'>,
  now: Date,
): Promise<StoredOrder | undefined> {
  const itemSet = newItemSet();
  const items = purchaseOrderItemsOf(order.id, itemSet, change);
  await putItems(items);
  const changed = await changeOrder(
    order,
    {
      // The header keeps the purchase order without its items (purchaseOrderParts), as placing does.
      set: {
        ...((change.purchaseOrder
          ? purchaseOrderParts(change.purchaseOrder, change.priceReview).header
          : change) as Partial<StoredOrder>),
        purchaseOrderItemSet: itemSet,
      },
      expect,
      history,
    },
    now,
  );
  const replaced = changed ? order.purchaseOrderItemSet : itemSet;
  if (replaced) await deleteItems(purchaseOrderItemsOf(order.id, replaced, order));
  return changed && { ...changed, ...change };
}

/** A move of one line (its status and note, or the refund its cancel gave back) as changeOrderLine writes it. */
export interface LineChange {
  position: number;
  /** What the line must still have: the status the move was decided from, or no refund recorded yet. */
  expect: { status: LineStatus } | { notRefunded: true };
  set: Partial<Pick<OrderLine, 'status' | 'statusNote' | 'statusChangedAt' | 'refundedCents'>>;
  /** The statuses of the order the move was decided from (omitted: any). */
  expectOrder?: OrderChange['expect'];
  history: Omit<OrderHistoryEntry, 'status' | 'paymentStatus'>;
}

/** The line item's update of a change, on the condition that it still has what the change was decided from. */
function lineUpdate(order: StoredOrder, change: LineChange): WriteItem {
  const names = Object.keys(change.set);
  const values: Record<string, unknown> = Object.fromEntries(
    names.map((name, i) => [`:v${i}`, change.set[name as keyof LineChange['set']]]),
  );
  const attributeNames: Record<string, string> = Object.fromEntries(names.map((name, i) => [`#n${i}`, name]));
  let condition: string;
  if ('notRefunded' in change.expect) {
    attributeNames['#refunded'] = 'refundedCents';
    condition = 'attribute_not_exists(#refunded)';
  } else {
    attributeNames['#status'] = 'status';
    values[':from'] = change.expect.status;
    // A line stored before line statuses has none: it is `ordered`.
    condition =
      change.expect.status === 'ordered' ? '(attribute_not_exists(#status) OR #status = :from)' : '#status = :from';
  }
  return {
    Update: {
      Key: orderLineKeys(order.id, change.position, order.lineSet),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The audit log entry of a staff move of one line, on the order: the line's status and note as
 * they were and are, named by the line (`line2Status`), so the order's entries read as one history.
 */
function lineAuditWrite(
  order: StoredOrder,
  line: OrderLine,
  change: LineChange,
  audit: Pick<AuditAction, 'staffId' | 'action'>,
  at: string,
): WriteItem | null {
  const named = (fields: OrderLine) => ({
    [`line${line.position}Status`]: lineStatusOf(fields),
    [`line${line.position}Note`]: fields.statusNote ?? null,
  });
  return auditEntryWrite({
    ...audit,
    at,
    record: { kind: 'order', id: order.id, label: order.orderNumber },
    before: named(line),
    after: named({ ...line, ...change.set }),
  });
}

/**
 * Changes one line of the order if it (and the order) still has what the change was decided from,
 * with the order's history entry, the events made from the line as changed (the outbox) and, for a
 * staff move, its audit log entry, in one transaction. Answers the line as changed, or undefined
 * when a condition failed (another staff member was first, or the order moved on).
 */
export async function changeOrderLine(
  order: StoredOrder,
  change: LineChange,
  now: Date,
  options: {
    events?: (changed: OrderLine) => OutboxEvent[];
    audit?: Pick<AuditAction, 'staffId' | 'action'>;
  } = {},
): Promise<OrderLine | undefined> {
  const line = order.lines.find((candidate) => candidate.position === change.position);
  if (!line) return undefined;
  const changed: OrderLine = { ...line, ...change.set };
  const next: StoredOrder = { ...order, updatedAt: now.toISOString() };
  const outcome = await transact(
    {
      header: changeUpdate(order, { set: {}, expect: change.expectOrder ?? {}, history: null }, next),
      line: lineUpdate(order, change),
      history: historyItem(order.id, { ...change.history, status: order.status, paymentStatus: order.paymentStatus }),
      audit: options.audit ? lineAuditWrite(order, line, change, options.audit, next.updatedAt) : null,
    },
    { events: options.events?.(changed) ?? [] },
  );
  if (outcome.committed) return changed;
  if (outcome.failed.has('header') || outcome.failed.has('line')) return undefined;
  throw new TransactionCancelled(outcome.failed);
}

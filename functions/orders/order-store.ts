/**
 * Orders in the table (see functions/lib/table/README.md): the header item (listed by client, by
 * status and all together), one item per line, history entries, and the look-up items of its
 * number, its hosted checkout session and its customer's e-mail. Here: an order as those items and
 * back, and an order read whole. Placing one: order-placement-store.ts; changing one:
 * order-change-store.ts; finding one by a look-up item or a listing: order-lookup-store.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { checkoutAbandoned, inOrderHistory, staffListingOf } from '#domain/orders/lifecycle';
import {
  ORDER_FIELDS_STARTING_NULL,
  orderTotalsSchema,
  type Order,
  type OrderHistoryEntry,
  type OrderLine,
} from '#domain/orders/order';
import type { PriceIssue, PriceReview, PurchaseOrder, PurchaseOrderItem } from '#domain/punchout/purchase-order';
import { getItem, queryAll, recordOf, type ItemKey } from '../lib/table/items';
import {
  allOrdersIndexKeys,
  ORDER_HISTORY_SK_PREFIX,
  orderClientIndexKeys,
  orderHistoryKeys,
  orderKeys,
  orderLineSkPrefix,
  orderPartitionKey,
  orderStatusIndexKeys,
  purchaseOrderItemKeys,
  purchaseOrderItemSkPrefix,
} from '../lib/table/keys/orders';
import type { WriteItem } from '../lib/table/transaction';

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
export const BOOKKEEPING_STARTING_NULL = [
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
export function purchaseOrderParts(purchaseOrder: PurchaseOrder, priceReview: PriceReview | null) {
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
export function purchaseOrderItemsOf(
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
export function orderOf(
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
export function listingKeysOf(order: Pick<StoredOrder, 'id' | 'clientId' | 'createdAt' | 'status' | 'paymentStatus'>): {
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

export function headerItem(order: StoredOrder): Record<string, unknown> {
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

/** The name of a placement's line set, or of a purchase order's new item set: 12 random characters. */
export function newItemSet(): string {
  return randomBytes(9).toString('base64url');
}

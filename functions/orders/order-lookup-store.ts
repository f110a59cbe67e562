/**
 * Finding orders without their id: by the look-up items of a number, a hosted checkout session or a
 * purchase order's payloadID, and through the listings the header's index keys make (a client's,
 * staff's, the monitor's counts). Headers only: the whole order is readOrder's (order-store.ts).
 */
import { Invalid } from '#domain/errors';
import { staffListingOf } from '#domain/orders/lifecycle';
import { OPEN_ORDER_STATUSES } from '#domain/orders/promise';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { ORDER_NUMBER_PATTERN } from '#domain/orders/order';
import { type AdminOrdersQuery } from '#domain/orders/requests';
import { type OrderListing } from '#domain/orders/statuses';
import { countAll, getItem, getItems, queryAll, type ItemKey } from '../lib/table/items';
import {
  ALL_ORDERS_PARTITION,
  CHECKOUT_INDEX_SK_PREFIX,
  checkoutSessionKeys,
  ORDER_INDEX_SK_PREFIX,
  orderClientIndexKeys,
  orderEmailPartitionKey,
  orderKeys,
  orderNumberKeys,
  orderStatusPartition,
  purchaseOrderPayloadKeys,
} from '../lib/table/keys/orders';
import { indexPartitionPage } from '../lib/table/page-cursor';
import type { WriteItem } from '../lib/table/transaction';
import { orderOf, type StoredOrder } from './order-store';

/** The look-up item of the order's hosted checkout session (GetItem by the session id gives the order). */
export function checkoutSessionItem(checkoutSessionId: string, orderId: string): WriteItem {
  return { Put: { Item: { ...checkoutSessionKeys(checkoutSessionId), entity: 'checkoutSession', orderId } } };
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

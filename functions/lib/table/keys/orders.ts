/**
 * The table's keys of orders, their lines, history, refunds and look-up items (functions/orders);
 * see ../README.md.
 */

/**
 * An order's header item. Listed three ways, newest first: by its client through gsi1 (My Account's
 * Order History under `ORDER#`, checkouts not paid under `CHECKOUT#`), by its staff listing through
 * gsi2 (a status, or `abandoned`) and all but abandoned checkouts together through gsi3 (the admin
 * Orders tab; decision 0039). Its lines and history share its partition, so the whole order is one Query.
 */
export function orderKeys(orderId: string) {
  return { pk: orderPartitionKey(orderId), sk: 'ORDER' };
}

export function orderPartitionKey(orderId: string) {
  return `ORDER#${orderId}`;
}

/** The sort value of every order listing: creation time, then id, so newest first is ScanIndexForward false. */
function orderSortValue(createdAt: string, orderId: string) {
  return `${createdAt}#${orderId}`;
}

/** `inHistory`: the order is in its customer's Order History (bought); otherwise a checkout not paid. */
export function orderClientIndexKeys(clientId: string, createdAt: string, orderId: string, inHistory: boolean) {
  return {
    gsi1pk: `CLIENT#${clientId}`,
    gsi1sk: `${inHistory ? ORDER_INDEX_SK_PREFIX : CHECKOUT_INDEX_SK_PREFIX}${orderSortValue(createdAt, orderId)}`,
  };
}

export const ORDER_INDEX_SK_PREFIX = 'ORDER#';
export const CHECKOUT_INDEX_SK_PREFIX = 'CHECKOUT#';

/** gsi2 follows the order's staff listing (its status, or `abandoned`): every change of statuses sets gsi2pk with it. */
export function orderStatusIndexKeys(status: string, createdAt: string, orderId: string) {
  return { gsi2pk: orderStatusPartition(status), gsi2sk: orderSortValue(createdAt, orderId) };
}

export function orderStatusPartition(status: string) {
  return `ORDERS#${status}`;
}

export const ALL_ORDERS_PARTITION = 'ORDERS';

export function allOrdersIndexKeys(createdAt: string, orderId: string) {
  return { gsi3pk: ALL_ORDERS_PARTITION, gsi3sk: orderSortValue(createdAt, orderId) };
}

/**
 * An order line, copied from the cart at placing, under the line set of the placement that wrote it
 * (docs/decisions/0057): orders placed before line sets have none. Positions are zero-padded so the
 * lines sort in order.
 */
export function orderLineKeys(orderId: string, position: number, lineSet: string | null) {
  return { pk: orderPartitionKey(orderId), sk: `${orderLineSkPrefix(lineSet)}${String(position).padStart(4, '0')}` };
}

/** The sort-key prefix of one line set's lines: `LINE#<set>#`, or `LINE#` for an order placed before sets. */
export function orderLineSkPrefix(lineSet: string | null): string {
  return lineSet ? `LINE#${lineSet}#` : 'LINE#';
}

/**
 * One ItemOut of a punch-out order's purchase order, kept beside the order's lines under the set its
 * header names (`purchaseOrderItemSet`: the line set at placing, a new one per update); orders placed
 * before keep their items on the header. The item's place in the document is zero-padded so they sort
 * in the buyer's order.
 */
export function purchaseOrderItemKeys(orderId: string, itemSet: string, index: number) {
  return {
    pk: orderPartitionKey(orderId),
    sk: `${purchaseOrderItemSkPrefix(itemSet)}${String(index).padStart(4, '0')}`,
  };
}

export function purchaseOrderItemSkPrefix(itemSet: string): string {
  return `POITEM#${itemSet}#`;
}

/** One entry of an order's history (what, who, when); `entryId` keeps two entries of one moment apart. */
export function orderHistoryKeys(orderId: string, at: string, entryId: string) {
  return { pk: orderPartitionKey(orderId), sk: `${ORDER_HISTORY_SK_PREFIX}${at}#${entryId}` };
}

export const ORDER_HISTORY_SK_PREFIX = 'HISTORY#';

/** One refund of an order (a staff cancel's, a return's), named by its idempotency key at the payment provider. */
export function orderRefundKeys(orderId: string, idempotencyKey: string) {
  return { pk: orderPartitionKey(orderId), sk: `REFUND#${idempotencyKey}` };
}

/** An order number, taken by a conditional put in the placing transaction: a number is never given twice. Holds the order id. */
export function orderNumberKeys(orderNumber: string) {
  return { pk: `ORDERNUMBER#${orderNumber}`, sk: 'ORDERNUMBER' };
}

/** The hosted checkout session of an order (the success page's `session_id`). Holds the order id. */
export function checkoutSessionKeys(checkoutSessionId: string) {
  return { pk: `CHECKOUT_SESSION#${checkoutSessionId}`, sk: 'CHECKOUT_SESSION' };
}

/** An order under its customer's e-mail, for the staff search by e-mail, newest first. Holds the order id. */
export function orderEmailKeys(email: string, createdAt: string, orderId: string) {
  return { pk: orderEmailPartitionKey(email), sk: orderSortValue(createdAt, orderId) };
}

export function orderEmailPartitionKey(email: string) {
  return `ORDER_EMAIL#${email.toLowerCase()}`;
}

/**
 * The payloadID of a buyer's OrderRequest, claimed by a conditional put in the transaction that
 * makes its order: a document delivered twice makes one order. Holds the order id. (The buyer's
 * orderID needs no item: a punch-out order's id is derived from its configuration and orderID.)
 */
export function purchaseOrderPayloadKeys(payloadId: string) {
  return { pk: `PO_PAYLOAD#${payloadId}`, sk: 'PO_PAYLOAD' };
}

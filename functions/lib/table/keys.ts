/**
 * The only place that composes key values of the single table. Each builder returns the item's
 * primary key and, where it is listed by an index, the index keys too. See README.md beside this file.
 */

/** A message sent from the contact-us form. Listed for staff newest first through gsi1. */
export function contactMessageKeys(messageId: string, submittedAt: string) {
  return {
    pk: `CONTACT#${messageId}`,
    sk: 'CONTACT',
    gsi1pk: 'CONTACT_MESSAGES',
    gsi1sk: `${submittedAt}#${messageId}`,
  };
}

/** A browser's open WebSocket connection. */
export function connectionKeys(connectionId: string) {
  return { pk: `CONNECTION#${connectionId}`, sk: 'CONNECTION' };
}

/**
 * A chat customer's connection is listed by its chat through gsi1 (the chat's pushes) and with
 * every customer connection through gsi2 (staff presence); a staff connection in the staff
 * partition of gsi1 (every push, and whether anyone is online).
 */
export function chatCustomerConnectionIndexKeys(sessionId: string, connectionId: string) {
  return {
    gsi1pk: chatConnectionsPartition(sessionId),
    gsi1sk: connectionId,
    gsi2pk: CHAT_CUSTOMER_CONNECTIONS_PARTITION,
    gsi2sk: connectionId,
  };
}

export function chatConnectionsPartition(sessionId: string) {
  return `CHAT_CONNECTIONS#${sessionId}`;
}

export const CHAT_CUSTOMER_CONNECTIONS_PARTITION = 'CHAT_CONNECTIONS#customers';
export const STAFF_CONNECTIONS_PARTITION = 'CHAT_CONNECTIONS#staff';

export function staffConnectionIndexKeys(connectionId: string) {
  return { gsi1pk: STAFF_CONNECTIONS_PARTITION, gsi1sk: connectionId };
}

/**
 * A chat session. Its messages and its staff-mail window share its partition, so a thread is one
 * Query. Listed by status, newest first, through gsi1; while it has unread customer messages in the
 * sparse unread partition of gsi2 (the tab badge is a count of it); while active and its customer
 * signed in, under the client in gsi3 (their latest active chat).
 */
export function chatSessionKeys(sessionId: string) {
  return { pk: chatPartitionKey(sessionId), sk: 'SESSION' };
}

export function chatPartitionKey(sessionId: string) {
  return `CHAT#${sessionId}`;
}

export function chatStatusIndexKeys(status: string, createdAt: string, sessionId: string) {
  return { gsi1pk: chatStatusPartition(status), gsi1sk: `${createdAt}#${sessionId}` };
}

export function chatStatusPartition(status: string) {
  return `CHATS#${status}`;
}

export const UNREAD_CHATS_PARTITION = 'CHATS#unread';

export function unreadChatIndexKeys(createdAt: string, sessionId: string) {
  return { gsi2pk: UNREAD_CHATS_PARTITION, gsi2sk: `${createdAt}#${sessionId}` };
}

export function clientActiveChatIndexKeys(clientId: string, createdAt: string, sessionId: string) {
  return { gsi3pk: clientPartitionKey(clientId), gsi3sk: `${CLIENT_CHAT_INDEX_SK_PREFIX}${createdAt}#${sessionId}` };
}

export const CLIENT_CHAT_INDEX_SK_PREFIX = 'CHAT#';

/** A chat message; the sequence number is zero-padded so the messages sort in order. */
export function chatMessageKeys(sessionId: string, seq: number) {
  return { pk: chatPartitionKey(sessionId), sk: chatMessageSortKey(seq) };
}

export function chatMessageSortKey(seq: number) {
  return `${CHAT_MESSAGE_SK_PREFIX}${String(seq).padStart(10, '0')}`;
}

export const CHAT_MESSAGE_SK_PREFIX = 'MESSAGE#';

/** When staff were last mailed about a chat: one conditional write per 10-minute window. */
export function chatStaffNoticeKeys(sessionId: string) {
  return { pk: chatPartitionKey(sessionId), sk: 'STAFF_NOTICE' };
}

/**
 * A price grid's current version: one item per grid kind, carrying the rows, so reading every
 * current grid is one BatchGetItem.
 */
export function gridCurrentKeys(kind: string) {
  return { pk: `GRID#${kind}`, sk: 'CURRENT' };
}

/** A grid version's rows, immutable; the version is a hash of the content. */
export function gridVersionKeys(kind: string, version: string) {
  return { pk: `GRID#${kind}`, sk: `VERSION#${version}` };
}

/** One upload of a grid (who, when, which version), listed newest first within the grid's partition. */
export function gridUploadKeys(kind: string, uploadedAt: string, version: string) {
  return { pk: `GRID#${kind}`, sk: `UPLOAD#${uploadedAt}#${version}` };
}

export const GRID_UPLOAD_SK_PREFIX = 'UPLOAD#';

/**
 * A cart. Listed by its shopping session through gsi1 and by its client through gsi2 (the gsi2
 * keys are written when a client is attached). Its lines share its partition.
 */
export function cartKeys(cartId: string) {
  return { pk: `CART#${cartId}`, sk: 'CART' };
}

export function cartSessionIndexKeys(sessionId: string, cartId: string) {
  return { gsi1pk: `SESSION#${sessionId}`, gsi1sk: `CART#${cartId}` };
}

export function cartClientIndexKeys(clientId: string, cartId: string) {
  return { gsi2pk: `CLIENT#${clientId}`, gsi2sk: `CART#${cartId}` };
}

/** A cart line; `lineId` is a hash of the line's canonical configuration, so the same blind is one item. */
export function cartLineKeys(cartId: string, lineId: string) {
  return { pk: `CART#${cartId}`, sk: `${CART_LINE_SK_PREFIX}${lineId}` };
}

/**
 * The cart a shopping session created last. Creating a cart claims it with a condition on the id it
 * held, so concurrent first adds of one session end on one cart without the cart's own id being
 * derivable from the session.
 */
export function sessionCartClaimKeys(sessionId: string) {
  return { pk: `SESSION#${sessionId}`, sk: 'CART_CLAIM' };
}

export const CART_LINE_SK_PREFIX = 'LINE#';
export const CART_INDEX_SK_PREFIX = 'CART#';

/**
 * The sparse gsi3 entry only an active cart carries, sorted by its last activity, so the idle-cart
 * sweep finds carts idle for 24 hours with one Query (abandoning a cart removes `gsi3pk`).
 */
export const ACTIVE_CARTS_PARTITION = 'CARTS#active';

export function activeCartIndexKeys(updatedAt: string) {
  return { gsi3pk: ACTIVE_CARTS_PARTITION, gsi3sk: updatedAt };
}

/**
 * A client's profile. Everything a client owns (properties, rooms, windows, saved products) shares
 * the client's partition, so a client can only ever reach their own records. Listed for staff by
 * name through gsi1.
 */
export function clientProfileKeys(clientId: string, sortName: string) {
  return {
    pk: `CLIENT#${clientId}`,
    sk: 'PROFILE',
    gsi1pk: 'CLIENTS',
    gsi1sk: `${sortName.toLowerCase()}#${clientId}`,
  };
}

export function clientPartitionKey(clientId: string) {
  return `CLIENT#${clientId}`;
}

export function propertyKeys(clientId: string, propertyId: string) {
  return { pk: `CLIENT#${clientId}`, sk: `${PROPERTY_SK_PREFIX}${propertyId}` };
}

export const PROPERTY_SK_PREFIX = 'PROPERTY#';

/**
 * How many properties a client has: changed in the same transaction as every property create and
 * delete, so a delete conditioned on it can never remove the client's last property.
 */
export function propertyCountKeys(clientId: string) {
  return { pk: `CLIENT#${clientId}`, sk: 'PROPERTY_COUNT' };
}

/** A room of a property; rooms of one property are one begins_with query. */
export function roomKeys(clientId: string, propertyId: string, roomId: string) {
  return { pk: `CLIENT#${clientId}`, sk: `${roomSkPrefix(propertyId)}${roomId}` };
}

export function roomSkPrefix(propertyId: string) {
  return `ROOM#${propertyId}#`;
}

/** A measured window of a property. */
export function propertyWindowKeys(clientId: string, propertyId: string, windowId: string) {
  return { pk: `CLIENT#${clientId}`, sk: `${propertyWindowSkPrefix(propertyId)}${windowId}` };
}

/** Every measured window of a client, at all their properties. */
export const PROPERTY_WINDOW_SK_PREFIX = 'WINDOW#';

export function propertyWindowSkPrefix(propertyId: string) {
  return `${PROPERTY_WINDOW_SK_PREFIX}${propertyId}#`;
}

/**
 * A cart line that a property's window order (or window reorder) added for this window: its line
 * id is the blind's and room label's, the same in any cart, so a paid order's lines find their
 * windows (functions/properties/windows-ordered.ts).
 */
export function windowLineKeys(clientId: string, lineId: string, propertyId: string, windowId: string) {
  return { pk: `CLIENT#${clientId}`, sk: `${WINDOW_LINE_SK_PREFIX}${lineId}#${propertyId}#${windowId}` };
}

export const WINDOW_LINE_SK_PREFIX = 'WINDOWLINE#';

/** A saved product configuration. */
export function savedProductKeys(clientId: string, savedProductId: string) {
  return { pk: `CLIENT#${clientId}`, sk: `${SAVED_PRODUCT_SK_PREFIX}${savedProductId}` };
}

export const SAVED_PRODUCT_SK_PREFIX = 'SAVED#';

/**
 * An account closure (issue 30): `closing` while its steps run, so a retry resumes them; `closed`
 * once done, the one record left in the client's partition. Its sort key is not a prefix of any
 * other client item's.
 */
export function accountClosureKeys(clientId: string) {
  return { pk: clientPartitionKey(clientId), sk: 'ACCOUNT_CLOSURE' };
}

/** A client's price list (contract prices staff set, domain/pricing/price-list.ts): one item, replaced whole. */
export function clientPriceListKeys(clientId: string) {
  return { pk: clientPartitionKey(clientId), sk: 'PRICE_LIST' };
}

/** A client's account with the shop (payment terms, credit limit, credit held): one item. */
export function clientCreditAccountKeys(clientId: string) {
  return { pk: clientPartitionKey(clientId), sk: 'CREDIT_ACCOUNT' };
}

/** The credit one on-account order holds, until its invoice is paid or the order cancelled: released once. */
export function creditHoldKeys(clientId: string, orderId: string) {
  return { pk: clientPartitionKey(clientId), sk: `CREDIT_HOLD#${orderId}` };
}

/** A sales lead, one per e-mail address (upserted at sign-up); listed for staff newest first. */
export function clientLeadKeys(email: string, updatedAt: string) {
  return {
    pk: `LEAD#${email.toLowerCase()}`,
    sk: 'LEAD',
    gsi1pk: 'LEADS',
    gsi1sk: `${updatedAt}#${email.toLowerCase()}`,
  };
}

/** A sample in a browser session's sample cart: one item per colour sample, so a duplicate is a failed conditional put. */
export function sampleCartItemKeys(sessionId: string, sampleId: string) {
  return { pk: sampleCartPartitionKey(sessionId), sk: `${SAMPLE_CART_ITEM_SK_PREFIX}${sampleId}` };
}

export function sampleCartPartitionKey(sessionId: string) {
  return `SAMPLES#${sessionId}`;
}

/** How many samples a session's sample cart holds, counted by every add and removal so the limit holds under concurrency. */
export function sampleCartCountKeys(sessionId: string) {
  return { pk: sampleCartPartitionKey(sessionId), sk: 'COUNT' };
}

export const SAMPLE_CART_ITEM_SK_PREFIX = 'SAMPLE#';

/** A sample request, keyed by its reference so that a reference is never given twice; listed for staff newest first. */
export function sampleRequestKeys(reference: string, createdAt: string) {
  return {
    pk: `SAMPLE_REQUEST#${reference}`,
    sk: 'SAMPLE_REQUEST',
    gsi1pk: SAMPLE_REQUESTS_INDEX_PK,
    gsi1sk: `${createdAt}#${reference}`,
  };
}

export const SAMPLE_REQUESTS_INDEX_PK = 'SAMPLE_REQUESTS';

/**
 * Attempts at a rate-limited action (domain/rate-limits.ts) by one recipient or client address in
 * one fixed window: the window's start is in the key, so a new window is a new counter and an old
 * one is never read again (it carries `expiresAt` = the window's end for TTL to delete).
 */
export function rateCounterKeys(action: string, dimension: string, subject: string, windowStart: number) {
  return { pk: `RATE#${action}#${dimension}#${subject}`, sk: `WINDOW#${windowStart}` };
}

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
 * A punch-out start page issued to a buyer's setup request: single use, expiring (expiresAt).
 * Redeeming it sets `redeemedAt` conditionally, so it opens one partner session.
 */
export function punchoutStartKeys(startId: string) {
  return { pk: `PUNCHOUT_START#${startId}`, sk: 'START' };
}

export const PUNCHOUT_START_LINE_SK_PREFIX = 'LINE#';

/** A line of a buyer's cart that redeeming its start page puts back (an edit or inspect setup request). */
export function punchoutStartLineKeys(startId: string, position: number) {
  return {
    pk: punchoutStartKeys(startId).pk,
    sk: `${PUNCHOUT_START_LINE_SK_PREFIX}${String(position).padStart(4, '0')}`,
  };
}

/** A partner session, reached only by the hash of its token (the browser's `x-partner-session`). */
export function partnerSessionKeys(tokenHash: string) {
  return { pk: `PARTNER_SESSION#${tokenHash}`, sk: 'SESSION' };
}

/** A partner cart as returned to the buyer: the store of its lines' SupplierPartAuxiliaryIDs. */
export function punchoutSubmissionKeys(submissionId: string) {
  return { pk: `PUNCHOUT_SUBMISSION#${submissionId}`, sk: 'SUBMISSION' };
}

/**
 * A submitted line, under the line set its submission names (written before it, so a submission
 * is whole or absent to every reader); submissions kept before line sets hold their lines themselves.
 */
export function punchoutSubmissionLineKeys(submissionId: string, lineSet: string, position: number) {
  return {
    pk: punchoutSubmissionKeys(submissionId).pk,
    sk: `${punchoutSubmissionLineSkPrefix(lineSet)}${String(position).padStart(4, '0')}`,
  };
}

export function punchoutSubmissionLineSkPrefix(lineSet: string): string {
  return `LINE#${lineSet}#`;
}

/**
 * A buyer's punch-out configuration. Listed for staff by property name through gsi1; while active in
 * the sparse active partition of gsi2 (the monitor's count, the integration tests' configurations).
 */
export function punchoutConfigurationKeys(configurationId: string) {
  return { pk: `PUNCHOUT_CONFIG#${configurationId}`, sk: 'CONFIG' };
}

export const PUNCHOUT_CONFIGURATIONS_PARTITION = 'PUNCHOUT_CONFIGS';
export const ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION = 'PUNCHOUT_CONFIGS#active';

export function punchoutConfigurationIndexKeys(propertyName: string, configurationId: string) {
  return { gsi1pk: PUNCHOUT_CONFIGURATIONS_PARTITION, gsi1sk: `${propertyName.toLowerCase()}#${configurationId}` };
}

export function activePunchoutConfigurationIndexKeys(configurationId: string) {
  return { gsi2pk: ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION, gsi2sk: configurationId };
}

/**
 * A value only one configuration may hold (its account number, identity, DUNS number, network id),
 * taken in the saving transaction with a condition. Holds the configuration's id, so finding the
 * sender of a cXML document is one GetItem per credential.
 */
export function punchoutClaimKeys(field: 'accountNumber' | 'identity', value: string) {
  return { pk: `PUNCHOUT_CLAIM#${field}#${value}`, sk: 'CLAIM' };
}

/** A client address that passed a configuration's credential check: the guess limit does not lock it out of that configuration (decision 0035). */
export function punchoutKnownAddressKeys(configurationId: string, addressKey: string) {
  return { pk: `PUNCHOUT_KNOWN_ADDRESSES#${configurationId}`, sk: `ADDRESS#${addressKey}` };
}

/** A lock-out of the guess limit (a client address, or a configuration's identity, in one window), listed by its end through gsi1. */
export function punchoutLockOutKeys(dimension: string, subject: string, windowStart: number, lockedUntil: string) {
  return {
    pk: `PUNCHOUT_LOCKOUT#${dimension}#${subject}`,
    sk: `WINDOW#${windowStart}`,
    gsi1pk: PUNCHOUT_LOCKOUTS_PARTITION,
    gsi1sk: `${lockedUntil}#${dimension}#${subject}`,
  };
}

export const PUNCHOUT_LOCKOUTS_PARTITION = 'PUNCHOUT_LOCKOUTS';

/** One run of the System Monitor's integration tests, listed newest first through gsi1. */
export function integrationTestRunKeys(runId: string, ranAt: string) {
  return { pk: `INTEGRATION_RUN#${runId}`, sk: 'RUN', gsi1pk: INTEGRATION_RUNS_PARTITION, gsi1sk: `${ranAt}#${runId}` };
}

export const INTEGRATION_RUNS_PARTITION = 'INTEGRATION_RUNS';

/**
 * A failed event delivery (a dead letter), one per event and consumer, listed newest first through
 * gsi1; until retried in the sparse pending partition of gsi2 (the monitor's status counts it).
 */
export function deadLetterKeys(deadLetterId: string) {
  return { pk: `DEAD_LETTER#${deadLetterId}`, sk: 'DEAD_LETTER' };
}

export const DEAD_LETTERS_PARTITION = 'DEAD_LETTERS';
export const PENDING_DEAD_LETTERS_PARTITION = 'DEAD_LETTERS#pending';

export function deadLetterIndexKeys(failedAt: string, deadLetterId: string) {
  return { gsi1pk: DEAD_LETTERS_PARTITION, gsi1sk: `${failedAt}#${deadLetterId}` };
}

export function pendingDeadLetterIndexKeys(failedAt: string, deadLetterId: string) {
  return { gsi2pk: PENDING_DEAD_LETTERS_PARTITION, gsi2sk: `${failedAt}#${deadLetterId}` };
}

/**
 * The payloadID of a buyer's OrderRequest, claimed by a conditional put in the transaction that
 * makes its order: a document delivered twice makes one order. Holds the order id. (The buyer's
 * orderID needs no item: a punch-out order's id is derived from its configuration and orderID.)
 */
export function purchaseOrderPayloadKeys(payloadId: string) {
  return { pk: `PO_PAYLOAD#${payloadId}`, sk: 'PO_PAYLOAD' };
}

/** A punch-out order's invoice, listed for staff newest first through gsi1. */
export function punchoutInvoiceKeys(invoiceId: string, issuedAt: string) {
  return {
    pk: `PUNCHOUT_INVOICE#${invoiceId}`,
    sk: 'INVOICE',
    gsi1pk: PUNCHOUT_INVOICES_PARTITION,
    gsi1sk: `${issuedAt}#${invoiceId}`,
  };
}

export const PUNCHOUT_INVOICES_PARTITION = 'PUNCHOUT_INVOICES';

/**
 * An on-account order's invoice: its client's (gsi1, by issue time) and staff's receivables (gsi2):
 * unpaid by issue time until paid, then paid by payment time, so receivables read every unpaid
 * invoice and only the paid ones of a recent period however many years of them there are.
 */
export function accountInvoiceKeys(invoiceId: string, clientId: string, issuedAt: string) {
  return {
    ...accountInvoiceItemKey(invoiceId),
    gsi1pk: clientPartitionKey(clientId),
    gsi1sk: `${ACCOUNT_INVOICE_SK_PREFIX}${issuedAt}#${invoiceId}`,
    gsi2pk: UNPAID_ACCOUNT_INVOICES_PARTITION,
    gsi2sk: `${issuedAt}#${invoiceId}`,
  };
}

/** A paid account invoice's place in staff's receivables (gsi2): by when it was paid. */
export function paidAccountInvoiceIndexKeys(invoiceId: string, paidAt: string) {
  return { gsi2pk: PAID_ACCOUNT_INVOICES_PARTITION, gsi2sk: `${paidAt}#${invoiceId}` };
}

/** An account invoice's own key, without its index keys. */
export function accountInvoiceItemKey(invoiceId: string) {
  return { pk: `ACCOUNT_INVOICE#${invoiceId}`, sk: 'INVOICE' };
}

export const ACCOUNT_INVOICE_SK_PREFIX = 'ACCOUNT_INVOICE#';
export const UNPAID_ACCOUNT_INVOICES_PARTITION = 'ACCOUNT_INVOICES#unpaid';
export const PAID_ACCOUNT_INVOICES_PARTITION = 'ACCOUNT_INVOICES#paid';

/** While an account invoice has a reminder to send: sparse gsi3, by the day it goes (YYYY-MM-DD). */
export function accountInvoiceReminderKeys(invoiceId: string, reminderOn: string) {
  return { gsi3pk: ACCOUNT_INVOICE_REMINDERS_PARTITION, gsi3sk: `${reminderOn}#${invoiceId}` };
}

export const ACCOUNT_INVOICE_REMINDERS_PARTITION = 'ACCOUNT_INVOICE_REMINDERS';

/** The Stripe customer a client is invoiced as: one per client. */
export function stripeCustomerKeys(clientId: string) {
  return { pk: clientPartitionKey(clientId), sk: 'STRIPE_CUSTOMER' };
}

/**
 * A webhook subscription. Its attempt log and dead letters share its partition (each a Query,
 * newest first); subscriptions are listed (staff, and the fan-out of each event) through gsi1.
 */
export function webhookSubscriptionKeys(subscriptionId: string, createdAt: string) {
  return {
    pk: webhookPartitionKey(subscriptionId),
    sk: 'SUBSCRIPTION',
    gsi1pk: WEBHOOK_SUBSCRIPTIONS_PARTITION,
    gsi1sk: `${createdAt}#${subscriptionId}`,
  };
}

export function webhookPartitionKey(subscriptionId: string) {
  return `WEBHOOK#${subscriptionId}`;
}

export const WEBHOOK_SUBSCRIPTIONS_PARTITION = 'WEBHOOKS';
export const WEBHOOK_ATTEMPT_SK_PREFIX = 'ATTEMPT#';
export const WEBHOOK_DEAD_LETTER_SK_PREFIX = 'DEAD#';

export function webhookAttemptKeys(subscriptionId: string, at: string, attemptId: string) {
  return { pk: webhookPartitionKey(subscriptionId), sk: `${WEBHOOK_ATTEMPT_SK_PREFIX}${at}#${attemptId}` };
}

export function webhookDeadLetterKeys(subscriptionId: string, deadAt: string, eventId: string) {
  return { pk: webhookPartitionKey(subscriptionId), sk: `${WEBHOOK_DEAD_LETTER_SK_PREFIX}${deadAt}#${eventId}` };
}

/** One event's delivery to one subscription, claimed by a conditional put: a duplicate bus delivery adds none. */
export function webhookDeliveryKeys(eventId: string, subscriptionId: string) {
  return { pk: `DELIVERY#${eventId}#${subscriptionId}`, sk: 'DELIVERY' };
}

/** An event as delivered to webhooks, kept for retries and staff redeliveries. */
export function webhookEventKeys(eventId: string) {
  return { pk: `WEBHOOK_EVENT#${eventId}`, sk: 'EVENT' };
}

/** A measurement appointment; listed for staff by date and time through gsi1 (a day or a week is one Query). */
export function appointmentKeys(appointmentId: string) {
  return { pk: `APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' };
}

export function appointmentIndexKeys(date: string, time: string, appointmentId: string) {
  return { gsi1pk: APPOINTMENTS_INDEX_PK, gsi1sk: `${date}#${time}#${appointmentId}` };
}

export const APPOINTMENTS_INDEX_PK = 'APPOINTMENTS';

/**
 * The booking counter of one slot (`booked`), and a day's capacity set by staff, of one slot
 * calendar (measurements, installations): one partition per calendar sorted by date, so the slots
 * of a date range are one Query.
 */
export const SLOT_CALENDAR_PKS = { measurement: 'APPOINTMENT_SLOTS', installation: 'INSTALLATION_SLOTS' } as const;
export type SlotCalendarName = keyof typeof SLOT_CALENDAR_PKS;

export function slotKeys(calendar: SlotCalendarName, date: string, time: string) {
  return { pk: SLOT_CALENDAR_PKS[calendar], sk: `${date}#${time}` };
}

export function dayCapacityKeys(calendar: SlotCalendarName, date: string) {
  return { pk: SLOT_CALENDAR_PKS[calendar], sk: `${date}#CAPACITY` };
}

/** An order's installation visit (its id is the order's); listed for staff by date and window through gsi1. */
export function installationKeys(orderId: string) {
  return { pk: `INSTALLATION#${orderId}`, sk: 'INSTALLATION' };
}

/** A visit still unscheduled sorts under `UNSCHEDULED`, after every date. */
export function installationIndexKeys(date: string | null, time: string | null, orderId: string) {
  return { gsi1pk: INSTALLATIONS_INDEX_PK, gsi1sk: date ? `${date}#${time}#${orderId}` : `UNSCHEDULED#${orderId}` };
}

export const INSTALLATIONS_INDEX_PK = 'INSTALLATIONS';

/** The open appointments of one e-mail, phone or client address (domain/appointments/holders.ts), counted in the booking's transaction. */
export function appointmentHolderKeys(kind: string, subject: string) {
  return { pk: `APPOINTMENT_HOLDER#${kind}#${subject}`, sk: 'HOLDER' };
}

/**
 * A return or Fit Assurance remake request; listed for staff newest first by status through gsi1
 * (every status change moves it) and all together through gsi2.
 */
export function returnRequestKeys(returnId: string) {
  return { pk: `RETURN#${returnId}`, sk: 'RETURN' };
}

export function returnStatusIndexKeys(status: string, createdAt: string, returnId: string) {
  return { gsi1pk: returnStatusPartition(status), gsi1sk: `${createdAt}#${returnId}` };
}

export function returnStatusPartition(status: string) {
  return `RETURNS#${status}`;
}

export function allReturnsIndexKeys(createdAt: string, returnId: string) {
  return { gsi2pk: ALL_RETURNS_PARTITION, gsi2sk: `${createdAt}#${returnId}` };
}

export const ALL_RETURNS_PARTITION = 'RETURNS';

/** An order's one Fit Assurance remake, taken by a conditional put with the remake request (released when it is declined). Holds the request id. */
export function orderRemakeClaimKeys(orderId: string) {
  return { pk: `REMAKE#${orderId}`, sk: 'REMAKE' };
}

/**
 * A job application. Listed for staff newest first through gsi1, and by role (department and job
 * title) newest first through gsi2.
 */
export function jobApplicationKeys(applicationId: string, submittedAt: string, department: string, jobTitle: string) {
  return {
    pk: `JOB_APPLICATION#${applicationId}`,
    sk: 'JOB_APPLICATION',
    gsi1pk: JOB_APPLICATIONS_INDEX_PK,
    gsi1sk: `${submittedAt}#${applicationId}`,
    gsi2pk: jobApplicationRolePartition(department, jobTitle),
    gsi2sk: `${submittedAt}#${applicationId}`,
  };
}

export function jobApplicationItemKey(applicationId: string) {
  return { pk: `JOB_APPLICATION#${applicationId}`, sk: 'JOB_APPLICATION' };
}

export const JOB_APPLICATIONS_INDEX_PK = 'JOB_APPLICATIONS';

export function jobApplicationRolePartition(department: string, jobTitle: string) {
  return `JOB_APPLICATIONS#${department}#${jobTitle}`;
}

/**
 * An event committed with the change it reports and not yet published (functions/lib/event-outbox.ts,
 * docs/decisions/0033): deleted once on the bus; the sweeper finds those left, oldest first, through gsi1.
 */
export function eventOutboxKeys(eventId: string) {
  return { pk: `EVENT_OUTBOX#${eventId}`, sk: 'EVENT' };
}

export const EVENT_OUTBOX_PARTITION = 'EVENT_OUTBOX';

export function eventOutboxIndexKeys(createdAt: string, eventId: string) {
  return { gsi1pk: EVENT_OUTBOX_PARTITION, gsi1sk: `${createdAt}#${eventId}` };
}

/**
 * A promotion: its own item, and one item per customer counting the orders they used it on, in its
 * partition. Listed for staff newest first through gsi1; an automatic sale (no code) also in the
 * sales partition of gsi2, by its last day, so the sales in effect are one Query from today on.
 */
export function promotionKeys(promotionId: string, createdAt: string, saleEndsOn: string | null) {
  return {
    pk: promotionPartitionKey(promotionId),
    sk: 'PROMOTION',
    gsi1pk: PROMOTIONS_PARTITION,
    gsi1sk: `${createdAt}#${promotionId}`,
    ...(saleEndsOn ? { gsi2pk: PROMOTION_SALES_PARTITION, gsi2sk: `${saleEndsOn}#${promotionId}` } : {}),
  };
}

export function promotionPartitionKey(promotionId: string) {
  return `PROMOTION#${promotionId}`;
}

export const PROMOTIONS_PARTITION = 'PROMOTIONS';
export const PROMOTION_SALES_PARTITION = 'PROMOTION_SALES';

export function promotionCustomerKeys(promotionId: string, clientId: string) {
  return { pk: promotionPartitionKey(promotionId), sk: `CUSTOMER#${clientId}` };
}

/** A promotion's code, unique: put only if no promotion has it. */
export function promotionCodeKeys(code: string) {
  return { pk: `PROMOTION_CODE#${code}`, sk: 'PROMOTION_CODE' };
}

/** The days staff closed the shop beyond its holidays (domain/calendar/closures.ts): one item, replaced whole. */
export const SHOP_CLOSURES_KEY = { pk: 'SHOP_CALENDAR', sk: 'CLOSURES' } as const;

/** The week's opening hours staff saved (domain/business.ts); none until they first save: the settings' then. */
export const OPENING_HOURS_KEY = { pk: 'SHOP_CALENDAR', sk: 'OPENING_HOURS' } as const;

/** The volume tables staff saved, each by the day it takes effect: one small partition, read whole. */
export const VOLUME_TABLES_PARTITION = 'VOLUME_TABLES';

export function volumeTableKeys(effectiveFrom: string, savedAt: string) {
  return { pk: VOLUME_TABLES_PARTITION, sk: `TABLE#${effectiveFrom}#${savedAt}` };
}

/**
 * A price match request. Listed for staff through gsi1: those waiting for review oldest first, by
 * when they were sent; those decided newest first, by when (a decision moves it). Listed for its
 * customer newest first in their partition of gsi3.
 */
export function priceMatchKeys(priceMatchId: string) {
  return { pk: `PRICE_MATCH#${priceMatchId}`, sk: 'PRICE_MATCH' };
}

export function priceMatchIndexKeys(
  priceMatchId: string,
  clientId: string,
  createdAt: string,
  decidedAt: string | null,
) {
  return {
    gsi1pk: priceMatchListPartition(decidedAt ? 'decided' : 'requested'),
    gsi1sk: `${decidedAt ?? createdAt}#${priceMatchId}`,
    gsi3pk: clientPartitionKey(clientId),
    gsi3sk: `${CLIENT_PRICE_MATCH_INDEX_SK_PREFIX}${createdAt}#${priceMatchId}`,
  };
}

export function priceMatchListPartition(list: 'requested' | 'decided') {
  return `PRICE_MATCHES#${list}`;
}

export const CLIENT_PRICE_MATCH_INDEX_SK_PREFIX = 'PRICE_MATCH#';

/* ---------- Customer quotes (docs/decisions/0059-customer-quotes.md) ---------- */

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

/**
 * An entry of the audit log of staff actions (domain/audit): one item each, never changed. The log
 * is spread over AUDIT_LOG_SHARDS partitions by the entry's id, each newest first, so no one
 * partition takes every staff action (the owners' list merges them); listed by its record through
 * gsi1 and by the member of staff through gsi2. Sorted by time, then by the order one process wrote
 * them (`sequence`: the several entries of one request share its time).
 */
export function auditEntryKeys(entry: {
  id: string;
  at: string;
  sequence: number;
  staffId: string;
  record: { kind: string; id: string };
}) {
  const sortKey = `${entry.at}#${String(entry.sequence).padStart(12, '0')}#${entry.id}`;
  return {
    pk: auditShardPartition(auditShardOf(entry.id)),
    sk: sortKey,
    gsi1pk: auditRecordPartition(entry.record.kind, entry.record.id),
    gsi1sk: sortKey,
    gsi2pk: auditStaffPartition(entry.staffId),
    gsi2sk: sortKey,
  };
}

export const AUDIT_LOG_SHARDS = 4;

/** The shard of an entry: its id's first hex digit (a random UUID's), so entries spread evenly. */
function auditShardOf(entryId: string): number {
  return Number.parseInt(entryId.charAt(0), 16) % AUDIT_LOG_SHARDS;
}

export const AUDIT_PARTITION_PREFIX = 'AUDIT#';

export function auditShardPartition(shard: number) {
  return `${AUDIT_PARTITION_PREFIX}${shard}`;
}

export function auditRecordPartition(kind: string, recordId: string) {
  return `AUDIT_RECORD#${kind}#${recordId}`;
}

export function auditStaffPartition(staffId: string) {
  return `AUDIT_STAFF#${staffId}`;
}

/**
 * The lease on changes that could leave the shop without an owner (removing, disabling or changing
 * the roles of a member of staff): taken by a conditional put, so two such changes are made one
 * after the other. Holds the taker's token and when the lease runs out.
 */
export function staffChangeLeaseKeys() {
  return { pk: 'STAFF', sk: 'CHANGE_LEASE' };
}

/** A member of staff's token cut-off (functions/lib/staff-tokens.ts): one item per member, replaced whole. */
export function staffTokenCutOffKeys(userId: string) {
  return { pk: 'STAFF', sk: `TOKENS#${userId}` };
}

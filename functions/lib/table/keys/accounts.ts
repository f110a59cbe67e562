/**
 * The table's keys of clients' profiles and what hangs on a client (its closure, price list, credit
 * account and holds, Stripe customer, saved products), and sales leads (functions/accounts); see
 * ../README.md.
 */

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

/** The Stripe customer a client is invoiced as: one per client. */
export function stripeCustomerKeys(clientId: string) {
  return { pk: clientPartitionKey(clientId), sk: 'STRIPE_CUSTOMER' };
}

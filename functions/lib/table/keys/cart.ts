/** The table's keys of carts and their lines (functions/cart); see ../README.md. */

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

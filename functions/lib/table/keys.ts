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

export const CART_LINE_SK_PREFIX = 'LINE#';
export const CART_INDEX_SK_PREFIX = 'CART#';

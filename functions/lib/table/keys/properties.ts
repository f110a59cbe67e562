/**
 * The table's keys of clients' properties, their rooms and measured windows (functions/properties);
 * see ../README.md.
 */

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

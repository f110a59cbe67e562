/** The table's keys of browsers' WebSocket connections (functions/realtime); see ../README.md. */

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

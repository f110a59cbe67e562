/**
 * Open WebSocket connections, as $connect admitted them: a chat customer's (listed by its chat and
 * with every customer connection) or a staff member's (listed together). A record expires with its
 * connection: 10 minutes after the last sign of life (API Gateway's idle limit; clients ping every
 * 5) and never later than 2 hours after connecting (API Gateway's limit), and every read treats an
 * expired record as gone, so a connection whose $disconnect was lost stops counting on its own.
 */
import { epochSeconds, isExpired } from '../lib/table/expiry';
import { deleteItem, getItem, putItem, queryAll, recordOf, tryConditional, updateItem } from '../lib/table/items';
import {
  CHAT_CUSTOMER_CONNECTIONS_PARTITION,
  chatConnectionsPartition,
  chatCustomerConnectionIndexKeys,
  connectionKeys,
  STAFF_CONNECTIONS_PARTITION,
  staffConnectionIndexKeys,
} from '../lib/table/keys/realtime';

/** API Gateway closes every WebSocket connection after 2 hours, and one idle for 10 minutes. */
export const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;
export const CONNECTION_IDLE_MS = 10 * 60 * 1000;

export type ConnectionRole = 'customer' | 'staff';

export interface ConnectionRecord {
  connectionId: string;
  role: ConnectionRole;
  /** The chat of a customer connection; null for staff. */
  sessionId: string | null;
  /** The signed-in user (staff, or a customer who connected with their token); null for a visitor. */
  userId: string | null;
  connectedAt: string;
  expiresAt: number;
}

function expiryOf(connectedAt: Date, now: Date): number {
  return epochSeconds(
    new Date(Math.min(connectedAt.getTime() + CONNECTION_LIFETIME_MS, now.getTime() + CONNECTION_IDLE_MS)),
  );
}

export async function putConnection(connection: Omit<ConnectionRecord, 'expiresAt'>, now: Date): Promise<void> {
  const record: ConnectionRecord = { ...connection, expiresAt: expiryOf(new Date(connection.connectedAt), now) };
  const indexKeys =
    record.role === 'staff'
      ? staffConnectionIndexKeys(record.connectionId)
      : chatCustomerConnectionIndexKeys(record.sessionId!, record.connectionId);
  await putItem({ Item: { ...connectionKeys(record.connectionId), ...indexKeys, entity: 'connection', ...record } });
}

export async function readConnection(connectionId: string, now: Date): Promise<ConnectionRecord | undefined> {
  const item = await getItem(connectionKeys(connectionId), { consistent: true });
  if (!item || isExpired(item as { expiresAt?: number }, now)) return undefined;
  return recordOf<ConnectionRecord>(item);
}

/** The connection showed a sign of life: its record lives another idle period (within the 2 hours). Answers false for a record already gone. */
export function keepConnectionAlive(connection: ConnectionRecord, now: Date): Promise<boolean> {
  return tryConditional(
    updateItem({
      Key: connectionKeys(connection.connectionId),
      UpdateExpression: 'SET expiresAt = :expiresAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':expiresAt': expiryOf(new Date(connection.connectedAt), now) },
    }),
  );
}

/** Forgets a connection ($disconnect, or a push answered 410 Gone); answers what was stored, if anything. */
export async function removeConnection(connectionId: string): Promise<ConnectionRecord | undefined> {
  const removed = await deleteItem({ Key: connectionKeys(connectionId), ReturnValues: 'ALL_OLD' });
  return removed ? recordOf<ConnectionRecord>(removed) : undefined;
}

async function liveConnectionIds(index: 'gsi1' | 'gsi2', partition: string, now: Date): Promise<string[]> {
  const items = await queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':pk': partition, ':now': epochSeconds(now) },
    ProjectionExpression: 'connectionId',
  });
  return items.map((item) => String(item.connectionId));
}

export function customerConnectionIds(sessionId: string, now: Date): Promise<string[]> {
  return liveConnectionIds('gsi1', chatConnectionsPartition(sessionId), now);
}

export function staffConnectionIds(now: Date): Promise<string[]> {
  return liveConnectionIds('gsi1', STAFF_CONNECTIONS_PARTITION, now);
}

export function allCustomerConnectionIds(now: Date): Promise<string[]> {
  return liveConnectionIds('gsi2', CHAT_CUSTOMER_CONNECTIONS_PARTITION, now);
}

/** Whether any staff member is connected now. */
export async function isStaffOnline(now: Date): Promise<boolean> {
  return (await staffConnectionIds(now)).length > 0;
}

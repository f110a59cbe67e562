/**
 * A client's properties, rooms and windows in the client's partition (functions/lib/table/README.md).
 * Every function takes the client id from the verified caller, so one client never reaches another's.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_PROPERTY,
  defaultPropertyOf,
  propertyFrom,
  workflowTypeFor,
  type Property,
  type PropertyInput,
  type PropertyWindow,
  type PropertyWindowInput,
  type Room,
  type WindowLastOrder,
} from '#domain/properties/property';
import type { ScheduleRow } from '#domain/properties/schedule-csv';
import { Conflict, NotFound } from '#domain/errors';
import { epochSeconds, isExpired } from '../lib/table/expiry';
import {
  deleteItem,
  deleteItems,
  getItem,
  putItem,
  putItems,
  queryAll,
  recordOf,
  tryConditional,
  updateItem,
} from '../lib/table/items';
import { clientPartitionKey } from '../lib/table/keys/accounts';
import {
  PROPERTY_SK_PREFIX,
  propertyCountKeys,
  propertyKeys,
  propertyWindowKeys,
  PROPERTY_WINDOW_SK_PREFIX,
  propertyWindowSkPrefix,
  roomKeys,
  roomSkPrefix,
  WINDOW_LINE_SK_PREFIX,
  windowLineKeys,
} from '../lib/table/keys/properties';
import { transact, TransactionCancelled } from '../lib/table/transaction';

/** An id in the shape of a UUID derived from `text`: the same text, the same id, so a repeated write makes one record. */
function idFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

async function queryPrefix<T>(clientId: string, prefix: string): Promise<T[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': prefix },
    ConsistentRead: true,
  });
  return items.map((item) => recordOf<T>(item));
}

export const PROPERTY_NOT_FOUND = 'Property not found.';
export const LAST_PROPERTY_MESSAGE = 'You cannot delete your only property. Add another property first.';

/** The client's properties, oldest (the default) first. */
export async function listProperties(clientId: string): Promise<Property[]> {
  const properties = await queryPrefix<Property>(clientId, PROPERTY_SK_PREFIX);
  return properties.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The property, or 404 when the caller has no such property. */
export async function getProperty(clientId: string, propertyId: string): Promise<Property> {
  const item = await getItem(propertyKeys(clientId, propertyId), { consistent: true });
  if (!item) throw new NotFound(PROPERTY_NOT_FOUND);
  return recordOf<Property>(item);
}

function propertyItem(property: Property) {
  return { ...propertyKeys(property.clientId, property.id), entity: 'property', ...property };
}

/** The counter item of a client who has `count` properties (registration writes it with the Main Residence). */
export function propertyCountItem(clientId: string, count: number) {
  return { ...propertyCountKeys(clientId), entity: 'propertyCount', clientId, propertyCount: count };
}

/**
 * Makes sure the client's property counter exists. A client registered before the counter gets it
 * from one count of their properties: nothing can add or delete a property meanwhile, because both
 * transactions require the counter to exist, so two concurrent first counts find the same number
 * and the conditional put keeps one.
 */
async function ensurePropertyCount(clientId: string): Promise<void> {
  if (await getItem(propertyCountKeys(clientId), { consistent: true })) return;
  const count = (await queryPrefix<Property>(clientId, PROPERTY_SK_PREFIX)).length;
  // A concurrent first count put the same number first.
  await tryConditional(
    putItem({ Item: propertyCountItem(clientId, count), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Puts a new property and counts it in one transaction; false when a property with its id exists already. */
async function addProperty(property: Property): Promise<boolean> {
  await ensurePropertyCount(property.clientId);
  const outcome = await transact({
    property: { Put: { Item: propertyItem(property), ConditionExpression: 'attribute_not_exists(pk)' } },
    count: {
      Update: {
        Key: propertyCountKeys(property.clientId),
        UpdateExpression: 'SET propertyCount = propertyCount + :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  });
  if (outcome.committed) return true;
  if (outcome.failed.has('property')) return false;
  throw new TransactionCancelled(outcome.failed);
}

export async function createProperty(clientId: string, input: PropertyInput, now: Date): Promise<Property> {
  const property = propertyFrom(input, { id: randomUUID(), clientId }, now.toISOString());
  await addProperty(property);
  return property;
}

export async function updateProperty(
  clientId: string,
  propertyId: string,
  input: PropertyInput,
  now: Date,
): Promise<Property> {
  const existing = await getProperty(clientId, propertyId);
  const property: Property = {
    ...existing,
    ...input,
    workflowType: workflowTypeFor(input.propertyType),
    updatedAt: now.toISOString(),
  };
  const put = putItem({ Item: propertyItem(property), ConditionExpression: 'attribute_exists(pk)' });
  if (!(await tryConditional(put))) throw new NotFound(PROPERTY_NOT_FOUND);
  return property;
}

/**
 * The client's default property, made as 'Default Property' when they have none. Its id is derived
 * from the client id, so concurrent first calls make one property.
 */
export async function ensureDefaultProperty(clientId: string, now: Date): Promise<Property> {
  const existing = defaultPropertyOf(await listProperties(clientId));
  if (existing) return existing;
  const id = idFrom(`default-property#${clientId}`);
  await addProperty(propertyFrom(DEFAULT_PROPERTY, { id, clientId }, now.toISOString()));
  return getProperty(clientId, id);
}

/**
 * Deletes the property with its rooms and windows; the client's last property is kept. The property
 * and its counter change in one transaction conditioned on the client having more than one, so two
 * concurrent deletes can never remove the last two. Rooms and windows follow: every route reads
 * their property first, so once it is gone they are unreachable even before they are removed.
 */
export async function deleteProperty(clientId: string, propertyId: string): Promise<void> {
  await ensurePropertyCount(clientId);
  const outcome = await transact({
    property: { Delete: { Key: propertyKeys(clientId, propertyId), ConditionExpression: 'attribute_exists(pk)' } },
    count: {
      Update: {
        Key: propertyCountKeys(clientId),
        UpdateExpression: 'SET propertyCount = propertyCount - :one',
        ConditionExpression: 'propertyCount > :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
  });
  if (!outcome.committed) {
    if (outcome.failed.has('property')) throw new NotFound(PROPERTY_NOT_FOUND);
    throw new Conflict(LAST_PROPERTY_MESSAGE);
  }
  const [rooms, windows] = await Promise.all([listRooms(clientId, propertyId), listWindows(clientId, propertyId)]);
  await deleteItems([
    ...rooms.map((room) => roomKeys(clientId, propertyId, room.id)),
    ...windows.map((window) => propertyWindowKeys(clientId, propertyId, window.id)),
  ]);
}

export async function listRooms(clientId: string, propertyId: string): Promise<Room[]> {
  const rooms = await queryPrefix<Room>(clientId, roomSkPrefix(propertyId));
  return rooms.sort((a, b) => a.name.localeCompare(b.name));
}

export const DUPLICATE_ROOM_MESSAGE = 'This property already has a room with that name.';

export async function createRoom(clientId: string, propertyId: string, name: string): Promise<Room> {
  const rooms = await listRooms(clientId, propertyId);
  if (rooms.some((room) => room.name.toLowerCase() === name.toLowerCase()))
    throw new Conflict(DUPLICATE_ROOM_MESSAGE, { name: DUPLICATE_ROOM_MESSAGE });
  const room: Room = { id: randomUUID(), propertyId, name };
  await putItem({
    Item: { ...roomKeys(clientId, propertyId, room.id), entity: 'room', ...room },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  return room;
}

/** Removes the room; its windows keep their room name, so no measurement is lost. */
export async function deleteRoom(clientId: string, propertyId: string, roomId: string): Promise<void> {
  const deleted = deleteItem({
    Key: roomKeys(clientId, propertyId, roomId),
    ConditionExpression: 'attribute_exists(pk)',
  });
  if (!(await tryConditional(deleted))) throw new NotFound('Room not found.');
}

/** The property's windows in the order they were added. */
export async function listWindows(clientId: string, propertyId: string): Promise<PropertyWindow[]> {
  const windows = await queryPrefix<PropertyWindow>(clientId, propertyWindowSkPrefix(propertyId));
  return windows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Every window the client measured, at all their properties: what checkout's fit checks compare the cart with. */
export async function listClientWindows(clientId: string): Promise<PropertyWindow[]> {
  return queryPrefix<PropertyWindow>(clientId, PROPERTY_WINDOW_SK_PREFIX);
}

export async function putWindow(
  clientId: string,
  propertyId: string,
  windowId: string | null,
  input: PropertyWindowInput,
  now: Date,
): Promise<PropertyWindow> {
  const id = windowId ?? randomUUID();
  const keys = propertyWindowKeys(clientId, propertyId, id);
  let createdAt = now.toISOString();
  let lastOrder: WindowLastOrder | undefined;
  if (windowId) {
    const existing = await getItem(keys, { consistent: true });
    if (!existing) throw new NotFound('Window not found.');
    createdAt = existing.createdAt as string;
    // Editing a window's measurements keeps what it was last ordered with.
    lastOrder = existing.lastOrder as WindowLastOrder | undefined;
  }
  const window: PropertyWindow = {
    ...input,
    id,
    propertyId,
    createdAt,
    updatedAt: now.toISOString(),
    ...(lastOrder ? { lastOrder } : {}),
  };
  await putItem({
    Item: { ...keys, entity: 'propertyWindow', ...window },
    ConditionExpression: windowId ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
  });
  return window;
}

export async function deleteWindow(clientId: string, propertyId: string, windowId: string): Promise<void> {
  const deleted = deleteItem({
    Key: propertyWindowKeys(clientId, propertyId, windowId),
    ConditionExpression: 'attribute_exists(pk)',
  });
  if (!(await tryConditional(deleted))) throw new NotFound('Window not found.');
}

/**
 * Imports a schedule's valid rows as windows, with a room for each room name the property does
 * not have yet, in BatchWriteItem calls. Not one transaction (a schedule has up to 2,500 rows), so
 * it is made safe to run again instead: each window's id derives from `importKey` (the file's
 * digest) and its row, and each new room's from its name, so the same file imported again, after a
 * failure half-way or twice by mistake, writes the same items and duplicates nothing. Windows are
 * listed in the file's order (each a millisecond after the one before).
 */
export async function importWindows(
  clientId: string,
  propertyId: string,
  importKey: string,
  rows: readonly ScheduleRow[],
  now: Date,
): Promise<number> {
  const windows: PropertyWindow[] = rows.map(({ row, window }, position) => ({
    ...window,
    id: idFrom(`window-import#${importKey}#${row}`),
    propertyId,
    createdAt: new Date(now.getTime() + position).toISOString(),
    updatedAt: now.toISOString(),
  }));
  const known = new Set((await listRooms(clientId, propertyId)).map((room) => room.name.toLowerCase()));
  const newRooms = new Map<string, Room>();
  for (const { roomName } of windows) {
    const key = roomName.toLowerCase();
    if (roomName === '' || known.has(key) || newRooms.has(key)) continue;
    newRooms.set(key, { id: idFrom(`room#${propertyId}#${key}`), propertyId, name: roomName });
  }
  await putItems([
    ...[...newRooms.values()].map((room) => ({ ...roomKeys(clientId, propertyId, room.id), entity: 'room', ...room })),
    ...windows.map((window) => ({
      ...propertyWindowKeys(clientId, propertyId, window.id),
      entity: 'propertyWindow',
      ...window,
    })),
  ]);
  return windows.length;
}

/** How long a window's cart line is remembered: its order is paid well within it, or not from this cart. */
const WINDOW_LINE_DAYS = 365;

export interface WindowLine {
  lineId: string;
  propertyId: string;
  windowId: string;
}

/** Remembers which windows a window order's cart lines were added for, so their payment finds them. */
export async function rememberWindowLines(clientId: string, lines: readonly WindowLine[], now: Date): Promise<void> {
  const expiresAt = epochSeconds(now) + WINDOW_LINE_DAYS * 24 * 60 * 60;
  await putItems(
    lines.map((line) => ({
      ...windowLineKeys(clientId, line.lineId, line.propertyId, line.windowId),
      entity: 'windowLine',
      ...line,
      expiresAt,
    })),
  );
}

/**
 * The client's remembered window lines, by cart line id (any cart: the line id is the blind's and
 * room's): one Query of their partition, so a paid order of any size reads them once, and an order
 * of a client who never ordered windows finds none at the cost of one empty read.
 */
export async function windowLinesOf(clientId: string, now: Date): Promise<Map<string, WindowLine[]>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': WINDOW_LINE_SK_PREFIX },
  });
  const byLine = new Map<string, WindowLine[]>();
  for (const item of items) {
    if (isExpired(item, now)) continue;
    const { lineId, propertyId, windowId } = recordOf<WindowLine>(item);
    byLine.set(lineId, [...(byLine.get(lineId) ?? []), { lineId, propertyId, windowId }]);
  }
  return byLine;
}

/**
 * Records what the window was last ordered with, unless it is gone or holds a later payment's
 * already: a redelivered or late OrderPaid changes nothing.
 */
export async function recordLastOrder(
  clientId: string,
  propertyId: string,
  windowId: string,
  lastOrder: WindowLastOrder,
): Promise<void> {
  await tryConditional(
    updateItem({
      Key: propertyWindowKeys(clientId, propertyId, windowId),
      UpdateExpression: 'SET lastOrder = :lastOrder',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastOrder) OR lastOrder.paidAt <= :paidAt)',
      ExpressionAttributeValues: { ':lastOrder': lastOrder, ':paidAt': lastOrder.paidAt },
    }),
  );
}

/**
 * A client's properties, rooms and windows (customer routes). The client id is the verified
 * caller's, and every record lives in that client's partition: another client's property is a 404.
 */
import { createHash } from 'node:crypto';
import {
  defaultPropertyOf,
  propertyInputSchema,
  propertyWindowInputSchema,
  roomInputSchema,
} from '#domain/properties/property';
import {
  NO_VALID_ROWS_MESSAGE,
  parseScheduleCsv,
  scheduleCsvOf,
  scheduleFileName,
  skippedRows,
  type ScheduleImportResult,
} from '#domain/properties/schedule-csv';
import type { WindowSizes } from '#domain/properties/fit-check';
import { windowsOfRoom } from '#domain/properties/window-order';
import { authorizedCaller } from '../lib/caller';
import { csvBody, httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import {
  createProperty,
  createRoom,
  deleteProperty,
  deleteRoom,
  deleteWindow,
  ensureDefaultProperty,
  getProperty,
  importWindows,
  listClientWindows,
  listProperties,
  listRooms,
  listWindows,
  PROPERTY_NOT_FOUND,
  putWindow,
  updateProperty,
} from './property-store';

function pathParameter(event: HttpEvent, name: string, notFound: string): string {
  const value = event.pathParameters?.[name];
  if (!value) throw new HttpError(404, notFound);
  return value;
}

/** The caller's id and the property of the path, which must be theirs. */
async function ownedProperty(event: HttpEvent) {
  const clientId = authorizedCaller(event).userId;
  const property = await getProperty(clientId, pathParameter(event, 'propertyId', PROPERTY_NOT_FOUND));
  return { clientId, property };
}

/** GET /api/properties: oldest first; the first is the default. A client with none gets an empty list. */
export const listMyProperties = httpHandler(async (event) => {
  const properties = await listProperties(authorizedCaller(event).userId);
  return json(200, { properties, defaultPropertyId: defaultPropertyOf(properties)?.id ?? null });
});

/** POST /api/properties/default: the default property, made as 'Default Property' when the client has none. */
export const ensureMyDefaultProperty = httpHandler(async (event) => {
  const clientId = authorizedCaller(event).userId;
  await ensureDefaultProperty(clientId, new Date());
  const properties = await listProperties(clientId);
  return json(200, { properties, defaultPropertyId: defaultPropertyOf(properties)?.id ?? null });
});

/** POST /api/properties */
export const createMyProperty = httpHandler(async (event) => {
  const input = parseBody(event, propertyInputSchema);
  return json(201, { property: await createProperty(authorizedCaller(event).userId, input, new Date()) });
});

/** PUT /api/properties/{propertyId} */
export const updateMyProperty = httpHandler(async (event) => {
  const input = parseBody(event, propertyInputSchema);
  const clientId = authorizedCaller(event).userId;
  const propertyId = pathParameter(event, 'propertyId', PROPERTY_NOT_FOUND);
  return json(200, { property: await updateProperty(clientId, propertyId, input, new Date()) });
});

/** DELETE /api/properties/{propertyId}: with its rooms and windows; never the client's last property. */
export const deleteMyProperty = httpHandler(async (event) => {
  await deleteProperty(authorizedCaller(event).userId, pathParameter(event, 'propertyId', PROPERTY_NOT_FOUND));
  return json(200, { deleted: true });
});

/** GET /api/properties/{propertyId}/rooms */
export const listPropertyRooms = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  return json(200, { rooms: await listRooms(clientId, property.id) });
});

/** POST /api/properties/{propertyId}/rooms */
export const createPropertyRoom = httpHandler(async (event) => {
  const { name } = parseBody(event, roomInputSchema);
  const { clientId, property } = await ownedProperty(event);
  return json(201, { room: await createRoom(clientId, property.id, name) });
});

/** DELETE /api/properties/{propertyId}/rooms/{roomId} */
export const deletePropertyRoom = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  await deleteRoom(clientId, property.id, pathParameter(event, 'roomId', 'Room not found.'));
  return json(200, { deleted: true });
});

/** GET /api/properties/{propertyId}/windows?room=<name> */
export const listPropertyWindows = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  const room = event.queryStringParameters?.room?.trim() || undefined;
  return json(200, { windows: windowsOfRoom(await listWindows(clientId, property.id), room) });
});

/**
 * GET /api/properties/window-sizes: the sizes of every window the caller measured, at all their
 * properties, and nothing else of them: the configurator asks whether a size typed is a window's
 * width and height swapped (domain/properties/fit-check.ts).
 */
export const listMyWindowSizes = httpHandler(async (event) => {
  const windows = await listClientWindows(authorizedCaller(event).userId);
  return json(200, {
    windows: windows.map(({ widthTop, widthMiddle, widthBottom, height }): WindowSizes => ({
      widthTop,
      widthMiddle,
      widthBottom,
      height,
    })),
  });
});

/** POST /api/properties/{propertyId}/windows */
export const createPropertyWindow = httpHandler(async (event) => {
  const input = parseBody(event, propertyWindowInputSchema);
  const { clientId, property } = await ownedProperty(event);
  return json(201, { window: await putWindow(clientId, property.id, null, input, new Date()) });
});

/** PUT /api/properties/{propertyId}/windows/{windowId} */
export const updatePropertyWindow = httpHandler(async (event) => {
  const input = parseBody(event, propertyWindowInputSchema);
  const { clientId, property } = await ownedProperty(event);
  const windowId = pathParameter(event, 'windowId', 'Window not found.');
  return json(200, { window: await putWindow(clientId, property.id, windowId, input, new Date()) });
});

/** DELETE /api/properties/{propertyId}/windows/{windowId} */
export const deletePropertyWindow = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  await deleteWindow(clientId, property.id, pathParameter(event, 'windowId', 'Window not found.'));
  return json(200, { deleted: true });
});

/**
 * POST /api/properties/{propertyId}/windows/import: a window schedule (text/csv, or JSON { csv }),
 * read again here with the browser preview's reader. Every valid row becomes a window and every
 * other row is skipped whole, named with its problems. The same file imported again writes the
 * same windows (importWindows), so a retry never duplicates.
 */
export const importPropertyWindows = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  const text = csvBody(event, 'schedule');
  const schedule = parseScheduleCsv(text);
  if (schedule.fileProblems.length > 0)
    return json(400, { message: schedule.fileProblems[0], fileProblems: schedule.fileProblems });
  const result: ScheduleImportResult = { imported: 0, skippedRows: skippedRows(schedule), problems: schedule.problems };
  if (schedule.rows.length === 0) return json(400, { message: NO_VALID_ROWS_MESSAGE, ...result });
  const importKey = createHash('sha256').update(`${property.id}\n`).update(text).digest('base64url');
  result.imported = await importWindows(clientId, property.id, importKey, schedule.rows, new Date());
  return json(201, result);
});

/** GET /api/properties/{propertyId}/windows/export: the property's windows as a schedule, which imports as it is. */
export const exportPropertyWindows = httpHandler(async (event) => {
  const { clientId, property } = await ownedProperty(event);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${scheduleFileName(property.name)}"`,
      'cache-control': 'no-store',
    },
    body: scheduleCsvOf(await listWindows(clientId, property.id)),
  };
});

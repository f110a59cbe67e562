/**
 * POST /api/properties/{propertyId}/window-orders: every chosen window of the caller's property
 * (or one room of it) priced here with the current grids and added to the caller's cart, one line
 * per window size, labelled with its room (addPricedBlinds).
 */
import {
  NO_ITEMS_ADDED_MESSAGE,
  NO_WINDOWS_MESSAGE,
  roomLabelOf,
  windowConfiguration,
  windowOrderRequestSchema,
  windowsOfRoom,
  type WindowOrderResult,
} from '#domain/properties/window-order';
import { visitorOf } from '../cart/cart-api';
import { addPricedBlinds } from '../cart/priced-adds';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { PROPERTY_NOT_FOUND, getProperty, listWindows } from './property-store';

export const createWindowOrder = httpHandler(async (event) => {
  const request = parseBody(event, windowOrderRequestSchema);
  const clientId = authorizedCaller(event).userId;
  const visitor = { ...(await visitorOf(event)), clientId };
  const propertyId = event.pathParameters?.propertyId;
  if (!propertyId) throw new HttpError(404, PROPERTY_NOT_FOUND);
  const property = await getProperty(clientId, propertyId);

  const wanted = request.windowIds ? new Set(request.windowIds) : null;
  const windows = windowsOfRoom(await listWindows(clientId, property.id), request.roomName).filter(
    (window) => !wanted || wanted.has(window.id),
  );
  if (windows.length === 0) throw new HttpError(404, NO_WINDOWS_MESSAGE);

  const { added, failures } = await addPricedBlinds(
    visitor,
    windows.map((window) => ({ configuration: windowConfiguration(window, request), roomLabel: roomLabelOf(window) })),
    new Date(),
  );
  const windowFailures = failures.map(({ index, message }) => ({ windowId: windows[index]!.id, message }));
  if (added.length === 0) {
    return json(400, {
      message: NO_ITEMS_ADDED_MESSAGE,
      addedCount: 0,
      totalCents: 0,
      failures: windowFailures,
    } satisfies WindowOrderResult & { message: string });
  }
  const result: WindowOrderResult = {
    addedCount: added.length,
    totalCents: added.reduce((sum, { quantity, unitCents }) => sum + unitCents * quantity, 0),
    failures: windowFailures,
  };
  return json(201, result);
});

/**
 * Ordering a property's windows: POST /api/properties/{propertyId}/window-orders prices every chosen
 * window of the caller's property (or one room of it) with the current grids and adds it to the
 * caller's cart, one line per window size, labelled with where the window is (addPricedBlinds);
 * POST /api/properties/{propertyId}/window-reorders adds each chosen window as it was last ordered.
 * Each remembers which windows its lines were added for, so their payment records what each window
 * was ordered with (windows-ordered.ts).
 */
import type { PropertyWindow } from '#domain/properties/property';
import {
  NO_ITEMS_ADDED_MESSAGE,
  NO_WINDOWS_MESSAGE,
  roomLabelOf,
  WINDOW_REORDER_MESSAGES,
  windowConfiguration,
  windowOrderRequestSchema,
  windowReorderRequestSchema,
  windowsOfRoom,
  type WindowOrderResult,
  type WindowReorderResult,
} from '#domain/properties/window-order';
import type { Configuration } from '#domain/pricing/configuration';
import { visitorOf } from '../cart/visitor';
import type { Visitor } from '../cart/cart-store';
import { addPricedBlinds } from '../cart/priced-adds';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { PROPERTY_NOT_FOUND, getProperty, listWindows, rememberWindowLines } from './property-store';

/** The caller (with this browser's cart) and the windows of their property of the path. */
async function callersWindows(event: HttpEvent) {
  const clientId = authorizedCaller(event).userId;
  const visitor = { ...(await visitorOf(event)), clientId };
  const propertyId = event.pathParameters?.propertyId;
  if (!propertyId) throw new HttpError(404, PROPERTY_NOT_FOUND);
  const property = await getProperty(clientId, propertyId);
  return { visitor, propertyId: property.id, windows: await listWindows(clientId, property.id) };
}

interface WindowBlind {
  window: PropertyWindow;
  configuration: Configuration;
  roomLabel: string | null;
}

/** Adds the windows' blinds to the cart and remembers the windows of each line added. */
async function addWindowBlinds(
  visitor: Visitor & { clientId: string },
  propertyId: string,
  blinds: readonly WindowBlind[],
): Promise<WindowOrderResult> {
  const now = new Date();
  const { added, failures } = await addPricedBlinds(visitor, blinds, now);
  await rememberWindowLines(
    visitor.clientId,
    added.map(({ index, lineId }) => ({ lineId, propertyId, windowId: blinds[index]!.window.id })),
    now,
  );
  return {
    addedCount: added.reduce((sum, { quantity }) => sum + quantity, 0),
    totalCents: added.reduce((sum, { quantity, unitCents }) => sum + unitCents * quantity, 0),
    failures: failures.map(({ index, message }) => ({ windowId: blinds[index]!.window.id, message })),
  };
}

export const createWindowOrder = httpHandler(async (event) => {
  const request = parseBody(event, windowOrderRequestSchema);
  const { visitor, propertyId, windows: all } = await callersWindows(event);
  const wanted = request.windowIds ? new Set(request.windowIds) : null;
  const windows = windowsOfRoom(all, request.roomName).filter((window) => !wanted || wanted.has(window.id));
  if (windows.length === 0) throw new HttpError(404, NO_WINDOWS_MESSAGE);

  const result = await addWindowBlinds(
    visitor,
    propertyId,
    windows.map((window) => ({
      window,
      configuration: windowConfiguration(window, request),
      roomLabel: roomLabelOf(window),
    })),
  );
  if (result.addedCount === 0) return json(400, { message: NO_ITEMS_ADDED_MESSAGE, ...result });
  return json(201, result);
});

/**
 * "Order again" at unit turnover: each window asked for, as its last paid order had it (the same
 * blind and room label), priced today. Windows never ordered are named in `neverOrdered`; when none
 * of them was, nothing is added (400).
 */
export const reorderWindows = httpHandler(async (event) => {
  const { windowIds } = parseBody(event, windowReorderRequestSchema);
  const { visitor, propertyId, windows } = await callersWindows(event);
  const wanted = new Set(windowIds);
  const chosen = windows.filter((window) => wanted.has(window.id));
  if (chosen.length === 0) throw new HttpError(404, NO_WINDOWS_MESSAGE);
  const ordered = chosen.filter((window) => window.lastOrder);
  const neverOrdered = chosen.filter((window) => !window.lastOrder).map((window) => window.id);
  if (ordered.length === 0)
    return json(400, {
      message: WINDOW_REORDER_MESSAGES.neverOrdered,
      addedCount: 0,
      totalCents: 0,
      failures: [],
      neverOrdered,
    } satisfies WindowReorderResult & { message: string });
  const result = await addWindowBlinds(
    visitor,
    propertyId,
    ordered.map((window) => ({
      window,
      configuration: window.lastOrder!.configuration,
      roomLabel: window.lastOrder!.roomLabel,
    })),
  );
  const answer: WindowReorderResult = { ...result, neverOrdered };
  return json(
    result.addedCount === 0 ? 400 : 201,
    result.addedCount === 0 ? { message: NO_ITEMS_ADDED_MESSAGE, ...answer } : answer,
  );
});

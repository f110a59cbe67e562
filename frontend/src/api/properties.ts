/** The signed-in client's properties, rooms and windows, and ordering a set of windows. */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { Property, PropertyInput, PropertyWindow, PropertyWindowInput, Room } from '#domain/properties/property';
import type { WindowSizes } from '#domain/properties/fit-check';
import type { ScheduleImportResult } from '#domain/properties/schedule-csv';
import type {
  WindowOrderRequest,
  WindowOrderResult,
  WindowReorderRequest,
  WindowReorderResult,
} from '#domain/properties/window-order';
import { shoppingSessionId } from '../lib/shopping-session';
import { announceCartChanged } from './cart';
import { apiRequest } from './client';

export type { Property, PropertyInput, PropertyWindow, PropertyWindowInput, Room } from '#domain/properties/property';

export interface PropertyList {
  properties: Property[];
  defaultPropertyId: string | null;
}

const property = (id: string) => `/properties/${encodeURIComponent(id)}`;

/** The sizes of every window the client measured, at all their properties (the configurator's swapped-size question). */
export async function fetchWindowSizes(): Promise<WindowSizes[]> {
  return (await apiRequest<{ windows: WindowSizes[] }>('/properties/window-sizes', { auth: true })).windows;
}

export function fetchProperties(): Promise<PropertyList> {
  return apiRequest<PropertyList>('/properties', { auth: true });
}

/** The list, after making the 'Default Property' if the client has none. */
export function ensureDefaultProperty(): Promise<PropertyList> {
  return apiRequest<PropertyList>('/properties/default', { method: 'POST', auth: true });
}

export async function saveProperty(id: string | null, input: PropertyInput): Promise<Property> {
  const body = await apiRequest<{ property: Property }>(id ? property(id) : '/properties', {
    method: id ? 'PUT' : 'POST',
    body: input,
    auth: true,
  });
  return body.property;
}

export async function deleteProperty(id: string): Promise<void> {
  await apiRequest(property(id), { method: 'DELETE', auth: true });
}

export async function fetchRooms(propertyId: string): Promise<Room[]> {
  return (await apiRequest<{ rooms: Room[] }>(`${property(propertyId)}/rooms`, { auth: true })).rooms;
}

export async function addRoom(propertyId: string, name: string): Promise<Room> {
  return (
    await apiRequest<{ room: Room }>(`${property(propertyId)}/rooms`, { method: 'POST', body: { name }, auth: true })
  ).room;
}

export async function deleteRoom(propertyId: string, roomId: string): Promise<void> {
  await apiRequest(`${property(propertyId)}/rooms/${encodeURIComponent(roomId)}`, { method: 'DELETE', auth: true });
}

export async function fetchWindows(propertyId: string, roomName?: string): Promise<PropertyWindow[]> {
  const query = roomName ? `?room=${encodeURIComponent(roomName)}` : '';
  return (await apiRequest<{ windows: PropertyWindow[] }>(`${property(propertyId)}/windows${query}`, { auth: true }))
    .windows;
}

export async function saveWindow(
  propertyId: string,
  windowId: string | null,
  input: PropertyWindowInput,
): Promise<PropertyWindow> {
  const path = windowId
    ? `${property(propertyId)}/windows/${encodeURIComponent(windowId)}`
    : `${property(propertyId)}/windows`;
  return (
    await apiRequest<{ window: PropertyWindow }>(path, { method: windowId ? 'PUT' : 'POST', body: input, auth: true })
  ).window;
}

export async function deleteWindow(propertyId: string, windowId: string): Promise<void> {
  await apiRequest(`${property(propertyId)}/windows/${encodeURIComponent(windowId)}`, { method: 'DELETE', auth: true });
}

/** A large order of windows (hundreds) takes seconds on the server, more than a read's time-out. */
const WINDOW_ORDER_TIMEOUT_MS = 29_000;

/** A property's windows into this browser's cart (its shopping session), priced by the server. */
async function addWindowsToCart<T>(propertyId: string, path: string, request: unknown, quietly: boolean): Promise<T> {
  const result = await apiRequest<T>(`${property(propertyId)}/${path}`, {
    method: 'POST',
    body: request,
    auth: true,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
    timeoutMs: WINDOW_ORDER_TIMEOUT_MS,
  });
  if (!quietly) announceCartChanged();
  return result;
}

/**
 * Adds the windows to the cart; the badge refreshes unless `quietly` (the page sends a large
 * selection in parts, and refreshes it at the end).
 */
export function orderWindows(
  propertyId: string,
  request: WindowOrderRequest,
  { quietly = false } = {},
): Promise<WindowOrderResult> {
  return addWindowsToCart(propertyId, 'window-orders', request, quietly);
}

/** Adds the windows as each was last ordered (quietly, as orderWindows can). */
export function reorderWindows(
  propertyId: string,
  request: WindowReorderRequest,
  { quietly = false } = {},
): Promise<WindowReorderResult> {
  return addWindowsToCart(propertyId, 'window-reorders', request, quietly);
}

/** Imports a window schedule; the server reads it again and answers what it imported and skipped. */
export function importSchedule(propertyId: string, csv: string): Promise<ScheduleImportResult> {
  return apiRequest<ScheduleImportResult>(`${property(propertyId)}/windows/import`, {
    method: 'POST',
    body: { csv },
    auth: true,
    timeoutMs: WINDOW_ORDER_TIMEOUT_MS,
  });
}

/** The property's windows as a schedule CSV. */
export function exportSchedule(propertyId: string): Promise<string> {
  return apiRequest<string>(`${property(propertyId)}/windows/export`, { auth: true, responseAs: 'text' });
}

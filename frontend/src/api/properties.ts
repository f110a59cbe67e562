/** The signed-in client's properties, rooms and windows, and ordering a set of windows. */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { Property, PropertyInput, PropertyWindow, PropertyWindowInput, Room } from '#domain/properties/property';
import type { WindowOrderRequest, WindowOrderResult } from '#domain/properties/window-order';
import { shoppingSessionId } from '../lib/shopping-session';
import { CART_UPDATED_EVENT } from './cart';
import { apiRequest } from './client';

export type { Property, PropertyInput, PropertyWindow, PropertyWindowInput, Room } from '#domain/properties/property';

export interface PropertyList {
  properties: Property[];
  defaultPropertyId: string | null;
}

const property = (id: string) => `/properties/${encodeURIComponent(id)}`;

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

/** Adds the windows to this browser's cart (its shopping session), priced by the server; the badge refreshes. */
export async function orderWindows(propertyId: string, request: WindowOrderRequest): Promise<WindowOrderResult> {
  const result = await apiRequest<WindowOrderResult>(`${property(propertyId)}/window-orders`, {
    method: 'POST',
    body: request,
    auth: true,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
  return result;
}

/** A client's orders (My Account) and the public order tracking. */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { InvoiceLink, MyOrdersResponse, OrderDetail, OrderSummary, TrackedOrder } from '#domain/orders/responses';
import type { ReorderResult } from '#domain/orders/reorder';
import { shoppingSessionId } from '../lib/shopping-session';
import { announceCartChanged } from './cart';
import { ApiError, apiRequest } from './client';

export type { OrderDetail, OrderSummary, TrackedOrder } from '#domain/orders/responses';

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** The signed-in client's orders, newest first. */
export async function fetchMyOrders(options: { signal?: AbortSignal } = {}): Promise<OrderSummary[]> {
  return (await apiRequest<MyOrdersResponse>('/orders', { auth: true, signal: options.signal })).orders;
}

export function fetchOrder(orderId: string, options: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(orderPath(orderId), { auth: true, signal: options.signal });
}

export type InvoiceLinkResult = { kind: 'ready'; link: InvoiceLink } | { kind: 'notReady'; message: string };

/** A short-lived download link of the order's invoice PDF; 'notReady' while it is being prepared. */
export async function fetchInvoiceLink(orderId: string): Promise<InvoiceLinkResult> {
  try {
    return { kind: 'ready', link: await apiRequest<InvoiceLink>(`${orderPath(orderId)}/invoice`, { auth: true }) };
  } catch (error) {
    // 404 is also the answer for an order that is not the caller's, which this page never asks about.
    if (error instanceof ApiError && error.status === 404) return { kind: 'notReady', message: error.message };
    throw error;
  }
}

/** Puts the order's blinds (all, or the positions chosen) back in this browser's cart at today's prices; the badge refreshes. */
export async function reorder(orderId: string, positions?: number[]): Promise<ReorderResult> {
  const result = await apiRequest<ReorderResult>(`${orderPath(orderId)}/reorder`, {
    method: 'POST',
    body: positions ? { positions } : {},
    auth: true,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
  announceCartChanged();
  return result;
}

/** The customer cancels their order before it is in production; answers the order cancelled (ApiError 409 with why not). */
export function cancelOrder(orderId: string): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(`${orderPath(orderId)}/cancel`, { method: 'POST', body: {}, auth: true });
}

export type TrackOrderResult =
  | { kind: 'found'; order: TrackedOrder }
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'notFound' }
  | { kind: 'failed'; message?: string };

/** Anyone with the order number and its e-mail sees the order; a wrong one of the two is 'notFound' either way. */
export async function trackOrder(orderNumber: string, email: string): Promise<TrackOrderResult> {
  try {
    const order = await apiRequest<TrackedOrder>(`/track-order?${new URLSearchParams({ orderNumber, email })}`);
    return { kind: 'found', order };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed' };
    if (error.status === 404) return { kind: 'notFound' };
    if (error.status === 400 && Object.keys(error.fieldErrors).length > 0)
      return { kind: 'invalid', fieldErrors: error.fieldErrors };
    // Past the look-ups one address may make in an hour: the server's sentence says when to try again.
    if (error.status === 429) return { kind: 'failed', message: error.message };
    return { kind: 'failed' };
  }
}

/** Customer quotes: saving one, My Account's list and page, the share page, and the admin Quotes tab (routes in functions/customer-quotes/routes.ts). */
import type {
  AdminQuoteDetail,
  AdminQuoteSummary,
  CreateQuoteRequest,
  CustomerQuoteView,
  EmailQuoteRequest,
  QuoteSummary,
  QuoteVersionRequest,
  SharedQuoteView,
} from '#domain/customer-quotes/customer-quote';
import type { PlaceOrderResponse } from '#domain/checkout/checkout';
import { SESSION_ID_HEADER } from '#domain/cart/session';
import { shoppingSessionId } from '../lib/shopping-session';
import { apiRequest } from './client';

export type { AdminQuoteDetail, AdminQuoteSummary, CustomerQuoteView, QuoteSummary, SharedQuoteView };

const auth = true;
const path = (quoteId: string, rest = '') => `/customer-quotes/${encodeURIComponent(quoteId)}${rest}`;
const sharedPath = (token: string, rest = '') => `/customer-quotes/shared/${encodeURIComponent(token)}${rest}`;

/** Without `lines`, the quote is of the cart of this browser's shopping session. */
export function createCustomerQuote(body: CreateQuoteRequest): Promise<CustomerQuoteView> {
  return apiRequest<CustomerQuoteView>('/customer-quotes', {
    method: 'POST',
    body,
    auth,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
}

export async function fetchMyQuotes(options: { signal?: AbortSignal } = {}): Promise<QuoteSummary[]> {
  return (await apiRequest<{ quotes: QuoteSummary[] }>('/customer-quotes', { auth, signal: options.signal })).quotes;
}

export function fetchMyQuote(quoteId: string, options: { signal?: AbortSignal } = {}): Promise<CustomerQuoteView> {
  return apiRequest<CustomerQuoteView>(path(quoteId), { auth, signal: options.signal });
}

/** The printable quote: the owner's, or the share link's. */
export function fetchQuotePdf(from: { quoteId: string } | { token: string }): Promise<Blob> {
  const pdfPath = 'token' in from ? sharedPath(from.token, '/pdf') : path(from.quoteId, '/pdf');
  return apiRequest<Blob>(pdfPath, { auth: !('token' in from), responseAs: 'blob', timeoutMs: 30_000 });
}

export function emailQuote(quoteId: string, body: EmailQuoteRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(path(quoteId, '/email'), { method: 'POST', body, auth });
}

export function acceptQuote(quoteId: string): Promise<PlaceOrderResponse> {
  return apiRequest<PlaceOrderResponse>(path(quoteId, '/accept'), {
    method: 'POST',
    auth,
    timeoutMs: 30_000,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
}

export function fetchSharedQuote(token: string, options: { signal?: AbortSignal } = {}): Promise<SharedQuoteView> {
  return apiRequest<SharedQuoteView>(sharedPath(token), { signal: options.signal });
}

export function fetchQuotesPage(
  cursor: string | null,
): Promise<{ quotes: AdminQuoteSummary[]; nextCursor: string | null }> {
  const query = new URLSearchParams(cursor ? { cursor } : {});
  return apiRequest(`/admin/customer-quotes?${query}`, { auth });
}

export function fetchQuoteForStaff(quoteId: string): Promise<AdminQuoteDetail> {
  return apiRequest<AdminQuoteDetail>(`/admin${path(quoteId)}`, { auth });
}

export function issueQuoteVersion(quoteId: string, body: QuoteVersionRequest): Promise<AdminQuoteDetail> {
  return apiRequest<AdminQuoteDetail>(`/admin${path(quoteId, '/versions')}`, { method: 'POST', body, auth });
}

/** The staff routes the admin area calls; each sends the signed-in user's access token. */
import type { ClientsPage, LeadsPage } from '#domain/accounts/customer-directory';
import type { AccountClosureAnswer } from '#domain/accounts/privacy';
import type { GridKind, GridRow } from '#domain/catalogue/grids/types';
import type { OrderBatchRequest, OrderTransitionRequest } from '#domain/orders/requests';
import type { AdminOrderDetail, AdminOrdersPage, OrderBatchResult } from '#domain/orders/responses';
import type { OrderListing } from '#domain/orders/statuses';
import type { LineTransitionRequest } from '#domain/orders/line-status';
import type { CreditAccountView, PaymentTermsInput } from '#domain/accounts/payment-terms';
import type { ClientPriceList } from '#domain/pricing/price-list';
import type { StaffRole } from '#domain/staff/roles';
import type { ClientPriceListInput } from '#domain/pricing/price-list-schema';
import { ApiError, apiRequest } from '../../api/client';
import type { VolumeTable } from '#domain/pricing/volume-tables';
import type { VolumeTableInput } from '#domain/pricing/volume-table-schema';

export interface GridVersionSummary {
  version: string;
  uploadedAt: string;
  uploadedBy: string;
  rowCount: number;
  current: boolean;
}

export interface GridVersions {
  kind: GridKind;
  currentVersion: string | null;
  versions: GridVersionSummary[];
}

export interface GridChanges {
  added: GridRow<GridKind>[];
  removed: GridRow<GridKind>[];
  changed: { before: GridRow<GridKind>; after: GridRow<GridKind> }[];
}

export type GridPreview = { ok: true; changes: GridChanges; rowCount: number } | { ok: false; problems: string[] };

export interface GridReplaced {
  kind: GridKind;
  version: string;
  previousVersion: string | null;
  uploadedAt: string;
  rowCount: number;
}

/** The caller's staff roles, when the API says they are staff; rejects with ApiError 401 (not signed in) or 403 (not staff). */
export async function verifyAdminSession(): Promise<StaffRole[]> {
  return (await apiRequest<{ isAdmin: true; roles: StaffRole[] }>('/admin/session', { auth: true })).roles;
}

const gridPath = (kind: GridKind) => `/admin/price-grids/${encodeURIComponent(kind)}`;

export function fetchGridVersions(kind: GridKind): Promise<GridVersions> {
  return apiRequest<GridVersions>(`${gridPath(kind)}/versions`, { auth: true });
}

export function downloadGridVersion(kind: GridKind, version: string): Promise<string> {
  return apiRequest<string>(`${gridPath(kind)}/versions/${encodeURIComponent(version)}`, {
    auth: true,
    responseAs: 'text',
  });
}

/** A grid the server refused answers 400 with the problems, each naming its row. */
function refusal(error: unknown): { ok: false; problems: string[] } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const problems = (error.body as { problems?: unknown } | undefined)?.problems;
  return Array.isArray(problems) ? { ok: false, problems: problems.map(String) } : undefined;
}

export async function previewGrid(kind: GridKind, csv: string): Promise<GridPreview> {
  try {
    return await apiRequest<GridPreview>(`${gridPath(kind)}/preview`, { method: 'POST', body: { csv }, auth: true });
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
}

/**
 * Uploads the grid as the new current version. `previewedVersion` is the version the preview was
 * made against: if the grid changed since, the API answers 409 and nothing is written.
 */
export async function replaceGrid(
  kind: GridKind,
  csv: string,
  previewedVersion: string | null,
): Promise<({ ok: true } & GridReplaced) | { ok: false; problems: string[] }> {
  try {
    const replaced = await apiRequest<GridReplaced>(gridPath(kind), {
      method: 'PUT',
      body: { csv },
      auth: true,
      headers: previewedVersion ? { 'if-match': `"${previewedVersion}"` } : {},
    });
    return { ok: true, ...replaced };
  } catch (error) {
    const refused = refusal(error);
    if (refused) return refused;
    throw error;
  }
}

function pagePath(path: string, cursor: string | null): string {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
}

/** One page of the clients by name; `cursor` is the previous page's `nextCursor` (null for the first). */
export function fetchClientsPage(cursor: string | null): Promise<ClientsPage> {
  return apiRequest<ClientsPage>(pagePath('/admin/clients', cursor), { auth: true });
}

/** A client's data export, for a request made by mail: the JSON file's text. */
export function fetchClientDataExport(clientId: string): Promise<string> {
  return apiRequest<string>(`/admin/clients/${encodeURIComponent(clientId)}/data-export`, {
    auth: true,
    responseAs: 'text',
    timeoutMs: 30_000,
  });
}

/** Closes a client's account for a request made by mail (409 with the reason when it cannot be now). */
export function closeClientAccount(clientId: string, confirmEmail: string): Promise<AccountClosureAnswer> {
  return apiRequest<AccountClosureAnswer>(`/admin/clients/${encodeURIComponent(clientId)}/closure`, {
    method: 'POST',
    auth: true,
    body: { confirmEmail },
    timeoutMs: 30_000,
  });
}

/** A client's price list (contract prices), or null when staff gave none. */
export function fetchClientPriceList(clientId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest<{ priceList: ClientPriceList | null }>(
    `/admin/clients/${encodeURIComponent(clientId)}/price-list`,
    {
      auth: true,
      signal,
    },
  );
}

/** Sets the client's price list, replacing any; a 400 names each bad field. */
export function saveClientPriceList(clientId: string, input: ClientPriceListInput) {
  return apiRequest<{ priceList: ClientPriceList }>(`/admin/clients/${encodeURIComponent(clientId)}/price-list`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

/** Removes the client's price list: they buy at list prices again. */
export function removeClientPriceList(clientId: string) {
  return apiRequest<{ priceList: null }>(`/admin/clients/${encodeURIComponent(clientId)}/price-list`, {
    method: 'DELETE',
    auth: true,
  });
}

/** One page of the leads, newest first. */
export function fetchLeadsPage(cursor: string | null): Promise<LeadsPage> {
  return apiRequest<LeadsPage>(pagePath('/admin/leads', cursor), { auth: true });
}

export interface AdminOrdersFilter {
  /** A listing, or the open orders that will miss their promised date. */
  status: OrderListing | 'missesPromise' | null;
  /** An order number or a customer's e-mail. */
  search: string;
}

/** One page of the orders, newest first, of one status or matching the search when given. */
export function fetchAdminOrdersPage(filter: AdminOrdersFilter, cursor: string | null): Promise<AdminOrdersPage> {
  const query = new URLSearchParams();
  if (filter.status === 'missesPromise') query.set('missesPromise', 'true');
  else if (filter.status) query.set('status', filter.status);
  if (filter.search.trim()) query.set('q', filter.search.trim());
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return apiRequest<AdminOrdersPage>(text ? `/admin/orders?${text}` : '/admin/orders', { auth: true });
}

const adminOrderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** The order with its history, oldest first. */
export function fetchAdminOrder(orderId: string): Promise<AdminOrderDetail> {
  return apiRequest<AdminOrderDetail>(adminOrderPath(orderId), { auth: true });
}

/**
 * Ships, delivers or cancels the order; answers the order after the change. Rejects with an
 * ApiError: 409 with the reason when the transition table does not allow it, 400 naming a field.
 */
export function transitionOrder(orderId: string, request: OrderTransitionRequest): Promise<AdminOrderDetail> {
  return apiRequest<AdminOrderDetail>(`${adminOrderPath(orderId)}/transitions`, {
    method: 'POST',
    body: request,
    auth: true,
  });
}

/** One line of an order backordered, remade, put back or cancelled (its share refunded), with the note the customer reads. */
export function transitionOrderLine(
  orderId: string,
  position: number,
  request: LineTransitionRequest,
): Promise<AdminOrderDetail> {
  return apiRequest<AdminOrderDetail>(`${adminOrderPath(orderId)}/lines/${position}/transitions`, {
    method: 'POST',
    body: request,
    auth: true,
  });
}

/** One staff action for each selected order (a production batch): which moved, and which did not and why. */
export function transitionOrders(request: OrderBatchRequest): Promise<OrderBatchResult> {
  return apiRequest<OrderBatchResult>('/admin/orders/transitions', { method: 'POST', body: request, auth: true });
}

export function fetchVolumeTables(): Promise<{ tables: VolumeTable[] }> {
  return apiRequest<{ tables: VolumeTable[] }>('/admin/volume-tiers', { auth: true });
}

export function saveVolumeTable(input: VolumeTableInput): Promise<VolumeTable> {
  return apiRequest<VolumeTable>('/admin/volume-tiers', { method: 'POST', body: input, auth: true });
}

/** A client's payment terms and credit (issue 28), or null when they were never approved (404). */
export async function fetchClientPaymentTerms(
  clientId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CreditAccountView | null> {
  try {
    return await apiRequest<CreditAccountView>(`/admin/clients/${encodeURIComponent(clientId)}/payment-terms`, {
      auth: true,
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http' && error.status === 404) return null;
    throw error;
  }
}

/** Approves the client for terms with a limit, or changes them (what open orders hold stays held). */
export function saveClientPaymentTerms(clientId: string, input: PaymentTermsInput) {
  return apiRequest<CreditAccountView>(`/admin/clients/${encodeURIComponent(clientId)}/payment-terms`, {
    method: 'PUT',
    body: input,
    auth: true,
  });
}

/** Withdraws the client's terms: no new order on account; open orders keep their holds. */
export function withdrawClientPaymentTerms(clientId: string) {
  return apiRequest<CreditAccountView>(`/admin/clients/${encodeURIComponent(clientId)}/payment-terms`, {
    method: 'DELETE',
    auth: true,
  });
}

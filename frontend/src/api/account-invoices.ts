/**
 * Account invoices (issue 28): a signed-in client's own invoices and PDFs; staff's receivables and
 * any invoice's PDF. Each call carries the caller's access token.
 */
import type { AccountInvoiceView, MyAccountInvoices, Receivables } from '#domain/account-invoices/account-invoice';
import type { InvoiceLink } from '#domain/orders/responses';
import { apiRequest } from './client';

export type { AccountInvoiceView, Receivables } from '#domain/account-invoices/account-invoice';

const auth = true;

/** The caller's invoices, unpaid first (soonest due first), then paid. */
export async function fetchMyInvoices(options: { signal?: AbortSignal } = {}): Promise<AccountInvoiceView[]> {
  return (await apiRequest<MyAccountInvoices>('/account/invoices', { auth, signal: options.signal })).invoices;
}

/** Every client's open, overdue and paid invoices with totals (staff). */
export function fetchReceivables(paidWithinDays: string, options: { signal?: AbortSignal } = {}): Promise<Receivables> {
  const query = new URLSearchParams({ paidWithinDays });
  return apiRequest<Receivables>(`/admin/receivables?${query}`, { auth, signal: options.signal });
}

/** A short-lived download link of an invoice's PDF: the caller's own, or any for staff. */
export function fetchInvoicePdfLink(invoiceId: string, asStaff: boolean): Promise<InvoiceLink> {
  const id = encodeURIComponent(invoiceId);
  return apiRequest<InvoiceLink>(asStaff ? `/admin/receivables/${id}/pdf` : `/account/invoices/${id}/pdf`, { auth });
}

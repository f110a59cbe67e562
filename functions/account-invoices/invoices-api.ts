/**
 * The account invoices' routes: a signed-in client's own invoices (Payment Methods) and their PDFs;
 * staff's receivables, per client, and any invoice's PDF. A client reaches only their own invoices:
 * any other answers the same 404 as one that does not exist.
 */
import {
  ACCOUNT_INVOICE_MESSAGES,
  accountInvoiceFileName,
  accountInvoiceIdSchema,
  accountInvoiceView,
  byUrgency,
  receivablesOf,
  receivablesPaidSince,
  receivablesQuerySchema,
  type AccountInvoice,
} from '#domain/account-invoices/account-invoice';
import { shopDateAt, shopInstant } from '#domain/appointments/schedule';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseQuery, requestTime, type HttpEvent } from '../lib/http';
import { pdfLinkOf } from '../orders/invoice-link';
import { listClientInvoices, listReceivableInvoices, readAccountInvoice } from './invoice-store';

async function invoiceOfPath(event: HttpEvent): Promise<AccountInvoice> {
  const invoiceId = accountInvoiceIdSchema.safeParse(event.pathParameters?.invoiceId);
  const invoice = invoiceId.success ? await readAccountInvoice(invoiceId.data) : undefined;
  if (!invoice) throw new HttpError(404, ACCOUNT_INVOICE_MESSAGES.notFound);
  return invoice;
}

async function pdfLink(invoice: AccountInvoice, event: HttpEvent) {
  const link = await pdfLinkOf(invoice.pdfKey, accountInvoiceFileName(invoice.id), requestTime(event));
  if (!link) throw new HttpError(404, ACCOUNT_INVOICE_MESSAGES.pdfNotReady);
  return json(200, link);
}

/** GET /api/account/invoices: the caller's invoices, unpaid first (soonest due first), then paid. */
export const listMyInvoices = httpHandler(async (event) => {
  const today = shopDateAt(requestTime(event));
  const invoices = await listClientInvoices(authorizedCaller(event).userId);
  return json(200, { invoices: invoices.map((invoice) => accountInvoiceView(invoice, today)).sort(byUrgency) });
});

/** GET /api/account/invoices/{invoiceId}/pdf: a short-lived download link of the caller's invoice. */
export const getMyInvoicePdf = httpHandler(async (event) => {
  const clientId = authorizedCaller(event).userId;
  const invoice = await invoiceOfPath(event);
  if (invoice.clientId !== clientId) throw new HttpError(404, ACCOUNT_INVOICE_MESSAGES.notFound);
  return pdfLink(invoice, event);
});

/** GET /api/admin/receivables: every client's open and overdue invoices, and those paid in the period asked, with totals. */
export const getReceivables = httpHandler(async (event) => {
  const { paidWithinDays } = parseQuery(event, receivablesQuerySchema);
  const today = shopDateAt(requestTime(event));
  const paidSince = receivablesPaidSince(today, paidWithinDays);
  const invoices = await listReceivableInvoices(shopInstant(paidSince, '00:00').toISOString());
  return json(200, receivablesOf(invoices, today, paidSince));
});

/** GET /api/admin/receivables/{invoiceId}/pdf */
export const getInvoicePdfForStaff = httpHandler(async (event) => {
  return pdfLink(await invoiceOfPath(event), event);
});

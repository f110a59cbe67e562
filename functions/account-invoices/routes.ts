import { CUSTOMER_READS, handlersIn, route, staff, type HttpRoute, type RouteAccess } from '../routing';

const invoicesApi = handlersIn<typeof import('./invoices-api')>('functions/account-invoices/invoices-api.ts');

/** storage:read: an invoice's PDF, linked once it exists. */
const CUSTOMER_READS_PDF: RouteAccess = { access: 'customer', grants: ['table:read', 'storage:read'] };
const STAFF_READS_PDF = staff('configurations', ['table:read', 'storage:read']);

export const accountInvoicesRoutes: HttpRoute[] = [
  route('ListMyAccountInvoices', 'GET /api/account/invoices', invoicesApi('listMyInvoices'), CUSTOMER_READS),
  route(
    'GetMyAccountInvoicePdf',
    'GET /api/account/invoices/{invoiceId}/pdf',
    invoicesApi('getMyInvoicePdf'),
    CUSTOMER_READS_PDF,
  ),
  route(
    'GetReceivables',
    'GET /api/admin/receivables',
    invoicesApi('getReceivables'),
    staff('configurations', ['table:read']),
  ),
  route(
    'GetAccountInvoicePdfForStaff',
    'GET /api/admin/receivables/{invoiceId}/pdf',
    invoicesApi('getInvoicePdfForStaff'),
    STAFF_READS_PDF,
  ),
];

import {
  CUSTOMER_READS,
  MAIL_SENDING_THROTTLE,
  handlersIn,
  route,
  staff,
  type HttpRoute,
  type RouteAccess,
} from '../routing';

const quotesApi = handlersIn<typeof import('./quotes-api')>('functions/customer-quotes/quotes-api.ts');
const quotePdfApi = handlersIn<typeof import('./quote-pdf-api')>('functions/customer-quotes/quote-pdf-api.ts');
const acceptQuoteApi = handlersIn<typeof import('./accept-quote-api')>('functions/customer-quotes/accept-quote-api.ts');
const adminQuotes = handlersIn<typeof import('./admin-quotes')>('functions/customer-quotes/admin-quotes.ts');

/** quotes:link: every answer names the quote's signed share link. */
const CUSTOMER_READS_LINKED: RouteAccess = { access: 'customer', grants: ['table:read', 'quotes:link'] };

export const customerQuotesRoutes: HttpRoute[] = [
  // table:write and bus:publish: resolving the cart abandons idle carts, as the cart routes do; a freight quote mails staff.
  route('CreateCustomerQuote', 'POST /api/customer-quotes', quotesApi('createQuote'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'quotes:link'],
  }),
  route('ListMyCustomerQuotes', 'GET /api/customer-quotes', quotesApi('listMyQuotes'), CUSTOMER_READS),
  route('GetMyCustomerQuote', 'GET /api/customer-quotes/{quoteId}', quotesApi('getMyQuote'), CUSTOMER_READS_LINKED),
  route(
    'GetMyCustomerQuotePdf',
    'GET /api/customer-quotes/{quoteId}/pdf',
    quotePdfApi('getMyQuotePdf'),
    CUSTOMER_READS,
  ),
  // Places the order (its OrderPlaced in the outbox) and opens its payment page.
  route('AcceptCustomerQuote', 'POST /api/customer-quotes/{quoteId}/accept', acceptQuoteApi('acceptMyQuote'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'payments'],
  }),
  // table:write: the attempt is counted (domain/rate-limits.ts); CustomerQuoteEmailed mails the address.
  route('EmailCustomerQuote', 'POST /api/customer-quotes/{quoteId}/email', quotesApi('emailMyQuote'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'quotes:link'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route('GetSharedCustomerQuote', 'GET /api/customer-quotes/shared/{token}', quotesApi('getSharedQuote'), {
    access: 'public',
    grants: ['table:read', 'quotes:link'],
  }),
  route('GetSharedCustomerQuotePdf', 'GET /api/customer-quotes/shared/{token}/pdf', quotePdfApi('getSharedQuotePdf'), {
    access: 'public',
    grants: ['table:read', 'quotes:link'],
  }),
  route(
    'ListCustomerQuotesForStaff',
    'GET /api/admin/customer-quotes',
    adminQuotes('listQuotes'),
    staff('customers', ['table:read']),
  ),
  route(
    'GetCustomerQuoteForStaff',
    'GET /api/admin/customer-quotes/{quoteId}',
    adminQuotes('getQuote'),
    staff('customers', ['table:read', 'quotes:link']),
  ),
  // The new version, the old one replaced and CustomerQuoteVersionIssued (mails the customer) in one transaction.
  route(
    'IssueCustomerQuoteVersion',
    'POST /api/admin/customer-quotes/{quoteId}/versions',
    adminQuotes('issueVersion'),
    staff('prices', ['table:read', 'table:write', 'bus:publish', 'quotes:link']),
  ),
];

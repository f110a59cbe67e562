import {
  PUBLIC_READS,
  PUBLIC_READS_WRITES,
  PUBLIC_READS_WRITES_PUBLISHES,
  handlersIn,
  route,
  staff,
  type HttpRoute,
  type RouteThrottle,
} from '../routing';

/** Procurement systems post a setup request per buyer's punch-out and an order now and then: this keeps a flood from one off the table. */
const CXML_THROTTLE: RouteThrottle = { rateLimit: 20, burstLimit: 40 };

const cxmlEndpoint = handlersIn<typeof import('./cxml-endpoint')>('functions/punchout/cxml-endpoint.ts');
const sessionsApi = handlersIn<typeof import('./sessions-api')>('functions/punchout/sessions-api.ts');
const submitApi = handlersIn<typeof import('./submit-api')>('functions/punchout/submit-api.ts');
const partnerApi = handlersIn<typeof import('./partner-api')>('functions/punchout/partner-api.ts');
const invoicesApi = handlersIn<typeof import('./invoices-api')>('functions/punchout/invoices-api.ts');
const adminConfigurations = handlersIn<typeof import('./admin-configurations')>(
  'functions/punchout/admin-configurations.ts',
);
const adminClients = handlersIn<typeof import('./admin-clients')>('functions/punchout/admin-clients.ts');

export const punchoutRoutes: HttpRoute[] = [
  // The document's credentials instead of a token. bus:publish: PunchoutSetupStarted, and an OrderRequest's OrderPlaced.
  route('PunchoutCxml', 'POST /api/punchout/cxml', cxmlEndpoint('receiveCxml'), {
    ...PUBLIC_READS_WRITES_PUBLISHES,
    throttle: CXML_THROTTLE,
  }),
  // The start id (128 random bits, single use) instead of a token; an edit's lines go into the partner cart.
  route(
    'RedeemPunchoutStart',
    'POST /api/punchout/sessions',
    sessionsApi('redeemPunchoutStart'),
    PUBLIC_READS_WRITES_PUBLISHES,
  ),
  // The partner token (x-partner-session) instead of a sign-in.
  route('GetPunchoutSession', 'GET /api/punchout/session', sessionsApi('getPunchoutSession'), PUBLIC_READS),
  // The partner token (x-partner-session) instead of a sign-in.
  route('SubmitPunchoutCart', 'POST /api/punchout/submit', submitApi('submitPunchoutCart'), PUBLIC_READS_WRITES),
  // The partner token (x-partner-session) instead of a sign-in. bus:publish: PunchoutSubmitted.
  route(
    'ConfirmPunchoutReturn',
    'POST /api/punchout/submissions/{submissionId}/returned',
    submitApi('confirmPunchoutReturn'),
    PUBLIC_READS_WRITES_PUBLISHES,
  ),
  // HTTP Basic identity:sharedSecret of a configuration instead of a sign-in; table:write: the guess limit's counters.
  route('PunchoutPriceAvailability', 'POST /api/punchout/price-availability', partnerApi('priceAvailabilityRoute'), {
    access: 'public',
    grants: ['table:write'],
  }),
  // HTTP Basic identity:sharedSecret of a configuration instead of a sign-in.
  route(
    'PunchoutOrderIntegration',
    'POST /api/punchout/order-integration',
    partnerApi('orderIntegrationRoute'),
    PUBLIC_READS_WRITES_PUBLISHES,
  ),
  route(
    'ListPunchoutInvoices',
    'GET /api/admin/punchout/invoices',
    invoicesApi('listPunchoutInvoices'),
    staff('configurations', ['table:read']),
  ),
  route(
    'ExportPunchoutInvoice',
    'GET /api/admin/punchout/invoices/{invoiceId}/export',
    invoicesApi('exportPunchoutInvoice'),
    staff('configurations', ['table:read']),
  ),
  route(
    'ListPunchoutConfigurations',
    'GET /api/admin/punchout/configurations',
    adminConfigurations('listPunchoutConfigurations'),
    staff('configurations', ['table:read']),
  ),
  route(
    'GetPunchoutConfiguration',
    'GET /api/admin/punchout/configurations/{configId}',
    adminConfigurations('getPunchoutConfiguration'),
    staff('configurations', ['table:read']),
  ),
  route(
    'CreatePunchoutConfiguration',
    'POST /api/admin/punchout/configurations',
    adminConfigurations('createPunchoutConfiguration'),
    staff('configurations', ['table:write']),
  ),
  route(
    'UpdatePunchoutConfiguration',
    'PUT /api/admin/punchout/configurations/{configId}',
    adminConfigurations('updatePunchoutConfiguration'),
    staff('configurations', ['table:write']),
  ),
  route(
    'RotatePunchoutSecret',
    'POST /api/admin/punchout/configurations/{configId}/secret',
    adminConfigurations('rotatePunchoutSecret'),
    staff('secrets', ['table:write']),
  ),
  // Sends a PunchOutSetupRequest to the shop's own public cXML endpoint over HTTP.
  route(
    'TestPunchoutConfiguration',
    'POST /api/admin/punchout/configurations/{configId}/test',
    adminConfigurations('testPunchoutConfiguration'),
    staff('configurations', ['table:read']),
  ),
  // userPool:admin: AdminCreateUser and AdminSetUserPassword make the account; AdminDeleteUser undoes it when the records fail.
  route(
    'CreatePunchoutClient',
    'POST /api/admin/punchout/clients',
    adminClients('createPunchoutClient'),
    staff('configurations', ['table:write', 'userPool:admin']),
  ),
];

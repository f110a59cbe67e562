import {
  CUSTOMER_READS,
  CUSTOMER_READS_WRITES,
  CUSTOMER_WRITES,
  MAIL_SENDING_THROTTLE,
  PUBLIC_READS,
  handlersIn,
  route,
  staff,
  type HttpRoute,
  type RouteAccess,
} from '../routing';

const registration = handlersIn<typeof import('./registration')>('functions/accounts/registration.ts');
const customerDirectory = handlersIn<typeof import('./customer-directory')>('functions/accounts/customer-directory.ts');
const accountApi = handlersIn<typeof import('./account-api')>('functions/accounts/account-api.ts');
const priceLists = handlersIn<typeof import('./price-list-api')>('functions/accounts/price-list-api.ts');
const credit = handlersIn<typeof import('./credit-api')>('functions/accounts/credit-api.ts');
const savedCards = handlersIn<typeof import('./saved-cards-api')>('functions/accounts/saved-cards-api.ts');
const savedProducts = handlersIn<typeof import('./saved-products')>('functions/accounts/saved-products.ts');
const privacy = handlersIn<typeof import('./privacy-api')>('functions/accounts/privacy-api.ts');

/**
 * A closure deletes the Cognito user, erases and anonymises the client's records across the table,
 * and commits AccountClosed, whose consumers mail the confirmation and delete the Stripe customer
 * and the return photos.
 */
const CLOSES_ACCOUNTS = {
  grants: ['table:read', 'table:write', 'userPool:admin', 'bus:publish'],
  throttle: MAIL_SENDING_THROTTLE,
} as const satisfies Omit<RouteAccess, 'access'>;

/** A client's saved cards are read from (and detached at) Stripe, by their Stripe customer kept in the table. */
const CUSTOMER_READS_PAYMENTS: RouteAccess = { access: 'customer', grants: ['table:read', 'payments'] };

export const accountsRoutes: HttpRoute[] = [
  // userPool:admin: AdminDeleteUser removes the Cognito user when its records cannot be saved.
  route('CreateRegistration', 'POST /api/registrations', registration('createRegistration'), {
    access: 'public',
    grants: ['table:write', 'userPool:admin'],
    throttle: MAIL_SENDING_THROTTLE,
  }),
  route(
    'ListClients',
    'GET /api/admin/clients',
    customerDirectory('listClientsForStaff'),
    staff('customers', ['table:read']),
  ),
  route(
    'ListLeads',
    'GET /api/admin/leads',
    customerDirectory('listLeadsForStaff'),
    staff('customers', ['table:read']),
  ),
  route(
    'GetClientPriceList',
    'GET /api/admin/clients/{clientId}/price-list',
    priceLists('readClientPriceListForStaff'),
    staff('customers', ['table:read']),
  ),
  route(
    'SetClientPriceList',
    'PUT /api/admin/clients/{clientId}/price-list',
    priceLists('setClientPriceListForStaff'),
    staff('prices', ['table:read', 'table:write']),
  ),
  route(
    'RemoveClientPriceList',
    'DELETE /api/admin/clients/{clientId}/price-list',
    priceLists('removeClientPriceListForStaff'),
    staff('prices', ['table:write']),
  ),
  route(
    'GetClientPaymentTerms',
    'GET /api/admin/clients/{clientId}/payment-terms',
    credit('readPaymentTermsForStaff'),
    staff('customers', ['table:read']),
  ),
  route(
    'SetClientPaymentTerms',
    'PUT /api/admin/clients/{clientId}/payment-terms',
    credit('setPaymentTermsForStaff'),
    staff('prices', ['table:read', 'table:write']),
  ),
  route(
    'WithdrawClientPaymentTerms',
    'DELETE /api/admin/clients/{clientId}/payment-terms',
    credit('withdrawPaymentTermsForStaff'),
    staff('prices', ['table:read', 'table:write']),
  ),
  route('GetCreditAccount', 'GET /api/account/credit', credit('getOwnCreditAccount'), CUSTOMER_READS),
  route('ListMyCards', 'GET /api/account/cards', savedCards('listMyCards'), CUSTOMER_READS_PAYMENTS),
  route('StartCardSetup', 'POST /api/account/cards/setup', savedCards('startCardSetup'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'payments'],
  }),
  route('RemoveMyCard', 'DELETE /api/account/cards/{cardId}', savedCards('removeMyCard'), CUSTOMER_READS_PAYMENTS),
  route('GetBuyerPriceList', 'GET /api/price-list', priceLists('getBuyerPriceList'), PUBLIC_READS),
  route('GetAccount', 'GET /api/account', accountApi('getAccount'), CUSTOMER_READS),
  route('UpdateAccountProfile', 'PATCH /api/account/profile', accountApi('updateProfile'), CUSTOMER_WRITES),
  route('UpdateAccountAddress', 'PUT /api/account/address', accountApi('updateAddress'), CUSTOMER_WRITES),
  route(
    'UpdateNotificationPreferences',
    'PUT /api/account/notification-preferences',
    accountApi('updateNotificationPreferences'),
    CUSTOMER_WRITES,
  ),
  route('SyncAccountEmail', 'PUT /api/account/email-sync', accountApi('syncEmail'), CUSTOMER_WRITES),
  route('ExportMyData', 'GET /api/account/data-export', privacy('exportMyData'), CUSTOMER_READS),
  route('CloseMyAccount', 'POST /api/account/closure', privacy('closeMyAccount'), {
    access: 'customer',
    ...CLOSES_ACCOUNTS,
  }),
  route(
    'ExportClientData',
    'GET /api/admin/clients/{clientId}/data-export',
    privacy('exportClientDataForStaff'),
    staff('privacy', ['table:read']),
  ),
  route(
    'CloseClientAccount',
    'POST /api/admin/clients/{clientId}/closure',
    privacy('closeClientAccountForStaff'),
    staff('privacy', CLOSES_ACCOUNTS.grants, CLOSES_ACCOUNTS.throttle),
  ),
  route('ListSavedProducts', 'GET /api/saved-products', savedProducts('listProducts'), CUSTOMER_READS),
  route('SaveProduct', 'POST /api/saved-products', savedProducts('saveProduct'), CUSTOMER_READS_WRITES),
  route(
    'RenameSavedProduct',
    'PATCH /api/saved-products/{savedProductId}',
    savedProducts('renameProduct'),
    CUSTOMER_READS_WRITES,
  ),
  route(
    'RemoveSavedProduct',
    'DELETE /api/saved-products/{savedProductId}',
    savedProducts('removeProduct'),
    CUSTOMER_WRITES,
  ),
];

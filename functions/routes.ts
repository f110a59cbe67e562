/**
 * The one declaration of every HTTP and WebSocket route. The CDK stacks (infra/stacks) and the
 * local gateways (infra/local) are both built from these lists, and tests/infra checks the
 * synthesized template against them, so a route cannot exist in one runtime and not the other.
 */

/** A handler: a module path relative to the repository root and the name of its export. */
export interface HandlerRef {
  file: string;
  export: string;
}

/**
 * Who may call a route. The API checks it on every call; the SPA hiding a button is only a
 * convenience. `customer` and `admin` need a signed-in caller (JWT authorizer on AWS).
 */
export type Access = 'public' | 'customer' | 'admin';

/** What a handler may touch; the CDK grants exactly these and nothing more. */
export type Grant =
  | 'table:read'
  | 'table:write'
  | 'bus:publish'
  | 'bus:describe'
  | 'userPool:read'
  | 'userPool:admin'
  /** Read a user of the pool by id (AdminGetUser): the staff named in an order's history. */
  | 'userPool:readUsers'
  | 'storage:read'
  | 'storage:write'
  | 'mail:send'
  | 'websocket:post'
  /** The Stripe secret key and webhook secret (functions/lib/stripe.ts): only the handlers that call Stripe get them. */
  | 'payments'
  /** Send to the webhook delivery queue (functions/queues.ts); its URL in the environment. */
  | 'webhooks:enqueue'
  /** Invoke the event consumers' and scheduled jobs' functions asynchronously: a dead letter's retry (docs/decisions/0019). */
  | 'consumers:invoke'
  /** The HMAC key of the appointment links (functions/appointments/token.ts), in the environment. */
  | 'appointments:token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What one client address may send, in all, to the routes whose throttle shares this rate: a
 * rate-based rule of the WAF scoped to those routes (infra/stacks/waf-stack.ts) and the same count
 * in the local gateway, both refusing with 429 before the route's throttle is spent. It keeps one
 * client from spending a throttle that every caller shares (docs/decisions/0034).
 */
export interface AddressRate {
  /** Names the WAF rule and its metric. */
  name: string;
  /** Requests one address may send in a window (WAF's lowest is 10). */
  limit: number;
  /** How far back requests are counted: one of WAF's evaluation windows. */
  windowSeconds: 60 | 120 | 300 | 600;
}

/**
 * API Gateway's throttle of one route, for all callers together: a token bucket holding
 * `burstLimit` requests, refilled at `rateLimit` a second; past it the route answers 429.
 */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
  /** What one address may send to the routes sharing it; without it, the WAF's rate for all of /api/ applies. */
  perAddress?: AddressRate;
}

/**
 * The mail-sending routes together, per client address: a person registers, writes, books or sends
 * a return with its six photos in far fewer requests; a script is refused within seconds.
 */
const MAIL_SENDING_PER_ADDRESS: AddressRate = { name: 'MailSendingRequestsPerAddress', limit: 60, windowSeconds: 300 };

/**
 * Routes that send mail or create an account. Each caller is limited by the shop itself
 * (domain/rate-limits.ts) and per address on these routes together; the throttle caps everyone
 * together, set far above what one address may send, so only a crowd reaches it.
 */
const MAIL_SENDING_THROTTLE: RouteThrottle = { rateLimit: 20, burstLimit: 40, perAddress: MAIL_SENDING_PER_ADDRESS };

/** Procurement systems post a setup request per buyer's punch-out and an order now and then: this keeps a flood from one off the table. */
const CXML_THROTTLE: RouteThrottle = { rateLimit: 20, burstLimit: 40 };

/** Up to 500 windows priced per request: a few requests a second are plenty for property managers. */
const BULK_QUOTES_THROTTLE: RouteThrottle = { rateLimit: 5, burstLimit: 10 };

export interface HttpRoute {
  /** Stable id: names the Lambda function and its construct. PascalCase. */
  id: string;
  method: HttpMethod;
  /** API Gateway path syntax, always under /api, e.g. /api/orders/{orderId}. */
  path: string;
  handler: HandlerRef;
  access: Access;
  grants: Grant[];
  /** Tighter than the stage's default throttle (infra/stacks/http-api-stack.ts); the local gateway applies it too. */
  throttle?: RouteThrottle;
}

/** A path parameter's segment: `{name}` is one segment, a trailing `{name+}` the rest of the path. */
export const PATH_PARAMETER = /^\{([A-Za-z0-9_]+)(\+?)\}$/;

/**
 * A route's path as the source of a regular expression, each parameter's value captured: the local
 * gateway routes requests with it, and the WAF finds the routes of a rate per address with it.
 */
export function routePathPattern(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const parameter = PATH_PARAMETER.exec(segment);
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return parameter[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
}

export interface WebSocketRoute {
  id: string;
  /** $connect, $disconnect, $default, or the value of a message's `action` field. */
  routeKey: string;
  handler: HandlerRef;
  grants: Grant[];
}

export const httpRoutes: HttpRoute[] = [
  {
    id: 'CreateRegistration',
    method: 'POST',
    path: '/api/registrations',
    handler: { file: 'functions/accounts/registration.ts', export: 'handler' },
    access: 'public',
    // userPool:admin: AdminDeleteUser removes the Cognito user when its records cannot be saved.
    grants: ['table:write', 'userPool:admin'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'GetHealth',
    method: 'GET',
    path: '/api/health',
    handler: { file: 'functions/health/get-health.ts', export: 'handler' },
    access: 'public',
    grants: ['table:read', 'userPool:read', 'storage:read', 'bus:describe'],
  },
  {
    id: 'SubmitContactMessage',
    method: 'POST',
    path: '/api/contact-messages',
    handler: { file: 'functions/contact/submit-contact-message.ts', export: 'handler' },
    access: 'public',
    grants: ['table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'GetCatalogue',
    method: 'GET',
    path: '/api/catalogue',
    handler: { file: 'functions/catalogue/get-catalogue.ts', export: 'handler' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'GetPriceGrids',
    method: 'GET',
    path: '/api/price-grids',
    handler: { file: 'functions/catalogue/get-price-grids.ts', export: 'handler' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'GetStartingPrices',
    method: 'GET',
    path: '/api/starting-prices',
    handler: { file: 'functions/catalogue/get-starting-prices.ts', export: 'handler' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'CreateQuotes',
    method: 'POST',
    path: '/api/quotes',
    handler: { file: 'functions/catalogue/create-quotes.ts', export: 'handler' },
    access: 'public',
    grants: ['table:read'],
    throttle: BULK_QUOTES_THROTTLE,
  },
  {
    id: 'ListProperties',
    method: 'GET',
    path: '/api/properties',
    handler: { file: 'functions/properties/properties-api.ts', export: 'list' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'EnsureDefaultProperty',
    method: 'POST',
    path: '/api/properties/default',
    handler: { file: 'functions/properties/properties-api.ts', export: 'ensureDefault' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'CreateProperty',
    method: 'POST',
    path: '/api/properties',
    handler: { file: 'functions/properties/properties-api.ts', export: 'create' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'UpdateProperty',
    method: 'PUT',
    path: '/api/properties/{propertyId}',
    handler: { file: 'functions/properties/properties-api.ts', export: 'update' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'DeleteProperty',
    method: 'DELETE',
    path: '/api/properties/{propertyId}',
    handler: { file: 'functions/properties/properties-api.ts', export: 'remove' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'ListPropertyRooms',
    method: 'GET',
    path: '/api/properties/{propertyId}/rooms',
    handler: { file: 'functions/properties/properties-api.ts', export: 'listPropertyRooms' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'CreatePropertyRoom',
    method: 'POST',
    path: '/api/properties/{propertyId}/rooms',
    handler: { file: 'functions/properties/properties-api.ts', export: 'createPropertyRoom' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'DeletePropertyRoom',
    method: 'DELETE',
    path: '/api/properties/{propertyId}/rooms/{roomId}',
    handler: { file: 'functions/properties/properties-api.ts', export: 'deletePropertyRoom' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'ListPropertyWindows',
    method: 'GET',
    path: '/api/properties/{propertyId}/windows',
    handler: { file: 'functions/properties/properties-api.ts', export: 'listPropertyWindows' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'CreatePropertyWindow',
    method: 'POST',
    path: '/api/properties/{propertyId}/windows',
    handler: { file: 'functions/properties/properties-api.ts', export: 'createPropertyWindow' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'UpdatePropertyWindow',
    method: 'PUT',
    path: '/api/properties/{propertyId}/windows/{windowId}',
    handler: { file: 'functions/properties/properties-api.ts', export: 'updatePropertyWindow' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'DeletePropertyWindow',
    method: 'DELETE',
    path: '/api/properties/{propertyId}/windows/{windowId}',
    handler: { file: 'functions/properties/properties-api.ts', export: 'deletePropertyWindow' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'CreateWindowOrder',
    method: 'POST',
    path: '/api/properties/{propertyId}/window-orders',
    handler: { file: 'functions/properties/window-orders.ts', export: 'handler' },
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'GetAdminSession',
    method: 'GET',
    path: '/api/admin/session',
    handler: { file: 'functions/admin/session.ts', export: 'handler' },
    access: 'admin',
    grants: [],
  },
  {
    id: 'PreviewPriceGrid',
    method: 'POST',
    path: '/api/admin/price-grids/{kind}/preview',
    handler: { file: 'functions/admin/price-grids.ts', export: 'preview' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ReplacePriceGrid',
    method: 'PUT',
    path: '/api/admin/price-grids/{kind}',
    handler: { file: 'functions/admin/price-grids.ts', export: 'replace' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'ListPriceGridVersions',
    method: 'GET',
    path: '/api/admin/price-grids/{kind}/versions',
    handler: { file: 'functions/admin/price-grids.ts', export: 'listVersions' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'DownloadPriceGridVersion',
    method: 'GET',
    path: '/api/admin/price-grids/{kind}/versions/{version}',
    handler: { file: 'functions/admin/price-grids.ts', export: 'downloadVersion' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'GetCart',
    method: 'GET',
    path: '/api/cart',
    handler: { file: 'functions/cart/cart-api.ts', export: 'getCart' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'GetCartCount',
    method: 'GET',
    path: '/api/cart/count',
    handler: { file: 'functions/cart/cart-api.ts', export: 'getCartCount' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'AddCartItem',
    method: 'POST',
    path: '/api/cart/items',
    handler: { file: 'functions/cart/cart-api.ts', export: 'addItem' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'UpdateCartItem',
    method: 'PATCH',
    path: '/api/cart/items/{itemId}',
    handler: { file: 'functions/cart/cart-api.ts', export: 'updateItem' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'RemoveCartItem',
    method: 'DELETE',
    path: '/api/cart/items/{itemId}',
    handler: { file: 'functions/cart/cart-api.ts', export: 'removeItem' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'ClearCart',
    method: 'DELETE',
    path: '/api/cart/items',
    handler: { file: 'functions/cart/cart-api.ts', export: 'clearCart' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'ListSamples',
    method: 'GET',
    path: '/api/samples',
    handler: { file: 'functions/samples/sample-api.ts', export: 'getSamples' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'GetSampleCount',
    method: 'GET',
    path: '/api/samples/count',
    handler: { file: 'functions/samples/sample-api.ts', export: 'getSampleCount' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'AddSample',
    method: 'POST',
    path: '/api/samples',
    handler: { file: 'functions/samples/sample-api.ts', export: 'addSampleToCart' },
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'RemoveSample',
    method: 'DELETE',
    path: '/api/samples/{sampleId}',
    handler: { file: 'functions/samples/sample-api.ts', export: 'removeSampleFromCart' },
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'ClearSamples',
    method: 'DELETE',
    path: '/api/samples',
    handler: { file: 'functions/samples/sample-api.ts', export: 'clearSampleCart' },
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'SubmitSampleRequest',
    method: 'POST',
    path: '/api/sample-requests',
    handler: { file: 'functions/samples/sample-api.ts', export: 'submitSampleRequest' },
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'ListSampleRequests',
    method: 'GET',
    path: '/api/admin/sample-requests',
    handler: { file: 'functions/samples/sample-api.ts', export: 'listSampleRequestsForStaff' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ListClients',
    method: 'GET',
    path: '/api/admin/clients',
    handler: { file: 'functions/accounts/customer-directory.ts', export: 'listClientsForStaff' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ListLeads',
    method: 'GET',
    path: '/api/admin/leads',
    handler: { file: 'functions/accounts/customer-directory.ts', export: 'listLeadsForStaff' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'SignOutCarts',
    method: 'POST',
    path: '/api/cart/sign-out',
    handler: { file: 'functions/cart/cart-api.ts', export: 'signOutCarts' },
    access: 'customer',
    grants: ['table:write', 'bus:publish'],
  },
  {
    id: 'GetAccount',
    method: 'GET',
    path: '/api/account',
    handler: { file: 'functions/accounts/account-api.ts', export: 'getAccount' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'UpdateAccountProfile',
    method: 'PATCH',
    path: '/api/account/profile',
    handler: { file: 'functions/accounts/account-api.ts', export: 'updateProfile' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'UpdateAccountAddress',
    method: 'PUT',
    path: '/api/account/address',
    handler: { file: 'functions/accounts/account-api.ts', export: 'updateAddress' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'UpdateNotificationPreferences',
    method: 'PUT',
    path: '/api/account/notification-preferences',
    handler: { file: 'functions/accounts/account-api.ts', export: 'updateNotificationPreferences' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'SyncAccountEmail',
    method: 'PUT',
    path: '/api/account/email-sync',
    handler: { file: 'functions/accounts/account-api.ts', export: 'syncEmail' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'ListSavedProducts',
    method: 'GET',
    path: '/api/saved-products',
    handler: { file: 'functions/accounts/saved-products.ts', export: 'listProducts' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'SaveProduct',
    method: 'POST',
    path: '/api/saved-products',
    handler: { file: 'functions/accounts/saved-products.ts', export: 'saveProduct' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'RenameSavedProduct',
    method: 'PATCH',
    path: '/api/saved-products/{savedProductId}',
    handler: { file: 'functions/accounts/saved-products.ts', export: 'renameProduct' },
    access: 'customer',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'RemoveSavedProduct',
    method: 'DELETE',
    path: '/api/saved-products/{savedProductId}',
    handler: { file: 'functions/accounts/saved-products.ts', export: 'removeProduct' },
    access: 'customer',
    grants: ['table:write'],
  },
  {
    id: 'QuoteCheckout',
    method: 'POST',
    path: '/api/checkout/quote',
    handler: { file: 'functions/orders/checkout-api.ts', export: 'quote' },
    access: 'customer',
    // table:write and bus:publish: resolving the cart abandons idle carts, as the cart routes do.
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'PlaceOrder',
    method: 'POST',
    path: '/api/orders',
    handler: { file: 'functions/orders/checkout-api.ts', export: 'placeOrder' },
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'payments'],
  },
  {
    id: 'GetOrderByCheckoutSession',
    method: 'GET',
    path: '/api/checkout/sessions/{checkoutSessionId}',
    handler: { file: 'functions/orders/checkout-api.ts', export: 'orderByCheckoutSession' },
    access: 'customer',
    grants: ['table:read', 'storage:read'],
  },
  {
    id: 'ListMyOrders',
    method: 'GET',
    path: '/api/orders',
    handler: { file: 'functions/orders/orders-api.ts', export: 'listMyOrders' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'GetMyOrder',
    method: 'GET',
    path: '/api/orders/{orderId}',
    handler: { file: 'functions/orders/orders-api.ts', export: 'getMyOrder' },
    access: 'customer',
    grants: ['table:read', 'storage:read'],
  },
  {
    id: 'GetMyOrderInvoice',
    method: 'GET',
    path: '/api/orders/{orderId}/invoice',
    handler: { file: 'functions/orders/orders-api.ts', export: 'getMyInvoice' },
    access: 'customer',
    grants: ['table:read', 'storage:read'],
  },
  {
    id: 'TrackOrder',
    method: 'GET',
    path: '/api/track-order',
    handler: { file: 'functions/orders/orders-api.ts', export: 'trackOrder' },
    access: 'public',
    // table:write: each look-up is counted per client address (TRACKING_LOOKUPS_PER_ADDRESS).
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'ListOrdersForStaff',
    method: 'GET',
    path: '/api/admin/orders',
    handler: { file: 'functions/orders/admin-orders.ts', export: 'listOrders' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'GetOrderForStaff',
    method: 'GET',
    path: '/api/admin/orders/{orderId}',
    handler: { file: 'functions/orders/admin-orders.ts', export: 'getOrder' },
    access: 'admin',
    grants: ['table:read', 'storage:read', 'userPool:readUsers'],
  },
  {
    id: 'TransitionOrder',
    method: 'POST',
    path: '/api/admin/orders/{orderId}/transitions',
    handler: { file: 'functions/orders/admin-orders.ts', export: 'transitionOrder' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'bus:publish', 'storage:read', 'payments', 'userPool:readUsers'],
  },
  {
    id: 'StripeWebhook',
    method: 'POST',
    path: '/api/payments/stripe-webhook',
    handler: { file: 'functions/payments/stripe-webhook.ts', export: 'handler' },
    access: 'public',
    // Verified by the Stripe signature on the raw body instead of a token.
    grants: ['table:read', 'table:write', 'bus:publish', 'payments'],
  },
  {
    id: 'StartChat',
    method: 'POST',
    path: '/api/chat/sessions',
    handler: { file: 'functions/chat/chat-api.ts', export: 'start' },
    access: 'public',
    // table:read: the staff connections told of the new chat; a chat may mail staff (ChatStarted).
    grants: ['table:read', 'table:write', 'websocket:post', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'GetCurrentChat',
    method: 'GET',
    path: '/api/chat/sessions/current',
    handler: { file: 'functions/chat/chat-api.ts', export: 'current' },
    access: 'customer',
    grants: ['table:read'],
  },
  {
    id: 'ListChatMessages',
    method: 'GET',
    path: '/api/chat/sessions/{sessionId}/messages',
    handler: { file: 'functions/chat/chat-api.ts', export: 'messages' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'PostChatMessage',
    method: 'POST',
    path: '/api/chat/sessions/{sessionId}/messages',
    handler: { file: 'functions/chat/chat-api.ts', export: 'post' },
    access: 'public',
    grants: ['table:read', 'table:write', 'websocket:post', 'bus:publish'],
  },
  {
    id: 'GetChatAvailability',
    method: 'GET',
    path: '/api/chat/availability',
    handler: { file: 'functions/chat/chat-api.ts', export: 'availability' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'ListActiveChats',
    method: 'GET',
    path: '/api/admin/chat/sessions',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'listActive' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'GetChatUnreadCount',
    method: 'GET',
    path: '/api/admin/chat/unread',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'unread' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ListStaffChatMessages',
    method: 'GET',
    path: '/api/admin/chat/sessions/{sessionId}/messages',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'messages' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ReplyToChat',
    method: 'POST',
    path: '/api/admin/chat/sessions/{sessionId}/messages',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'reply' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'MarkChatViewed',
    method: 'POST',
    path: '/api/admin/chat/sessions/{sessionId}/viewed',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'viewed' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'GetChatCustomer',
    method: 'GET',
    path: '/api/admin/chat/sessions/{sessionId}/customer',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'customer' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'CloseChat',
    method: 'POST',
    path: '/api/admin/chat/sessions/{sessionId}/close',
    handler: { file: 'functions/chat/staff-chat-api.ts', export: 'close' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'PunchoutCxml',
    method: 'POST',
    path: '/api/punchout/cxml',
    handler: { file: 'functions/punchout/cxml-endpoint.ts', export: 'handler' },
    // The document's credentials instead of a token. bus:publish: PunchoutSetupStarted, and an OrderRequest's OrderPlaced.
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
    throttle: CXML_THROTTLE,
  },
  {
    id: 'RedeemPunchoutStart',
    method: 'POST',
    path: '/api/punchout/sessions',
    handler: { file: 'functions/punchout/sessions-api.ts', export: 'redeem' },
    // The start id (128 random bits, single use) instead of a token; an edit's lines go into the partner cart.
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'GetPunchoutSession',
    method: 'GET',
    path: '/api/punchout/session',
    handler: { file: 'functions/punchout/sessions-api.ts', export: 'current' },
    // The partner token (x-partner-session) instead of a sign-in.
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'SubmitPunchoutCart',
    method: 'POST',
    path: '/api/punchout/submit',
    handler: { file: 'functions/punchout/submit-api.ts', export: 'handler' },
    // The partner token (x-partner-session) instead of a sign-in.
    access: 'public',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'ConfirmPunchoutReturn',
    method: 'POST',
    path: '/api/punchout/submissions/{submissionId}/returned',
    handler: { file: 'functions/punchout/submit-api.ts', export: 'returned' },
    // The partner token (x-partner-session) instead of a sign-in. bus:publish: PunchoutSubmitted.
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'PunchoutPriceAvailability',
    method: 'POST',
    path: '/api/punchout/price-availability',
    handler: { file: 'functions/punchout/partner-api.ts', export: 'priceAvailabilityRoute' },
    // HTTP Basic identity:sharedSecret of a configuration instead of a sign-in; table:write: the guess limit's counters.
    access: 'public',
    grants: ['table:write'],
  },
  {
    id: 'PunchoutOrderIntegration',
    method: 'POST',
    path: '/api/punchout/order-integration',
    handler: { file: 'functions/punchout/partner-api.ts', export: 'orderIntegrationRoute' },
    // HTTP Basic identity:sharedSecret of a configuration instead of a sign-in.
    access: 'public',
    grants: ['table:read', 'table:write', 'bus:publish'],
  },
  {
    id: 'ListPunchoutInvoices',
    method: 'GET',
    path: '/api/admin/punchout/invoices',
    handler: { file: 'functions/punchout/invoices-api.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ExportPunchoutInvoice',
    method: 'GET',
    path: '/api/admin/punchout/invoices/{invoiceId}/export',
    handler: { file: 'functions/punchout/invoices-api.ts', export: 'exportInvoice' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ListWebhooks',
    method: 'GET',
    path: '/api/admin/webhooks',
    handler: { file: 'functions/webhooks/admin.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'CreateWebhook',
    method: 'POST',
    path: '/api/admin/webhooks',
    handler: { file: 'functions/webhooks/admin.ts', export: 'create' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'UpdateWebhook',
    method: 'PATCH',
    path: '/api/admin/webhooks/{subscriptionId}',
    handler: { file: 'functions/webhooks/admin.ts', export: 'update' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'DeleteWebhook',
    method: 'DELETE',
    path: '/api/admin/webhooks/{subscriptionId}',
    handler: { file: 'functions/webhooks/admin.ts', export: 'remove' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'RotateWebhookSecret',
    method: 'POST',
    path: '/api/admin/webhooks/{subscriptionId}/secret',
    handler: { file: 'functions/webhooks/admin.ts', export: 'rotateSecret' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'SendWebhookTest',
    method: 'POST',
    path: '/api/admin/webhooks/{subscriptionId}/test',
    handler: { file: 'functions/webhooks/admin.ts', export: 'sendTest' },
    access: 'admin',
    // Sent from this function (never queued), so staff see the answer.
    grants: ['table:write'],
  },
  {
    id: 'ListWebhookAttempts',
    method: 'GET',
    path: '/api/admin/webhooks/{subscriptionId}/attempts',
    handler: { file: 'functions/webhooks/admin.ts', export: 'listAttempts' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ListWebhookDeadLetters',
    method: 'GET',
    path: '/api/admin/webhooks/{subscriptionId}/dead-letters',
    handler: { file: 'functions/webhooks/admin.ts', export: 'listDeadLetters' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'RedeliverWebhookEvent',
    method: 'POST',
    path: '/api/admin/webhooks/{subscriptionId}/redeliveries',
    handler: { file: 'functions/webhooks/admin.ts', export: 'redeliver' },
    access: 'admin',
    grants: ['table:write', 'webhooks:enqueue'],
  },
  {
    id: 'ListPunchoutConfigurations',
    method: 'GET',
    path: '/api/admin/punchout/configurations',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'GetPunchoutConfiguration',
    method: 'GET',
    path: '/api/admin/punchout/configurations/{configId}',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'read' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'CreatePunchoutConfiguration',
    method: 'POST',
    path: '/api/admin/punchout/configurations',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'create' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'UpdatePunchoutConfiguration',
    method: 'PUT',
    path: '/api/admin/punchout/configurations/{configId}',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'update' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'RotatePunchoutSecret',
    method: 'POST',
    path: '/api/admin/punchout/configurations/{configId}/secret',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'rotateSecret' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    // Sends a PunchOutSetupRequest to the shop's own public cXML endpoint over HTTP.
    id: 'TestPunchoutConfiguration',
    method: 'POST',
    path: '/api/admin/punchout/configurations/{configId}/test',
    handler: { file: 'functions/punchout/admin-configurations.ts', export: 'test' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    // userPool:admin: AdminCreateUser and AdminSetUserPassword make the account; AdminDeleteUser undoes it when the records fail.
    id: 'CreatePunchoutClient',
    method: 'POST',
    path: '/api/admin/punchout/clients',
    handler: { file: 'functions/punchout/admin-clients.ts', export: 'create' },
    access: 'admin',
    grants: ['table:write', 'userPool:admin'],
  },
  {
    id: 'GetSystemMonitor',
    method: 'GET',
    path: '/api/admin/monitor',
    handler: { file: 'functions/monitor/monitor-api.ts', export: 'monitor' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'RunIntegrationTests',
    method: 'POST',
    path: '/api/admin/monitor/integration-tests',
    handler: { file: 'functions/monitor/monitor-api.ts', export: 'runIntegrationTests' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'ListDeadLetters',
    method: 'GET',
    path: '/api/admin/dead-letters',
    handler: { file: 'functions/monitor/dead-letters.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'RetryDeadLetter',
    method: 'POST',
    path: '/api/admin/dead-letters/{deadLetterId}/retry',
    handler: { file: 'functions/monitor/dead-letters.ts', export: 'retry' },
    access: 'admin',
    grants: ['table:write', 'consumers:invoke'],
  },
  {
    id: 'ListAppointmentSlots',
    method: 'GET',
    path: '/api/appointments/slots',
    handler: { file: 'functions/appointments/appointments-api.ts', export: 'slots' },
    access: 'public',
    grants: ['table:read'],
  },
  {
    id: 'BookAppointment',
    method: 'POST',
    path: '/api/appointments',
    handler: { file: 'functions/appointments/appointments-api.ts', export: 'book' },
    access: 'public',
    grants: ['table:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'GetAppointmentByToken',
    method: 'GET',
    path: '/api/appointments/by-token/{token}',
    handler: { file: 'functions/appointments/appointments-api.ts', export: 'byToken' },
    access: 'public',
    grants: ['table:read', 'appointments:token'],
  },
  {
    id: 'RescheduleAppointmentByToken',
    method: 'POST',
    path: '/api/appointments/by-token/{token}/reschedule',
    handler: { file: 'functions/appointments/appointments-api.ts', export: 'rescheduleByToken' },
    access: 'public',
    grants: ['table:write', 'bus:publish', 'appointments:token'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'CancelAppointmentByToken',
    method: 'POST',
    path: '/api/appointments/by-token/{token}/cancel',
    handler: { file: 'functions/appointments/appointments-api.ts', export: 'cancelByToken' },
    access: 'public',
    grants: ['table:write', 'bus:publish', 'appointments:token'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'ListAdminAppointments',
    method: 'GET',
    path: '/api/admin/appointments',
    handler: { file: 'functions/appointments/admin-appointments.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'SetAppointmentStatus',
    method: 'POST',
    path: '/api/admin/appointments/{appointmentId}/status',
    handler: { file: 'functions/appointments/admin-appointments.ts', export: 'setStatus' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'RescheduleAppointment',
    method: 'POST',
    path: '/api/admin/appointments/{appointmentId}/reschedule',
    handler: { file: 'functions/appointments/admin-appointments.ts', export: 'rescheduleAppointment' },
    access: 'admin',
    grants: ['table:write', 'bus:publish'],
  },
  {
    id: 'CancelAppointment',
    method: 'POST',
    path: '/api/admin/appointments/{appointmentId}/cancel',
    handler: { file: 'functions/appointments/admin-appointments.ts', export: 'cancelAppointment' },
    access: 'admin',
    grants: ['table:write', 'bus:publish'],
  },
  {
    id: 'SetAppointmentCapacity',
    method: 'PUT',
    path: '/api/admin/appointment-capacity/{date}',
    handler: { file: 'functions/appointments/admin-appointments.ts', export: 'putCapacity' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'CreateResumeUpload',
    method: 'POST',
    path: '/api/job-applications/uploads',
    handler: { file: 'functions/careers/job-applications.ts', export: 'createResumeUpload' },
    access: 'public',
    // storage:write: the presigned POST is signed with this function's credentials; table:write counts uploads per address.
    grants: ['table:write', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'SubmitJobApplication',
    method: 'POST',
    path: '/api/job-applications',
    handler: { file: 'functions/careers/job-applications.ts', export: 'submitJobApplication' },
    access: 'public',
    // storage:write: reads the upload, copies it under the application, deletes the upload (or a refused file).
    grants: ['table:write', 'bus:publish', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'ListJobApplications',
    method: 'GET',
    path: '/api/admin/job-applications',
    handler: { file: 'functions/careers/job-applications.ts', export: 'listJobApplications' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'ChangeJobApplicationStatus',
    method: 'PUT',
    path: '/api/admin/job-applications/{applicationId}/status',
    handler: { file: 'functions/careers/job-applications.ts', export: 'changeJobApplicationStatus' },
    access: 'admin',
    grants: ['table:write'],
  },
  {
    id: 'GetJobApplicationResume',
    method: 'GET',
    path: '/api/admin/job-applications/{applicationId}/resume',
    handler: { file: 'functions/careers/job-applications.ts', export: 'getResumeLink' },
    access: 'admin',
    grants: ['table:read', 'storage:read'],
  },
  {
    // storage:write: signs the presigned POST (its policy bounds the key, type and size); table:write counts it per client address.
    id: 'CreateReturnPhotoUpload',
    method: 'POST',
    path: '/api/returns/uploads',
    handler: { file: 'functions/returns/returns-api.ts', export: 'createUpload' },
    access: 'public',
    grants: ['table:write', 'storage:write'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    // storage:write: a photo that is not an image is deleted.
    id: 'SubmitReturnRequest',
    method: 'POST',
    path: '/api/returns',
    handler: { file: 'functions/returns/returns-api.ts', export: 'submitReturn' },
    access: 'public',
    grants: ['table:read', 'table:write', 'storage:read', 'storage:write', 'bus:publish'],
    throttle: MAIL_SENDING_THROTTLE,
  },
  {
    id: 'ListReturnRequests',
    method: 'GET',
    path: '/api/admin/returns',
    handler: { file: 'functions/returns/admin-returns.ts', export: 'list' },
    access: 'admin',
    grants: ['table:read'],
  },
  {
    id: 'GetReturnRequest',
    method: 'GET',
    path: '/api/admin/returns/{returnId}',
    handler: { file: 'functions/returns/admin-returns.ts', export: 'read' },
    access: 'admin',
    grants: ['table:read', 'storage:read'],
  },
  {
    id: 'TransitionReturnRequest',
    method: 'POST',
    path: '/api/admin/returns/{returnId}/transitions',
    handler: { file: 'functions/returns/admin-returns.ts', export: 'transition' },
    access: 'admin',
    grants: ['table:read', 'table:write', 'storage:read', 'bus:publish', 'payments'],
  },
];

/**
 * The live chat's WebSocket routes, by the `action` of a message (domain/chat/socket.ts). Every
 * route may push, and deletes the record of a connection found gone (table:write).
 */
export const webSocketRoutes: WebSocketRoute[] = [
  {
    id: 'RealtimeConnect',
    routeKey: '$connect',
    handler: { file: 'functions/realtime/connections.ts', export: 'connect' },
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'RealtimeDisconnect',
    routeKey: '$disconnect',
    handler: { file: 'functions/realtime/connections.ts', export: 'disconnect' },
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'RealtimeDefault',
    routeKey: '$default',
    handler: { file: 'functions/realtime/connections.ts', export: 'unknownAction' },
    grants: ['table:write', 'websocket:post'],
  },
  {
    id: 'ChatSendMessage',
    routeKey: 'sendMessage',
    handler: { file: 'functions/chat/socket-api.ts', export: 'sendMessage' },
    grants: ['table:read', 'table:write', 'websocket:post', 'bus:publish'],
  },
  {
    id: 'ChatTyping',
    routeKey: 'typing',
    handler: { file: 'functions/chat/socket-api.ts', export: 'typing' },
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'ChatMarkViewed',
    routeKey: 'markViewed',
    handler: { file: 'functions/chat/socket-api.ts', export: 'markViewed' },
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
  {
    id: 'ChatPing',
    routeKey: 'ping',
    handler: { file: 'functions/chat/socket-api.ts', export: 'ping' },
    grants: ['table:read', 'table:write', 'websocket:post'],
  },
];

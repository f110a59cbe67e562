import {
  CUSTOMER_READS,
  PUBLIC_READS_WRITES,
  handlersIn,
  route,
  staff,
  type HttpRoute,
  type RouteAccess,
} from '../routing';

const checkoutQuoteApi = handlersIn<typeof import('./checkout-quote-api')>('functions/orders/checkout-quote-api.ts');
const checkoutApi = handlersIn<typeof import('./checkout-api')>('functions/orders/checkout-api.ts');
const checkoutSuccessApi = handlersIn<typeof import('./checkout-success-api')>(
  'functions/orders/checkout-success-api.ts',
);
const ordersApi = handlersIn<typeof import('./orders-api')>('functions/orders/orders-api.ts');
const orderDetailApi = handlersIn<typeof import('./order-detail-api')>('functions/orders/order-detail-api.ts');
const cancelApi = handlersIn<typeof import('./cancel-api')>('functions/orders/cancel-api.ts');
const adminOrders = handlersIn<typeof import('./admin-orders')>('functions/orders/admin-orders.ts');
const adminOrderDetail = handlersIn<typeof import('./admin-order-detail')>('functions/orders/admin-order-detail.ts');
const adminOrderTransition = handlersIn<typeof import('./admin-order-transition')>(
  'functions/orders/admin-order-transition.ts',
);

/** storage:read: the order's invoice PDF, linked once it exists. */
const CUSTOMER_READS_INVOICE: RouteAccess = { access: 'customer', grants: ['table:read', 'storage:read'] };

export const ordersRoutes: HttpRoute[] = [
  // table:write and bus:publish: resolving the cart abandons idle carts, as the cart routes do.
  route('QuoteCheckout', 'POST /api/checkout/quote', checkoutQuoteApi('getCheckoutQuote'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
  }),
  route('PlaceOrder', 'POST /api/orders', checkoutApi('placeOrder'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'payments'],
  }),
  route(
    'GetOrderByCheckoutSession',
    'GET /api/checkout/sessions/{checkoutSessionId}',
    checkoutSuccessApi('getOrderByCheckoutSession'),
    CUSTOMER_READS_INVOICE,
  ),
  route('ListMyOrders', 'GET /api/orders', ordersApi('listMyOrders'), CUSTOMER_READS),
  // appointments:token: the order's installation page is signed (the mailed link's token).
  route('GetMyOrder', 'GET /api/orders/{orderId}', orderDetailApi('getMyOrder'), {
    access: 'customer',
    grants: ['table:read', 'storage:read', 'appointments:token'],
  }),
  route(
    'GetMyOrderInvoice',
    'GET /api/orders/{orderId}/invoice',
    orderDetailApi('getMyInvoice'),
    CUSTOMER_READS_INVOICE,
  ),
  // table:write and bus:publish: the blinds go into the caller's cart, with one CartItemsAdded.
  route('ReorderMyOrder', 'POST /api/orders/{orderId}/reorder', ordersApi('reorderMyOrder'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish'],
  }),
  // payments: a paid card order is refunded; storage:read: the answer links the invoice.
  route('CancelMyOrder', 'POST /api/orders/{orderId}/cancel', cancelApi('cancelMyOrder'), {
    access: 'customer',
    grants: ['table:read', 'table:write', 'bus:publish', 'storage:read', 'payments'],
  }),
  // table:write: each look-up is counted per client address (TRACKING_LOOKUPS_PER_ADDRESS).
  route('TrackOrder', 'GET /api/track-order', ordersApi('trackOrder'), PUBLIC_READS_WRITES),
  route('ListOrdersForStaff', 'GET /api/admin/orders', adminOrders('listOrders'), staff('ordersRead', ['table:read'])),
  route(
    'GetOrderForStaff',
    'GET /api/admin/orders/{orderId}',
    adminOrderDetail('getOrder'),
    staff('ordersRead', ['table:read', 'storage:read', 'userPool:readUsers']),
  ),
  route(
    'TransitionOrder',
    'POST /api/admin/orders/{orderId}/transitions',
    adminOrderTransition('transitionOrder'),
    staff('orderProgress', [
      'table:read',
      'table:write',
      'bus:publish',
      'storage:read',
      'payments',
      'userPool:readUsers',
    ]),
  ),
  // The duty of the line's moves; a cancel, which gives money back, is checked as `refunds` in the handler.
  route(
    'TransitionOrderLine',
    'POST /api/admin/orders/{orderId}/lines/{position}/transitions',
    adminOrderTransition('transitionOrderLine'),
    staff('orderProgress', [
      'table:read',
      'table:write',
      'bus:publish',
      'storage:read',
      'payments',
      'userPool:readUsers',
    ]),
  ),
  route(
    'TransitionOrders',
    'POST /api/admin/orders/transitions',
    adminOrders('transitionOrders'),
    staff('orderProgress', ['table:read', 'table:write', 'bus:publish']),
  ),
];

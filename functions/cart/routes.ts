import { PUBLIC_READS_WRITES_PUBLISHES, handlersIn, route, type HttpRoute } from '../routing';

const cartApi = handlersIn<typeof import('./cart-api')>('functions/cart/cart-api.ts');

export const cartRoutes: HttpRoute[] = [
  route('GetCart', 'GET /api/cart', cartApi('getCart'), PUBLIC_READS_WRITES_PUBLISHES),
  route('GetCartCount', 'GET /api/cart/count', cartApi('getCartCount'), PUBLIC_READS_WRITES_PUBLISHES),
  route('AddCartItem', 'POST /api/cart/items', cartApi('addItem'), PUBLIC_READS_WRITES_PUBLISHES),
  route('UpdateCartItem', 'PATCH /api/cart/items/{itemId}', cartApi('updateItem'), PUBLIC_READS_WRITES_PUBLISHES),
  route('RemoveCartItem', 'DELETE /api/cart/items/{itemId}', cartApi('removeItem'), PUBLIC_READS_WRITES_PUBLISHES),
  route('ClearCart', 'DELETE /api/cart/items', cartApi('clearCart'), PUBLIC_READS_WRITES_PUBLISHES),
  route('SignOutCarts', 'POST /api/cart/sign-out', cartApi('signOutCarts'), {
    access: 'customer',
    grants: ['table:write', 'bus:publish'],
  }),
];

/**
 * The cart API as the pages use it. Every call carries the browser's shopping session id and, once
 * a client is signed in, their access token; the server decides which cart that is.
 */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { CartCount, CartView } from '#domain/cart/view';
import type { ConfigurationInput } from '#domain/pricing/configuration';
import { accessTokenIfSignedIn } from '../auth/access-token';
import { enteredPromoCode } from '../lib/promo-code';
import { shoppingSessionId } from '../lib/shopping-session';
import { apiRequest, type RequestOptions } from './client';

export type { CartLineView, CartView } from '#domain/cart/view';

export const CART_UPDATED_EVENT = 'cartUpdated';

/** A call that answers the cart view carries the promotion code entered, for the server to apply (`promoCode` of the view). */
function withPromoCode(path: string): string {
  const code = enteredPromoCode();
  return code ? `${path}?promoCode=${encodeURIComponent(code)}` : path;
}

async function cartRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = await accessTokenIfSignedIn();
  return apiRequest<T>(path, {
    ...options,
    headers: {
      ...options.headers,
      [SESSION_ID_HEADER]: shoppingSessionId(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

function announceCartChange<T>(result: T): T {
  announceCartChanged();
  return result;
}

/** The server prices the configuration itself; rejects with an ApiError (400 with the engine's message when it cannot be priced). */
export async function addConfigurationToCart(
  configuration: ConfigurationInput,
  options: { roomLabel?: string; timeoutMs?: number } = {},
): Promise<CartView> {
  const body = { configuration, ...(options.roomLabel ? { roomLabel: options.roomLabel } : {}) };
  return announceCartChange(
    await cartRequest<CartView>(withPromoCode('/cart/items'), { method: 'POST', body, timeoutMs: options.timeoutMs }),
  );
}

export function fetchCart(options: { signal?: AbortSignal } = {}): Promise<CartView> {
  return cartRequest<CartView>(withPromoCode('/cart'), options);
}

export async function fetchCartCount(options: { signal?: AbortSignal } = {}): Promise<number> {
  const body = await cartRequest<CartCount>('/cart/count', options);
  return typeof body?.count === 'number' ? body.count : 0;
}

export async function updateCartItemQuantity(itemId: string, quantity: number): Promise<CartView> {
  return announceCartChange(
    await cartRequest<CartView>(withPromoCode(`/cart/items/${encodeURIComponent(itemId)}`), {
      method: 'PATCH',
      body: { quantity },
    }),
  );
}

export async function removeCartItem(itemId: string): Promise<CartView> {
  return announceCartChange(
    await cartRequest<CartView>(withPromoCode(`/cart/items/${encodeURIComponent(itemId)}`), { method: 'DELETE' }),
  );
}

export async function clearCart(): Promise<CartView> {
  return announceCartChange(await cartRequest<CartView>(withPromoCode('/cart/items'), { method: 'DELETE' }));
}

/** Sign-out waits this long at most for the server to abandon the client's carts. */
const SIGN_OUT_CARTS_TIMEOUT_MS = 3_000;

/** POST /cart/sign-out with the client's token: their active carts become abandoned (revivable for 24 h when they sign in again). */
export async function abandonSignedInClientCarts(): Promise<void> {
  await apiRequest('/cart/sign-out', { method: 'POST', auth: true, timeoutMs: SIGN_OUT_CARTS_TIMEOUT_MS });
}

/**
 * The badge and the cart page read the cart again: after blinds were added outside this module
 * (reorders, property windows), or sign-in attached the guest's cart, or sign-out left it.
 */
export function announceCartChanged(): void {
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/**
 * The checkout routes (domain/orders/README.md): the live quote of the order summary, placing the
 * order, and the success page's look-up of a paid session. Each carries the signed-in client's
 * access token and the browser's shopping session id (the sample cart is the session's).
 */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { CheckoutQuoteRequest, PlaceOrderRequest, PlaceOrderResponse } from '#domain/checkout/checkout';
import type { OrderDetail } from '#domain/orders/responses';
import type { CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { shoppingSessionId } from '../lib/shopping-session';
import { apiRequest, type RequestOptions } from './client';

export type { CheckoutLine, CheckoutProblem, CheckoutQuote, PlaceOrderRequest } from '#domain/checkout/checkout';

function checkoutRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, {
    ...options,
    auth: true,
    headers: { ...options.headers, [SESSION_ID_HEADER]: shoppingSessionId() },
  });
}

/**
 * Every figure of the order summary for this address, computed by the server from the cart, and
 * the lines the measure check questions.
 */
export function fetchCheckoutQuote(
  request: CheckoutQuoteRequest,
  options: { signal?: AbortSignal } = {},
): Promise<CheckoutQuoteWithFitChecks> {
  return checkoutRequest<CheckoutQuoteWithFitChecks>('/checkout/quote', {
    method: 'POST',
    body: request,
    signal: options.signal,
  });
}

/** Placing can take the payment provider's round trip: more than the default time-out. */
const PLACE_ORDER_TIMEOUT_MS = 25_000;

/** Writes the order and opens its hosted payment session; the page then goes to `checkoutUrl`. */
export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResponse> {
  return checkoutRequest<PlaceOrderResponse>('/orders', {
    method: 'POST',
    body: request,
    timeoutMs: PLACE_ORDER_TIMEOUT_MS,
  });
}

/** The order a payment session belongs to (its owner only: 404 for anyone else). Never writes. */
export function fetchOrderOfCheckoutSession(
  checkoutSessionId: string,
  options: { signal?: AbortSignal } = {},
): Promise<OrderDetail> {
  return apiRequest<OrderDetail>(`/checkout/sessions/${encodeURIComponent(checkoutSessionId)}`, {
    auth: true,
    signal: options.signal,
  });
}

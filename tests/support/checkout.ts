/**
 * A customer's way from cart to a paid order on a local stack, as the browser and the payment page
 * take it: the API with the customer's token and shopping session, and the Stripe stand-in's
 * control surface (infra/local/stripe/README.md) standing in for the card on the hosted page.
 */
import { randomUUID } from 'node:crypto';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { configurationSchema, defaultConfiguration, type Configuration } from '#domain/pricing/configuration';
import type { CheckoutAddressInput } from '#domain/checkout/checkout';
import type { OrderDetail } from '#domain/orders/responses';
import { priceConfiguration } from '#domain/pricing/price';
import type { EventRecord } from '../../infra/local/stripe/objects';
import { registerConfirmedCustomer, type RegisteredCustomer } from './customer';
import { localTools } from './local-tools';

export interface Shopper extends RegisteredCustomer {
  /** The browser's shopping session id (x-shopping-session-id). */
  session: string;
}

export interface Answer<T = any> {
  status: number;
  body: T;
}

/** A registered, signed-in customer with a fresh browser session. */
export async function newShopper(baseUrl: string, name = { firstName: 'Casey', lastName: 'Buyer' }): Promise<Shopper> {
  return { ...(await registerConfirmedCustomer(baseUrl, name)), session: `checkout-${randomUUID()}` };
}

/** An API call as the browser makes it: the shopper's token (if any) and session. */
export async function api<T = any>(
  baseUrl: string,
  shopper: Partial<Pick<Shopper, 'accessToken' | 'session'>> | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(shopper?.accessToken ? { authorization: `Bearer ${shopper.accessToken}` } : {}),
      ...(shopper?.session ? { 'x-shopping-session-id': shopper.session } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Faux wood 35 x 60 (priced from the seed grid), or the same with other fields. */
export function blind(fields: Record<string, unknown> = {}): Configuration {
  return configurationSchema.parse({
    ...defaultConfiguration('faux-wood-blinds'),
    width: { inches: 35, eighths: 0 },
    length: { inches: 60, eighths: 0 },
    ...fields,
  });
}

/** A blind's unit price from the seeded grids: the list price the shared test stacks charge. */
export function seedUnitCents(configuration: Configuration): number {
  const priced = priceConfiguration(configuration, SEED_PRICE_GRIDS);
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.unitCents;
}

export async function addToCart(
  baseUrl: string,
  shopper: Shopper,
  configuration: Configuration,
  roomLabel?: string,
): Promise<void> {
  const answer = await api(baseUrl, shopper, 'POST', '/cart/items', {
    configuration,
    ...(roomLabel ? { roomLabel } : {}),
  });
  if (answer.status !== 201)
    throw new Error(`adding to the cart answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export async function addSample(
  baseUrl: string,
  shopper: Shopper,
  family = 'faux-wood-blinds',
  colorCode = 'E02',
): Promise<void> {
  const answer = await api(baseUrl, shopper, 'POST', '/samples', { family, colorCode });
  if (answer.status !== 201)
    throw new Error(`adding a sample answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export const DALLAS: CheckoutAddressInput = {
  address1: '1200 Elm St',
  address2: 'Suite 4',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75201',
};
export const DENVER: CheckoutAddressInput = {
  address1: '1600 Broadway',
  address2: '',
  city: 'Denver',
  state: 'CO',
  zipCode: '80202',
};

export function placement(shopper: Shopper, fields: Record<string, unknown> = {}) {
  return {
    placementKey: randomUUID(),
    customer: { name: 'Casey Buyer', email: shopper.email, phone: '214-555-0100' },
    shippingAddress: DENVER,
    billingSameAsShipping: true,
    installation: false,
    ...fields,
  };
}

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  checkoutUrl: string;
  /** The hosted checkout session's id, the last segment of its page's URL. */
  checkoutSessionId: string;
}

export async function placeOrder(
  baseUrl: string,
  shopper: Shopper,
  body: Record<string, unknown> = placement(shopper),
): Promise<PlacedOrder> {
  const answer = await api(baseUrl, shopper, 'POST', '/orders', body);
  if (answer.status !== 201)
    throw new Error(`placing the order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { ...answer.body, checkoutSessionId: new URL(answer.body.checkoutUrl).pathname.split('/').pop()! };
}

/** The stand-in's control surface: pay, settle, expire a session, list and re-deliver events. */
export async function stripeControl(baseUrl: string, path: string, body: unknown = {}): Promise<Answer> {
  const response = await localTools(baseUrl, `/stripe${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Pays the session with the card that pays (or as told), and answers the event the stand-in made. */
export async function pay(
  baseUrl: string,
  checkoutSessionId: string,
  options: Record<string, unknown> = {},
): Promise<EventRecord['event']> {
  const answer = await stripeControl(baseUrl, `/sessions/${checkoutSessionId}/pay`, {
    card: '4242424242424242',
    ...options,
  });
  if (answer.status !== 200)
    throw new Error(`paying ${checkoutSessionId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body.event as EventRecord).event;
}

export async function stripeEvents(baseUrl: string, objectId: string, type: string): Promise<EventRecord[]> {
  const answer = await localTools(
    baseUrl,
    `/stripe/events?object=${encodeURIComponent(objectId)}&type=${encodeURIComponent(type)}`,
  );
  return ((await answer.json()) as { data: EventRecord[] }).data;
}

/** The order as its owner reads it. */
export async function myOrder(baseUrl: string, shopper: Shopper, orderId: string): Promise<OrderDetail> {
  const answer = await api<OrderDetail>(baseUrl, shopper, 'GET', `/orders/${orderId}`);
  if (answer.status !== 200) throw new Error(`reading order ${orderId} answered ${answer.status}`);
  return answer.body;
}

/** A shopper with a blind in the cart and an order placed for it, not paid yet. */
export async function shopperWithPlacedOrder(
  baseUrl: string,
  fields: Record<string, unknown> = {},
): Promise<{ shopper: Shopper; order: PlacedOrder }> {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind());
  return { shopper, order: await placeOrder(baseUrl, shopper, placement(shopper, fields)) };
}

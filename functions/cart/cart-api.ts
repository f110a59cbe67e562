/**
 * The cart routes (public: guests and signed-in clients; sign-out: the signed-in client). The caller is the shopping session id of
 * the header plus, when a valid bearer token comes along, the client; a cart is only ever reached
 * through them, so a session never sees another session's cart nor a client another client's.
 * A punch-out buyer's browser sends its partner token instead: the caller is then the partner
 * session's own shopping session (no client), and every line is priced with its configuration's
 * pricing rules (functions/punchout/sessions-api.ts); a signed-in client's, with their price list in
 * effect (domain/pricing/price-list.ts).
 */
import * as z from 'zod';
import { shopDateAt } from '#domain/appointments/schedule';
import { describeLine, lineTitle } from '#domain/cart/line';
import { billedTotals, cartTotals } from '#domain/cart/totals';
import { NO_PROMOTIONS } from '#domain/promotions/promotion';
import type { CartLineView, CartView } from '#domain/cart/view';
import { pricingRulesPriceList } from '#domain/punchout/configuration';
import { PARTNER_MESSAGES } from '#domain/punchout/partner-messages';
import { configurationSchema, quantitySchema } from '#domain/pricing/configuration';
import { configurationFieldErrors } from '#domain/pricing/errors';
import { priceConfiguration } from '#domain/pricing/price';
import { contractUnitCents, type PriceList } from '#domain/pricing/price-list';
import { singleLineText } from '#domain/text';
import { CartItemAdded } from '#events/cart';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { volumeTiersNow } from '../catalogue/volume-table-store';
import { authorizedCaller } from '../lib/caller';
import { publish } from '../lib/events';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { promotionOffersFor } from '../promotions/offers';
import { partnerCallerOf } from '../punchout/sessions-api';
import { abandonClientCarts, addToVisitorsCart, loadCart, resolveCart } from './cart-lifecycle-store';
import { clearLines, readCart, removeLine, setLineQuantity, type Visitor } from './cart-store';
import { visitorOf } from './visitor';

/** Whose cart, at which prices, and how it is paid. */
export interface CartBuyer {
  visitor: Visitor;
  /** The caller's contract prices in effect, or null: list prices. */
  priceList: PriceList | null;
  /** The promotion code of `?promoCode=`. */
  promoCode: string | undefined;
  /** A punch-out buyer's cart goes on their purchase order (CartView.billing). */
  billing: CartView['billing'];
}

/** Whose cart it is, without their prices: the punch-out buyer of a valid partner token, or the shopper. */
async function cartVisitorOf(event: HttpEvent, now: Date) {
  const partner = await partnerCallerOf(event, now);
  return { partner, visitor: partner ? partner.visitor : await visitorOf(event) };
}

/**
 * The shopper with their price list in effect, if any; or the punch-out buyer of a valid partner
 * token with their configuration's prices. `changes`: the call would change the cart, which a
 * requisition opened for inspection refuses.
 */
async function cartCallerOf(event: HttpEvent, { changes }: { changes: boolean }): Promise<CartBuyer> {
  const now = new Date();
  const { partner, visitor } = await cartVisitorOf(event, now);
  const promoCode = event.queryStringParameters?.promoCode;
  if (!partner) {
    const priceList = visitor.clientId ? await clientPriceListInEffect(visitor.clientId, now) : null;
    return { visitor, priceList, promoCode, billing: 'checkout' };
  }
  if (changes && partner.session.operation === 'inspect') throw new HttpError(403, PARTNER_MESSAGES.inspectOnly);
  return {
    visitor: partner.visitor,
    priceList: pricingRulesPriceList(partner.configuration.pricingRules),
    promoCode: undefined,
    billing: 'purchaseOrder',
  };
}

/**
 * Every line re-priced with the current grids (at the caller's contract prices, if any), with the
 * promotions it is offered (the code given and the sales in effect; a contract's prices take none,
 * decision 0053); a line whose price moved since it was added says so.
 */
export async function cartView(
  cartId: string,
  { visitor, priceList, promoCode, billing }: CartBuyer,
): Promise<CartView> {
  const now = new Date();
  const [{ status, lines }, { grids }, offers, tiers] = await Promise.all([
    readCart(cartId, visitor),
    loadCurrentGrids(),
    priceList && !promoCode ? NO_PROMOTIONS : promotionOffersFor(promoCode, visitor.clientId, now),
    volumeTiersNow(now),
  ]);
  const today = shopDateAt(now);
  const items: CartLineView[] = lines.map((line) => {
    const configuration = { ...line.configuration, quantity: line.quantity };
    const result = priceConfiguration(configuration, grids);
    const listUnitCents = result.ok ? result.unitCents : line.addedUnitCents;
    const unitCents = result.ok ? contractUnitCents(listUnitCents, configuration, priceList, today) : listUnitCents;
    return {
      id: line.lineId,
      configuration,
      roomLabel: line.roomLabel ?? null,
      quantity: line.quantity,
      unitCents,
      listUnitCents,
      lineCents: unitCents * line.quantity,
      addedUnitCents: line.addedUnitCents,
      priceChanged: result.ok && unitCents !== line.addedUnitCents,
      priceError: result.ok ? null : result.error.message,
      title: lineTitle(configuration),
      description: describeLine(configuration, line.roomLabel ?? null),
      addedAt: line.addedAt,
    };
  });
  const totals = cartTotals(
    items.map((item) => ({
      lineCents: item.lineCents,
      quantity: item.quantity,
      priced: item.priceError === null,
      family: item.configuration.family,
    })),
    priceList !== null,
    offers,
    tiers,
  );
  return { id: cartId, status, items, ...billedTotals(totals, billing) };
}

async function existingCart(visitor: Visitor, now: Date): Promise<string> {
  const cartId = await resolveCart(visitor, now, { create: false });
  if (!cartId) throw new HttpError(404, 'This item is no longer in your cart.');
  return cartId;
}

/** GET /api/cart; `broughtBack` when this load merged the client's abandoned cart in at sign-in. */
export const getCart = httpHandler(async (event) => {
  const buyer = await cartCallerOf(event, { changes: false });
  const { cartId, broughtBack } = await loadCart(buyer.visitor, new Date());
  const view = await cartView(cartId, buyer);
  return json(200, broughtBack > 0 ? { ...view, broughtBack } : view);
});

/** GET /api/cart/count: the total quantity, without creating a cart for a first-time visitor. */
export const getCartCount = httpHandler(async (event) => {
  const now = new Date();
  const { visitor } = await cartVisitorOf(event, now);
  const cartId = await resolveCart(visitor, now, { create: false });
  if (!cartId) return json(200, { count: 0 });
  const { lines } = await readCart(cartId, visitor);
  return json(200, { count: lines.reduce((sum, line) => sum + line.quantity, 0) });
});

const ROOM_LABEL_MAX = 80;

/** Only the configuration and a room label are read: a price in the body is not part of the schema. */
const addItemSchema = z.object({
  configuration: configurationSchema,
  roomLabel: singleLineText('Room label').max(ROOM_LABEL_MAX).optional(),
});

/** POST /api/cart/items: priced here; an unpriceable configuration is refused with the engine's message. */
export const addItem = httpHandler(async (event) => {
  const buyer = await cartCallerOf(event, { changes: true });
  const { visitor, priceList } = buyer;
  const { configuration, roomLabel } = parseBody(event, addItemSchema);
  const { grids } = await loadCurrentGrids();
  const quote = priceConfiguration(configuration, grids);
  if (!quote.ok) throw new HttpError(400, quote.error.message, configurationFieldErrors(quote.error));
  const now = new Date();
  const unitCents = contractUnitCents(quote.unitCents, configuration, priceList, shopDateAt(now));
  const { cartId, lineId } = await addToVisitorsCart(
    visitor,
    configuration,
    quote.quantity,
    unitCents,
    roomLabel || null,
    now,
  );
  await publish(CartItemAdded, {
    cartId,
    lineId,
    clientId: visitor.clientId,
    family: configuration.family,
    series: configuration.series,
    quantityAdded: quote.quantity,
    unitCents,
    addedAt: now.toISOString(),
  });
  return json(201, await cartView(cartId, buyer));
});

function itemIdOf(event: HttpEvent): string {
  const itemId = event.pathParameters?.itemId;
  if (!itemId) throw new HttpError(404, 'This item is no longer in your cart.');
  return itemId;
}

const lineQuantitySchema = z.object({ quantity: quantitySchema });

/** PATCH /api/cart/items/{itemId} */
export const updateItem = httpHandler(async (event) => {
  const buyer = await cartCallerOf(event, { changes: true });
  const { visitor } = buyer;
  const { quantity } = parseBody(event, lineQuantitySchema);
  const now = new Date();
  const cartId = await existingCart(visitor, now);
  await setLineQuantity(cartId, visitor, itemIdOf(event), quantity, now);
  return json(200, await cartView(cartId, buyer));
});

/** DELETE /api/cart/items/{itemId} */
export const removeItem = httpHandler(async (event) => {
  const buyer = await cartCallerOf(event, { changes: true });
  const { visitor } = buyer;
  const now = new Date();
  const cartId = await existingCart(visitor, now);
  await removeLine(cartId, visitor, itemIdOf(event), now);
  return json(200, await cartView(cartId, buyer));
});

/** DELETE /api/cart/items */
export const clearCart = httpHandler(async (event) => {
  const buyer = await cartCallerOf(event, { changes: true });
  const { visitor } = buyer;
  const now = new Date();
  const cartId = await resolveCart(visitor, now, { create: true });
  await clearLines(cartId, visitor, now);
  return json(200, await cartView(cartId, buyer));
});

/**
 * POST /api/cart/sign-out (customer): the SPA calls it before dropping the tokens; every active cart
 * of the caller becomes abandoned, so the signed-out browser shows none of it.
 */
export const signOutCarts = httpHandler(async (event) => {
  const abandoned = await abandonClientCarts(authorizedCaller(event).userId, new Date());
  return json(200, { abandoned });
});

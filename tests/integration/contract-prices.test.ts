/**
 * Contract prices against the local stack (issue 27, decision 0055): staff give a client a price
 * list, and the cart, the checkout quote, the order and its payment page charge the client's own
 * prices with no volume tier and no promotion; a list out of its dates is list prices; only staff
 * read or set a list.
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { FAUX_WOOD_PRINTED_COLORS } from '#domain/catalogue/colors';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { mulDivRoundHalfUp } from '#domain/pricing/money';
import { priceConfiguration } from '#domain/pricing/price';
import type { ClientPriceListInput } from '#domain/pricing/price-list-schema';
import { PROMOTION_MESSAGES } from '#domain/promotions/promotion';
import {
  addToCart,
  api,
  blind,
  DALLAS,
  myOrder,
  newShopper,
  placement,
  placeOrder,
  type Shopper,
} from '../support/checkout';
import { localStripe } from '../support/local-stripe';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let stripe: Stripe;
let staff: { accessToken: string };

beforeAll(async () => {
  stripe = localStripe(env);
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
});

const today = () => shopDateAt(new Date());

/** Faux wood 10% off, its standard series 20% off, in effect from `startsOn` for 30 days. */
const priceList = (startsOn = today()): ClientPriceListInput => ({
  families: [{ family: 'faux-wood-blinds', percentOff: 10 }],
  series: [{ family: 'faux-wood-blinds', series: 'printed', percentOff: 20 }],
  startsOn,
  endsOn: addDays(startsOn, 30),
});

async function givePriceList(shopper: Shopper, list: ClientPriceListInput): Promise<void> {
  const answer = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/price-list`, list);
  if (answer.status !== 200)
    throw new Error(`setting a price list answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

const listUnitCents = (configuration: ReturnType<typeof blind>) => {
  const priced = priceConfiguration({ ...configuration, quantity: 1 }, SEED_PRICE_GRIDS);
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.unitCents;
};

const quote = async (shopper: Shopper, promoCode?: string) =>
  (await api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', { shippingAddress: DALLAS, promoCode })).body;

describe('a client with a price list', () => {
  it('pays their own prices in the cart, the quote, the order and the payment page, with no volume tier', async () => {
    const shopper = await newShopper(baseUrl);
    await givePriceList(shopper, priceList());
    const living = blind({ quantity: 12 });
    const list = listUnitCents(living);
    const unitCents = mulDivRoundHalfUp(list, 90, 100);
    const blinds = unitCents * 12;
    const tax = mulDivRoundHalfUp(blinds, 8, 100);

    const mine = (await api(baseUrl, shopper, 'GET', '/price-list')).body;
    expect(mine.priceList).toMatchObject({ families: { 'faux-wood-blinds': 90_000_000 }, startsOn: today() });

    await addToCart(baseUrl, shopper, living, 'Living room');
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cart.items[0]).toMatchObject({ unitCents, listUnitCents: list, lineCents: blinds });
    expect(cart).toMatchObject({
      subtotalCents: blinds,
      discountCents: 0,
      discounts: [],
      volumeNudge: null,
      estimatedTotalCents: blinds + tax,
    });

    // A promotion code is refused, saying why: the contract's prices take the place of promotions.
    const withCode = (await api(baseUrl, shopper, 'GET', '/cart?promoCode=SPRING10')).body;
    expect(withCode.promoCode).toEqual({
      code: 'SPRING10',
      status: 'refused',
      message: PROMOTION_MESSAGES.contractPrices,
    });

    const figures = await quote(shopper);
    expect(figures.lines[0]).toMatchObject({ unitCents, listUnitCents: list, lineCents: blinds });
    expect(figures).toMatchObject({ subtotalCents: blinds, discountCents: 0, discounts: [], taxCents: tax });
    expect(figures.totalCents).toBe(blinds + tax);

    const placed = await placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS }));
    const order = await myOrder(baseUrl, shopper, placed.orderId);
    expect(order.lines[0]).toMatchObject({ unitCents, lineCents: blinds });
    expect(order.totals).toMatchObject({
      subtotalCents: blinds,
      discountCents: 0,
      taxCents: tax,
      totalCents: blinds + tax,
    });
    const session = await stripe.checkout.sessions.retrieve(placed.checkoutSessionId);
    expect(session.amount_total).toBe(blinds + tax);
  });

  it("prices a series of its own at the series' percent", async () => {
    const shopper = await newShopper(baseUrl);
    await givePriceList(shopper, priceList());
    const printed = blind({ series: 'printed', color: FAUX_WOOD_PRINTED_COLORS[0]!.code });
    const list = listUnitCents(printed);
    const added = await api(baseUrl, shopper, 'POST', '/cart/items', { configuration: printed });
    expect(added.status).toBe(201);
    expect(added.body.items[0]).toMatchObject({ unitCents: mulDivRoundHalfUp(list, 80, 100), listUnitCents: list });
  });

  it('sees their price on the blinds they saved, with the list price beside it', async () => {
    const shopper = await newShopper(baseUrl);
    await givePriceList(shopper, priceList());
    const living = blind();
    const list = listUnitCents(living);
    const saved = await api(baseUrl, shopper, 'POST', '/saved-products', {
      name: 'Living room',
      configuration: living,
    });
    expect(saved.status).toBe(201);
    const yours = { unitCents: mulDivRoundHalfUp(list, 90, 100), listUnitCents: list };
    expect(saved.body.savedProduct).toMatchObject(yours);
    expect((await api(baseUrl, shopper, 'GET', '/saved-products')).body.savedProducts).toMatchObject([yours]);
  });

  it("orders a property's windows at their price: the cart's lines, and the total the order answers", async () => {
    const shopper = await newShopper(baseUrl);
    await givePriceList(shopper, priceList());
    const property = await api(baseUrl, shopper, 'POST', '/properties', {
      name: 'Elm Court',
      address1: '4 Elm Court',
      city: 'Irving',
      state: 'TX',
      zipCode: '75038',
      propertyType: 'apartment',
      isCommercial: true,
      totalUnitsCount: 12,
      completedUnitsCount: 0,
      propertyStatus: 'active',
    });
    expect(property.status, JSON.stringify(property.body)).toBe(201);
    const windows = `/properties/${property.body.property.id}/windows`;
    const measured = { roomName: 'Unit 1 living', widthTop: 36, widthMiddle: 36, widthBottom: 36, height: 48 };
    expect((await api(baseUrl, shopper, 'POST', windows, measured)).status).toBe(201);

    const ordered = await api(baseUrl, shopper, 'POST', `/properties/${property.body.property.id}/window-orders`, {
      family: 'faux-wood-blinds',
      colorCode: 'E02',
      mount: 'inside',
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    const line = cart.items[0];
    expect(line.unitCents).toBe(mulDivRoundHalfUp(line.listUnitCents, 90, 100));
    expect(line.priceChanged, 'added at the price the cart shows').toBe(false);
    expect(ordered.body.totalCents).toBe(line.lineCents);
  });

  it('pays list prices, with the volume tier, when the list is not in effect', async () => {
    const shopper = await newShopper(baseUrl);
    await givePriceList(shopper, priceList(addDays(today(), 1)));
    expect((await api(baseUrl, shopper, 'GET', '/price-list')).body).toEqual({ priceList: null });
    const living = blind({ quantity: 12 });
    const blinds = listUnitCents(living) * 12;
    await addToCart(baseUrl, shopper, living);
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cart.items[0]).toMatchObject({ unitCents: listUnitCents(living), listUnitCents: listUnitCents(living) });
    expect(cart).toMatchObject({ subtotalCents: blinds, discountCents: mulDivRoundHalfUp(blinds, 5, 100) });
    const figures = await quote(shopper);
    expect(figures.lines[0]!.listUnitCents).toBeUndefined();
    expect(figures).toMatchObject({ subtotalCents: blinds, discountCents: mulDivRoundHalfUp(blinds, 5, 100) });
  });
});

describe('setting a price list', () => {
  it('is for staff only, names every bad field, needs a client, and can be removed', async () => {
    const shopper = await newShopper(baseUrl);
    const path = `/admin/clients/${shopper.clientId}/price-list`;
    expect((await api(baseUrl, null, 'PUT', path, priceList())).status).toBe(401);
    expect((await api(baseUrl, shopper, 'PUT', path, priceList())).status).toBe(403);
    expect((await api(baseUrl, shopper, 'GET', path)).status).toBe(403);
    expect((await api(baseUrl, shopper, 'GET', '/price-list')).body).toEqual({ priceList: null });

    const bad = await api(baseUrl, staff, 'PUT', path, {
      ...priceList(),
      families: [{ family: 'faux-wood-blinds', percentOff: 95 }],
      series: [{ family: 'wood-blinds', series: 'printed', percentOff: 10 }],
      endsOn: addDays(today(), -1),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      'families.0.percentOff': 'Percent off must be a number from 0 to 90, with at most two decimals.',
      'series.0.series': 'Please choose a series of Wood Blinds.',
      endsOn: 'End date must be on or after the start date.',
    });
    expect((await api(baseUrl, staff, 'GET', path)).body).toEqual({ priceList: null });

    expect((await api(baseUrl, staff, 'PUT', '/admin/clients/no-such-client/price-list', priceList())).status).toBe(
      404,
    );

    await givePriceList(shopper, priceList());
    expect((await api(baseUrl, staff, 'GET', path)).body.priceList).toMatchObject(priceList());

    expect((await api(baseUrl, shopper, 'DELETE', path)).status).toBe(403);
    expect((await api(baseUrl, staff, 'DELETE', path)).body).toEqual({ priceList: null });
    expect((await api(baseUrl, staff, 'GET', path)).body).toEqual({ priceList: null });
    expect((await api(baseUrl, shopper, 'GET', '/price-list')).body, 'back on list prices').toEqual({
      priceList: null,
    });
    expect((await api(baseUrl, staff, 'DELETE', path)).status, 'none to remove').toBe(200);
  });
});

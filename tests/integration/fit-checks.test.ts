import { describe, expect, inject, it } from 'vitest';
import type { CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { FIT_CONFIRMED_NOTE } from '#domain/properties/fit-check';
import { addToCart, api, blind, DENVER, myOrder, newShopper, placement, type Shopper } from '../support/checkout';

const baseUrl = inject('baseUrl');

/** A shopper whose Kitchen window measures 35" x 60" (its frame square). */
async function shopperWithKitchenWindow(): Promise<Shopper> {
  const shopper = await newShopper(baseUrl);
  await api(baseUrl, shopper, 'POST', '/properties/default');
  const { defaultPropertyId } = (await api(baseUrl, shopper, 'GET', '/properties')).body;
  const window = { roomName: 'Kitchen', widthTop: 35, widthMiddle: 35, widthBottom: 35, height: 60 };
  expect((await api(baseUrl, shopper, 'POST', `/properties/${defaultPropertyId}/windows`, window)).status).toBe(201);
  return shopper;
}

const quote = async (shopper: Shopper) =>
  (await api<CheckoutQuoteWithFitChecks>(baseUrl, shopper, 'POST', '/checkout/quote', { shippingAddress: DENVER }))
    .body;

describe('the measure check at checkout', () => {
  it('lists a swapped size beside the window, refuses to place it unconfirmed, and is gone once the line is fixed', async () => {
    const shopper = await shopperWithKitchenWindow();
    await addToCart(
      baseUrl,
      shopper,
      blind({ width: { inches: 60, eighths: 0 }, length: { inches: 35, eighths: 0 } }),
      'Kitchen',
    );

    const { fitChecks } = await quote(shopper);
    expect(fitChecks).toEqual([
      expect.objectContaining({
        kind: 'swapped',
        place: 'Kitchen',
        lineSize: { width: { inches: 60, eighths: 0 }, length: { inches: 35, eighths: 0 } },
        windowSize: { width: { inches: 35, eighths: 0 }, length: { inches: 60, eighths: 0 } },
      }),
    ]);
    const refused = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Please fix or confirm each size the measure check lists before paying.');

    expect((await api(baseUrl, shopper, 'DELETE', `/cart/items/${fitChecks[0]!.lineId}`)).status).toBe(200);
    await addToCart(
      baseUrl,
      shopper,
      blind({ width: { inches: 35, eighths: 0 }, length: { inches: 60, eighths: 0 } }),
      'Kitchen',
    );
    expect((await quote(shopper)).fitChecks).toEqual([]);
    const placed = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper));
    expect(placed.status).toBe(201);
    expect((await myOrder(baseUrl, shopper, placed.body.orderId)).lines[0]!.note).toBeUndefined();
  });

  it('places a line the customer confirmed as it is, carrying the confirmation to staff', async () => {
    const shopper = await shopperWithKitchenWindow();
    await addToCart(
      baseUrl,
      shopper,
      blind({ width: { inches: 36, eighths: 0 }, length: { inches: 60, eighths: 0 } }),
      'Kitchen',
    );
    await addToCart(
      baseUrl,
      shopper,
      blind({ width: { inches: 24, eighths: 0 }, length: { inches: 36, eighths: 0 } }),
      'Den',
    );
    const { fitChecks } = await quote(shopper);
    expect(fitChecks.map((check) => check.kind)).toEqual(['sizeDiffers']);

    const placed = await api(
      baseUrl,
      shopper,
      'POST',
      '/orders',
      placement(shopper, { confirmedFitLines: [fitChecks[0]!.lineId] }),
    );
    expect(placed.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    const notes = Object.fromEntries(order.lines.map((line) => [line.roomLabel, line.note ?? null]));
    expect(notes).toEqual({ Kitchen: FIT_CONFIRMED_NOTE, Den: null });
  });
});

describe('the sizes of the windows a customer measured', () => {
  it('answers the sizes alone, of every property of the caller and of no one else, and only to a signed-in caller', async () => {
    const shopper = await shopperWithKitchenWindow();
    const { defaultPropertyId } = (await api(baseUrl, shopper, 'GET', '/properties')).body;
    const den = { roomName: 'Den', widthTop: 24.5, widthMiddle: 24.25, widthBottom: 24.375, height: 36 };
    const annex = (
      await api(baseUrl, shopper, 'POST', '/properties', {
        name: 'Annex',
        address1: '9 Elm Street',
        city: 'Plano',
        state: 'TX',
        zipCode: '75024',
        propertyType: 'single-family',
        isCommercial: false,
        totalUnitsCount: 1,
        completedUnitsCount: 0,
      })
    ).body.property;
    expect(annex?.id).not.toBe(defaultPropertyId);
    expect((await api(baseUrl, shopper, 'POST', `/properties/${annex.id}/windows`, den)).status).toBe(201);
    const neighbour = await shopperWithKitchenWindow();

    const answer = await api(baseUrl, shopper, 'GET', '/properties/window-sizes');
    expect(answer.status).toBe(200);
    expect(answer.body.windows).toHaveLength(2);
    expect(answer.body.windows).toEqual(
      expect.arrayContaining([
        { widthTop: 35, widthMiddle: 35, widthBottom: 35, height: 60 },
        { widthTop: 24.5, widthMiddle: 24.25, widthBottom: 24.375, height: 36 },
      ]),
    );
    expect((await api(baseUrl, neighbour, 'GET', '/properties/window-sizes')).body.windows).toEqual([
      { widthTop: 35, widthMiddle: 35, widthBottom: 35, height: 60 },
    ]);
    expect((await api(baseUrl, null, 'GET', '/properties/window-sizes')).status).toBe(401);
  });
});

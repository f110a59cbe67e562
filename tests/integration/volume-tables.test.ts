/**
 * The volume table staff keep (issue 27) against the local stack: saved from a day on, never
 * backdated, applied by the cart and the quote from the day it takes effect.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { addToCart, api, blind, DALLAS, newShopper } from '../support/checkout';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');

let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
});

// Other suites share the stack and its table: the new tier only reaches orders of 4,000 blinds or more.
const WITH_A_FOURTH_TIER = [
  { minBlinds: 10, percent: 5 },
  { minBlinds: 25, percent: 10 },
  { minBlinds: 50, percent: 15 },
  { minBlinds: 4000, percent: 20 },
];

describe('the volume table staff keep', () => {
  it('applies a table from the day it takes effect, lists one scheduled, and refuses a backdated one', async () => {
    const today = shopDateAt(new Date());
    const later = await api(baseUrl, staff, 'POST', '/admin/volume-tiers', {
      tiers: [{ minBlinds: 5000, percent: 25 }],
      effectiveFrom: addDays(today, 30),
    });
    expect(later.status).toBe(201);
    const saved = await api(baseUrl, staff, 'POST', '/admin/volume-tiers', {
      tiers: WITH_A_FOURTH_TIER,
      effectiveFrom: today,
    });
    expect(saved.status).toBe(201);

    const published = (await api(baseUrl, {}, 'GET', '/volume-tiers')).body;
    expect(published.current).toMatchObject({ tiers: WITH_A_FOURTH_TIER, effectiveFrom: today });
    expect(published.scheduled).toContainEqual(expect.objectContaining({ effectiveFrom: addDays(today, 30) }));

    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind({ quantity: 4000 }));
    const cart = (await api(baseUrl, shopper, 'GET', '/cart')).body;
    expect(cart.discounts).toContainEqual(expect.objectContaining({ label: 'Volume discount: 20% off 4000+ blinds' }));
    const quote = (await api(baseUrl, shopper, 'POST', '/checkout/quote', { shippingAddress: DALLAS })).body;
    expect(quote.discounts[0]).toMatchObject({
      kind: 'volume',
      cents: Math.floor((quote.subtotalCents * 20 * 2 + 100) / 200),
    });

    const backdated = await api(baseUrl, staff, 'POST', '/admin/volume-tiers', {
      tiers: WITH_A_FOURTH_TIER,
      effectiveFrom: addDays(today, -1),
    });
    expect(backdated).toMatchObject({ status: 400, body: { fieldErrors: { effectiveFrom: expect.any(String) } } });
  });

  it('is kept by staff only, each tier checked', async () => {
    const shopper = await newShopper(baseUrl);
    const body = { tiers: WITH_A_FOURTH_TIER, effectiveFrom: shopDateAt(new Date()) };
    expect((await api(baseUrl, shopper, 'POST', '/admin/volume-tiers', body)).status).toBe(403);
    expect((await api(baseUrl, {}, 'GET', '/admin/volume-tiers')).status).toBe(401);
    const refused = await api(baseUrl, staff, 'POST', '/admin/volume-tiers', {
      tiers: [
        { minBlinds: 10, percent: 5 },
        { minBlinds: 8, percent: 4 },
      ],
      effectiveFrom: shopDateAt(new Date()),
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        fieldErrors: {
          'tiers.1.minBlinds': 'Each tier must start at more blinds than the one before.',
          'tiers.1.percent': 'Each tier must give more off than the one before.',
        },
      },
    });
    const history = (await api(baseUrl, staff, 'GET', '/admin/volume-tiers')).body;
    expect(history.tables.length).toBeGreaterThan(0);
  });
});

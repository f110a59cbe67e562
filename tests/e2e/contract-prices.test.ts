/**
 * Contract prices in the browser (issue 27, decision 0055): staff give a client 5% off faux wood
 * (through the staff API: the form has its integration test's rules), and the client sees "Your
 * price" with the list price struck through on the product page and its "from $X", then the same
 * price in the cart.
 */
import { describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { formatCents, mulDivRoundHalfUp } from '#domain/pricing/money';
import { priceConfiguration } from '#domain/pricing/price';
import type { StartingPrices } from '#domain/pricing/starting-price';
import { api, blind } from '../support/checkout';
import { registerConfirmedCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { FAUX_WOOD, openCart } from './support/cart-steps';
import { signInAsCustomer } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

/** The list price of FAUX_WOOD's blind, 35 × 60 in, as the seeded grids price it. */
const LIST_CENTS = (() => {
  const priced = priceConfiguration(blind(), SEED_PRICE_GRIDS);
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.unitCents;
})();

describe('a client with contract prices', () => {
  it('sees "Your price" with the list price struck through on the product page, and the same price in the cart', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Morgan', lastName: 'Hale' });
    const today = shopDateAt(new Date());
    const set = await api(
      baseUrl,
      { accessToken: await accessTokenFor(baseUrl, staff) },
      'PUT',
      `/admin/clients/${customer.clientId}/price-list`,
      {
        families: [{ family: 'faux-wood-blinds', percentOff: 5 }],
        series: [],
        startsOn: today,
        endsOn: addDays(today, 30),
      },
    );
    expect(set.status).toBe(200);

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAsCustomer(page, baseUrl, customer);
      await gotoHydrated(page, baseUrl + FAUX_WOOD);
      // The "from $X" under the heading is the client's too: 5% off the family's cheapest blind.
      const { startingPrices } = (await api<StartingPrices>(baseUrl, null, 'GET', '/starting-prices')).body;
      const from = startingPrices['faux-wood-blinds']!;
      await expect
        .poll(() => page.getByTestId('starting-price').textContent())
        .toBe(`Your price from ${formatCents(mulDivRoundHalfUp(from, 95, 100))} list price ${formatCents(from)}`);
      const panel = page.getByRole('region', { name: 'Price', exact: true });
      // The page fills its price as the configuration settles: wait for the blind of FAUX_WOOD's size.
      const list = LIST_CENTS;
      const yours = formatCents(mulDivRoundHalfUp(list, 95, 100));
      await expect.poll(() => panel.getByText(/^List price:/).textContent()).toBe(`List price: ${formatCents(list)}`);
      await expect.poll(() => panel.getByTestId('unit-price').textContent()).toBe(yours);
      // A contract's prices replace the volume tiers, so none are offered.
      expect(await panel.getByTestId('volume-offer').count()).toBe(0);

      await panel.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('dialog', { name: 'Added to your cart' }).waitFor();
      await openCart(page, baseUrl);
      await expect
        .poll(() => page.getByTestId('unit-price').textContent())
        .toBe(`Your price: ${yours} each, list price ${formatCents(list)}`);
      await expect.poll(() => page.getByTestId('line-total').textContent()).toBe(yours);
    } finally {
      await context.close();
    }
  });
});

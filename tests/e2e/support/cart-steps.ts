import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { gotoHydrated } from './browser';

/** A 35 x 60 in faux wood blind, measured as the blind: the configurator's priced default the journeys add. */
export const FAUX_WOOD = '/faux-wood-blinds?width=35&height=60&measurementType=blind';

/** The faux wood sample the journeys order. */
export const FAUX_WOOD_SAMPLE = 'Smooth White (E02)';

export const cartBadge = (page: Page) => page.getByTestId('cart-badge');

/** Opens the cart page and waits for its heading. */
export async function openCart(page: Page, baseUrl: string): Promise<void> {
  await gotoHydrated(page, `${baseUrl}/cart`);
  await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
}

/**
 * Adds the faux wood blind with this mount from its configurator, once priced, waits for the
 * header's badge to say `badgeAfter`, and closes the mini cart with Continue Shopping.
 */
export async function addFauxWoodBlind(
  page: Page,
  baseUrl: string,
  mount: 'inside' | 'outside',
  badgeAfter: string,
): Promise<void> {
  await gotoHydrated(page, `${baseUrl}${FAUX_WOOD}&mount=${mount}`);
  await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
  // The price panel's button: on a phone the sticky price bar has one too.
  await page.getByRole('region', { name: 'Price', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => cartBadge(page).textContent()).toBe(badgeAfter);
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await miniCart.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect.poll(() => miniCart.count()).toBe(0);
}

/** Orders the free FAUX_WOOD_SAMPLE from the faux wood configurator and waits for the page to say it is in the cart. */
export async function orderFauxWoodSample(page: Page, baseUrl: string): Promise<void> {
  await gotoHydrated(page, baseUrl + FAUX_WOOD);
  await page.getByRole('button', { name: `Order free sample of ${FAUX_WOOD_SAMPLE}` }).click();
  await page.getByText('Smooth White sample added to your cart').waitFor();
}

import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { openCart } from './support/cart-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const FAUX_WOOD_35_BY_60 = '/faux-wood-blinds?width=35&height=60&mount=inside&measurementType=blind';

const browser = browserForThisFile();

/** A fresh guest: a new context has its own shopping session, so its own empty cart. */
async function asNewGuest(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Adds the 35 x 60 in inside mount faux wood blind at its seed price; the mini cart stays open. */
async function addBlindAtSeedPrice(page: Page) {
  await gotoHydrated(page, baseUrl + FAUX_WOOD_35_BY_60);
  await expect.poll(() => page.getByTestId('unit-price').textContent()).toBe('$44.62');
  // The price panel's button: on a phone the sticky price bar has one too.
  await page.getByRole('region', { name: 'Price', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
}

const summary = (page: Page) => page.getByTestId('order-summary');
const increase = (page: Page) => page.getByRole('button', { name: /^Increase quantity of/ });

describe('the cart page', () => {
  it('shows an empty cart with a way back to shopping', async () => {
    await asNewGuest(async (page) => {
      await openCart(page, baseUrl);
      await page.getByText('Your cart is empty').waitFor();
      await page.getByRole('link', { name: 'Start Shopping' }).click();
      await page.waitForURL(`${baseUrl}/`);
    });
  });

  it('lists a configured blind, changes its quantity and removes it', async () => {
    await asNewGuest(async (page) => {
      await addBlindAtSeedPrice(page);
      await openCart(page, baseUrl);

      const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) });
      await line.waitFor();
      await expect.poll(() => line.getByText(/^Size: 35.* W x 60.* H \(blind size\)$/).count()).toBe(1);
      await expect.poll(() => line.getByText('Mount: Inside mount', { exact: true }).count()).toBe(1);
      await expect.poll(() => line.getByText(/^Color: /).count()).toBe(1);
      await expect.poll(() => line.getByTestId('line-total').textContent()).toBe('$44.62');
      await expect.poll(() => summary(page).textContent()).toContain('Subtotal (1 item)$44.62');
      await expect.poll(() => summary(page).textContent()).toContain('Estimated tax (8%)$3.57');
      await expect.poll(() => summary(page).textContent()).toContain('ShippingCalculated at checkout');

      await increase(page).click();
      await expect.poll(() => line.getByTestId('line-total').textContent()).toBe('$89.24');
      await expect.poll(() => summary(page).textContent()).toContain('Subtotal (2 items)$89.24');
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

      await page.getByRole('button', { name: /^Remove .* from cart$/ }).click();
      await page.getByText('Item removed from cart').waitFor();
      await page.getByText('Your cart is empty').waitFor();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('0');
    });
  });

  it('asks before clearing the cart', async () => {
    await asNewGuest(async (page) => {
      await addBlindAtSeedPrice(page);
      await openCart(page, baseUrl);
      const confirm = page.getByRole('alertdialog', { name: 'Clear your cart?' });

      await page.getByRole('button', { name: 'Clear cart' }).click();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => summary(page).textContent()).toContain('Subtotal (1 item)$44.62');

      await page.getByRole('button', { name: 'Clear cart' }).click();
      await confirm.getByRole('button', { name: 'Clear Cart' }).click();
      await page.getByText('Your cart is empty').waitFor();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('0');
    });
  });

  it('sends a guest to sign in before checkout', async () => {
    await asNewGuest(async (page) => {
      await addBlindAtSeedPrice(page);
      await openCart(page, baseUrl);
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(`**/login?redirect=${encodeURIComponent('/checkout')}`);
      await page.getByText('Sign In Required').waitFor();
    });
  });

  it.each([360, 1440])('with items has no serious accessibility violations at %i px', async (width) => {
    await asNewGuest(async (page) => {
      await page.setViewportSize({ width, height: 900 });
      await addBlindAtSeedPrice(page);
      await openCart(page, baseUrl);
      await increase(page).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});

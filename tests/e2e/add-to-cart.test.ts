/**
 * Issue 14: on a phone, the sticky price bar carries the live price and Add to Cart while the main
 * button is off screen; after Add to Cart, the mini cart shows the line, the cart subtotal,
 * Continue Shopping and View Cart.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { FAUX_WOOD } from './support/cart-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

async function withPage(viewport: { width: number; height: number }, path: string, run: (page: Page) => Promise<void>) {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  try {
    await gotoHydrated(page, baseUrl + path);
    await run(page);
  } finally {
    await context.close();
  }
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const bar = (page: Page) => page.getByRole('region', { name: 'Quick add to cart' });
const panel = (page: Page) => page.getByRole('region', { name: 'Price', exact: true });
const panelPrice = (page: Page) => page.getByTestId('unit-price');
const barPrice = (page: Page) => bar(page).getByTestId('sticky-price');
const mainAddButton = (page: Page) => panel(page).getByRole('button', { name: 'Add to Cart' });
const miniCart = (page: Page) => page.getByRole('dialog', { name: 'Added to your cart' });

/** The main Add to Cart is below the bottom of the screen. */
const mainButtonBelowScreen = (page: Page) =>
  mainAddButton(page).evaluate((button) => button.getBoundingClientRect().top > window.innerHeight);

const activeElementText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

describe('the sticky price bar on a 390 x 844 phone', () => {
  it('shows the panel’s live price and Add to Cart while the main button is off screen, clear of the chat launcher and the page end', async () => {
    await withPage(PHONE, `${FAUX_WOOD}&mount=inside`, async (page) => {
      await expect.poll(() => panelPrice(page).textContent()).toBe('$44.62');
      expect(await mainButtonBelowScreen(page)).toBe(true);
      await expect.poll(() => barPrice(page).textContent()).toBe('$44.62');

      // The price follows the configuration, the same in the bar as in the panel.
      await page.getByLabel('Width (inches)').fill('47');
      await page.getByLabel('Length (inches)').fill('72');
      await expect.poll(() => panelPrice(page).textContent()).toBe('$72.67');
      await expect.poll(() => barPrice(page).textContent()).toBe('$72.67');

      // The chat launcher stands above the bar, and the page ends the bar's height lower.
      const barBox = (await bar(page).boundingBox())!;
      const launcherBottom = async () => {
        const launcher = (await page.getByRole('button', { name: 'Live Chat' }).boundingBox())!;
        return launcher.y + launcher.height;
      };
      await expect.poll(launcherBottom).toBeLessThanOrEqual(barBox.y);
      await expect
        .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom)))
        .toBe(Math.round(barBox.height));

      // Hidden once the main button is on screen, back when it is not.
      await mainAddButton(page).scrollIntoViewIfNeeded();
      await expect.poll(() => bar(page).count()).toBe(0);
      await expect.poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect.poll(() => barPrice(page).textContent()).toBe('$72.67');
    });
  });

  it('its Add to Cart adds the blind, as the main button does', async () => {
    await withPage(PHONE, `${FAUX_WOOD}&mount=inside`, async (page) => {
      await expect.poll(() => barPrice(page).textContent()).toBe('$44.62');
      await bar(page).getByRole('button', { name: 'Add to Cart' }).click();
      await miniCart(page).getByText('Faux Wood Blinds: Standard').waitFor();
      await expect
        .poll(() => miniCart(page).getByTestId('mini-cart-subtotal').textContent())
        .toBe('Cart subtotal (1 item)$44.62');
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    });
  });

  it('is not shown on a 1440 px desktop, even with the main button off screen', async () => {
    await withPage(PHONE, `${FAUX_WOOD}&mount=inside`, async (page) => {
      await expect.poll(() => barPrice(page).textContent()).toBe('$44.62');
      await page.setViewportSize({ width: 1440, height: 500 });
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await mainButtonBelowScreen(page)).toBe(true);
      await expect.poll(() => bar(page).count()).toBe(0);
    });
  });
});

describe('the mini cart after Add to Cart', () => {
  it('shows the line and the cart subtotal; Continue Shopping and Escape close it and focus returns to Add to Cart', async () => {
    await withPage(DESKTOP, `${FAUX_WOOD}&mount=inside`, async (page) => {
      await expect.poll(() => panelPrice(page).textContent()).toBe('$44.62');
      await mainAddButton(page).click();
      const line = miniCart(page).getByTestId('mini-cart-line');
      await line.getByText('Faux Wood Blinds: Standard').waitFor();
      for (const text of [
        'Size: 35" W x 60" H (blind size)',
        'Mount: Inside mount',
        'Color: Smooth White (E02)',
        'Quantity: 1',
        '$44.62',
      ]) {
        await line.getByText(text, { exact: true }).waitFor();
      }
      // The blind just added, drawn as the cart will show it.
      await miniCart(page).getByRole('img', { name: 'Faux wood blind in Smooth White' }).waitFor();
      await expect
        .poll(() => miniCart(page).getByTestId('mini-cart-subtotal').textContent())
        .toBe('Cart subtotal (1 item)$44.62');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
        .toBe(true);

      await miniCart(page).getByRole('button', { name: 'Continue Shopping' }).click();
      await expect.poll(() => miniCart(page).count()).toBe(0);
      await expect.poll(() => activeElementText(page)).toBe('Add to Cart');

      // The same blind again: one line of 2.
      await mainAddButton(page).click();
      await line.getByText('Quantity: 2', { exact: true }).waitFor();
      await expect
        .poll(() => miniCart(page).getByTestId('mini-cart-subtotal').textContent())
        .toBe('Cart subtotal (2 items)$89.24');
      await page.keyboard.press('Escape');
      await expect.poll(() => miniCart(page).count()).toBe(0);
      await expect.poll(() => activeElementText(page)).toBe('Add to Cart');
    });
  });

  it('View Cart opens the cart with the blind in it', async () => {
    await withPage(DESKTOP, `${FAUX_WOOD}&mount=outside`, async (page) => {
      await expect.poll(() => panelPrice(page).textContent()).toMatch(/^\$\d/);
      await mainAddButton(page).click();
      await miniCart(page).getByRole('link', { name: 'View Cart' }).click();
      await page.waitForURL(`${baseUrl}/cart`);
      await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
      await page.getByRole('heading', { name: 'Faux Wood Blinds: Standard' }).waitFor();
      await page.getByText('Mount: Outside mount').waitFor();
    });
  });
});

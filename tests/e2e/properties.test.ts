import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEED_PRICE_GRIDS } from '../../domain/catalogue/grids';
import { priceConfiguration } from '../../domain/pricing/price';
import type { PropertyWindow } from '../../domain/properties/property';
import { orderAddedMessage, windowConfiguration } from '../../domain/properties/window-order';
import { registerConfirmedCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './accessibility';
import { gotoHydrated, launchBrowser } from './browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const KITCHEN_WINDOWS = [
  { widthTop: 36, widthMiddle: 35.375, widthBottom: 35.5, height: 60 },
  { widthTop: 30, widthMiddle: 30, widthBottom: 30.125, height: 48 },
];

/** What the server charges for the kitchen's windows in faux wood, inside mount, Smooth White. */
function expectedTotalCents(): number {
  const choice = { family: 'faux-wood-blinds', series: 'standard', colorCode: 'E02', mount: 'inside' } as const;
  return KITCHEN_WINDOWS.reduce((sum, measured) => {
    const window: PropertyWindow = { ...measured, id: '', propertyId: '', roomName: 'Kitchen', label: '', createdAt: '', updatedAt: '' };
    const quote = priceConfiguration(windowConfiguration(window, choice), SEED_PRICE_GRIDS);
    if (!quote.ok) throw new Error(quote.error.message);
    return sum + quote.unitCents;
  }, 0);
}

async function signIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, `${baseUrl}/login?redirect=${encodeURIComponent('/account/properties')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/account/properties`);
}

async function addKitchenWithTwoWindows(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'My Properties' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Main Residence' }).waitFor();
  await page.getByRole('button', { name: 'Add Property' }).click();
  const propertyDialog = page.getByRole('dialog', { name: 'Add Property' });
  await propertyDialog.getByLabel('Property name').fill('Lake House');
  await propertyDialog.getByLabel('Street address').fill('5 Lake Road');
  await propertyDialog.getByLabel('City').fill('Frisco');
  await propertyDialog.getByLabel('ZIP code').fill('75034');
  await propertyDialog.getByRole('button', { name: 'Save' }).click();
  const lakeHouse = page.getByRole('article', { name: 'Lake House' });
  await lakeHouse.getByRole('heading', { level: 2, name: 'Lake House' }).waitFor();

  await lakeHouse.getByLabel('New room name').fill('Kitchen');
  await lakeHouse.getByRole('button', { name: 'Add Room' }).click();
  await lakeHouse.getByRole('button', { name: 'Remove room Kitchen' }).waitFor();

  for (const [index, window] of KITCHEN_WINDOWS.entries()) {
    await lakeHouse.getByRole('button', { name: 'Add Window' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Window' });
    await dialog.getByLabel('Room').first().selectOption('Kitchen');
    await dialog.getByLabel('Width at the top').fill(String(window.widthTop));
    await dialog.getByLabel('Width in the middle').fill(String(window.widthMiddle));
    await dialog.getByLabel('Width at the bottom').fill(String(window.widthBottom));
    await dialog.getByLabel('Height').fill(String(window.height));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await lakeHouse.getByRole('button', { name: `Edit window ${index + 1}` }).waitFor();
  }
}

describe('properties and ordering their windows', () => {
  it("a client adds a property with a room's windows, orders them from the faux wood page and finds them in the cart", async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, customer.email, customer.password);
      await addKitchenWithTwoWindows(page);

      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      await page.getByRole('button', { name: 'Select Property and Room' }).click();
      const select = page.getByRole('dialog', { name: 'Select Property and Room' });
      await expect.poll(() => select.getByLabel('Property').inputValue()).not.toBe('');
      await select.getByLabel('Property').selectOption({ label: 'Lake House' });
      await select.getByLabel('Room (optional)').selectOption('Kitchen');
      await select.getByRole('button', { name: 'Order windows for this room' }).click();

      const order = page.getByRole('dialog', { name: 'Order windows' });
      await order.getByRole('cell', { name: '35 3/8" x 60"' }).waitFor();
      await order.getByRole('button', { name: 'Add All to Cart' }).click();
      await page.getByText(orderAddedMessage('faux-wood-blinds', 2, expectedTotalCents()), { exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

      await gotoHydrated(page, `${baseUrl}/cart`);
      await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
      await expect.poll(() => page.getByText('Room: Kitchen').count()).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('sends a guest who wants to choose a property to sign in', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      await page.getByRole('button', { name: 'Select Property and Room' }).click();
      const link = page.getByRole('dialog').getByRole('link', { name: 'Sign in' });
      expect(await link.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/faux-wood-blinds')}`);
    } finally {
      await context.close();
    }
  });

  it('My Properties has no serious accessibility violations on a phone', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    try {
      const page = await context.newPage();
      await signIn(page, customer.email, customer.password);
      await page.getByRole('heading', { level: 2, name: 'Main Residence' }).waitFor();
      await page.getByText('No windows measured yet.').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});

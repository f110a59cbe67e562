import { describe, expect, inject, it } from 'vitest';
import { orderAddedMessage } from '#domain/properties/window-order';
import { registerConfirmedCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signIn } from './support/identity';
import {
  addPropertyWithRoomWindows,
  fauxWoodOrderTotalCents,
  orderRoomWindowsInFauxWood,
  type NewProperty,
} from './support/property-steps';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

const LAKE_HOUSE: NewProperty = {
  name: 'Lake House',
  street: '5 Lake Road',
  city: 'Frisco',
  zip: '75034',
  room: 'Kitchen',
  windows: [
    { widthTop: 36, widthMiddle: 35.375, widthBottom: 35.5, height: 60 },
    { widthTop: 30, widthMiddle: 30, widthBottom: 30.125, height: 48 },
  ],
};

describe('properties and ordering their windows', () => {
  it("a client adds a property with a room's windows, orders them from the faux wood page and finds them in the cart", async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, baseUrl, customer, '/account/properties');
      await addPropertyWithRoomWindows(page, LAKE_HOUSE);
      await orderRoomWindowsInFauxWood(page, baseUrl, LAKE_HOUSE, '35 3/8" x 60"');
      await page
        .getByText(orderAddedMessage('faux-wood-blinds', 2, fauxWoodOrderTotalCents(LAKE_HOUSE.windows)), {
          exact: true,
        })
        .waitFor();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

      await gotoHydrated(page, `${baseUrl}/cart`);
      await page.getByRole('heading', { level: 1, name: 'Shopping Cart' }).waitFor();
      await expect.poll(() => page.getByText('Room: Kitchen').count()).toBe(2);

      // Deleting a measured window or a property asks first, and says what happened.
      await gotoHydrated(page, `${baseUrl}/account/properties`);
      const card = page.getByRole('article', { name: LAKE_HOUSE.name });
      const removeSecond = card.getByRole('button', { name: 'Remove window 2' });
      await removeSecond.click();
      const removeWindow = page.getByRole('alertdialog', { name: 'Remove Window 2?' });
      await removeWindow.getByRole('button', { name: 'Cancel' }).click();
      await removeWindow.waitFor({ state: 'hidden' });
      expect(await removeSecond.count(), 'kept when the question is dismissed').toBe(1);
      await removeSecond.click();
      await removeWindow.getByRole('button', { name: 'Remove Window' }).click();
      await toast(page, 'Window 2 removed.').waitFor();
      await expect.poll(() => removeSecond.count()).toBe(0);

      await card.getByRole('button', { name: `Delete ${LAKE_HOUSE.name}` }).click();
      const deleteProperty = page.getByRole('alertdialog', { name: `Delete ${LAKE_HOUSE.name}?` });
      await deleteProperty.getByText('is deleted with its rooms and measured windows').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await deleteProperty.getByRole('button', { name: 'Delete Property' }).click();
      await toast(page, `${LAKE_HOUSE.name} deleted.`).waitFor();
      await expect.poll(() => page.getByRole('article', { name: LAKE_HOUSE.name }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('sends a guest who wants to choose a property to sign in', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      await page.getByRole('button', { name: 'Select Property and Room' }).click();
      const link = page.getByRole('dialog').getByRole('link', { name: 'Sign in' });
      await expect
        .poll(() => link.getAttribute('href'))
        .toBe(`/login?redirect=${encodeURIComponent('/faux-wood-blinds')}`);
    } finally {
      await context.close();
    }
  });

  it('My Properties has no serious accessibility violations on a phone', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const context = await browser().newContext({ viewport: { width: 360, height: 800 } });
    try {
      const page = await context.newPage();
      await signIn(page, baseUrl, customer, '/account/properties');
      await page.getByRole('heading', { level: 2, name: 'Main Residence' }).waitFor();
      await page.getByText('No windows measured yet.').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});

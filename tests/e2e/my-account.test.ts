import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signIn } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const FAUX_WOOD_35_BY_60 = '/faux-wood-blinds?width=35&height=60&mount=inside&measurementType=blind';

const browser = browserForThisFile();

/** A newly registered customer, signed in through the sign-in page, in a fresh browser context. */
async function asSignedInCustomer(run: (page: Page) => Promise<void>, viewport = { width: 1440, height: 900 }) {
  const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Dana', lastName: 'Reyes' });
  const context = await browser().newContext({ viewport });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, customer, '/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await run(page);
  } finally {
    await context.close();
  }
}

describe('My Account', () => {
  it('saves a faux wood configuration, adds it to the cart with quantity 2, renames and removes it', async () => {
    await asSignedInCustomer(async (page) => {
      await gotoHydrated(page, baseUrl + FAUX_WOOD_35_BY_60);
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toBe('$44.62');
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save Configuration' });
      const name = dialog.getByLabel('Name');
      await expect.poll(() => name.inputValue()).toBe('Faux Wood Blind 35" x 60"');
      await name.fill('   ');
      await name.press('Enter');
      await dialog.getByText('Please enter a name for this configuration.').waitFor();
      await name.fill('Kitchen window');
      await name.press('Enter');
      await toast(page, 'Kitchen window saved to your account.').waitFor();

      await gotoHydrated(page, `${baseUrl}/account`);
      const row = page.getByRole('listitem', { name: 'Kitchen window' });
      await row.getByText('Size: 35" W x 60" H (blind size)').waitFor();
      await row.getByText('$44.62 each').waitFor();
      await row.getByLabel('Quantity').fill('2');
      await row.getByRole('checkbox', { name: 'Select Kitchen window' }).check({ force: true });
      await page.getByRole('button', { name: 'Add Selected to Cart (1)' }).click();
      await toast(page, 'Kitchen window added to your cart.').waitFor();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

      await row.getByRole('button', { name: 'Rename Kitchen window' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename Saved Product' });
      await rename.getByLabel('Name').fill('Breakfast nook');
      await rename.getByLabel('Name').press('Enter');
      const renamed = page.getByRole('listitem', { name: 'Breakfast nook' });
      await renamed.waitFor();

      await renamed.getByRole('button', { name: 'Remove Breakfast nook' }).click();
      await page
        .getByRole('alertdialog', { name: 'Remove Saved Product' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await page.getByText('No saved products yet').waitFor();
    });
  });

  it('saves the profile and the address in Account Settings and shows them after a reload', async () => {
    await asSignedInCustomer(async (page) => {
      await page.getByRole('link', { name: 'Account Settings' }).click();
      await page.waitForURL(`${baseUrl}/account/settings`);
      await page.getByLabel('First name').fill('Marisol');
      await page.getByLabel('Phone number').fill('972-555-0142');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await toast(page, 'Your profile has been updated.').waitFor();

      await page.getByRole('tab', { name: 'Address Information' }).click();
      await page.getByLabel('Address line 1').fill('1200 Main St');
      await page.getByLabel('City').fill('Dallas');
      await page.getByLabel('State').fill('TX');
      await page.getByLabel('ZIP code').fill('7520');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await page.getByText('Please enter a valid ZIP code.').waitFor();
      await page.getByLabel('ZIP code').fill('75202');
      await page.getByRole('button', { name: 'Save Address' }).click();
      await toast(page, 'Your address has been saved.').waitFor();

      await gotoHydrated(page, `${baseUrl}/account/settings`);
      await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Marisol');
      await expect.poll(() => page.getByLabel('Phone number').inputValue()).toBe('972-555-0142');
      await page.getByRole('tab', { name: 'Address Information' }).click();
      await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toBe('1200 Main St');
      await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('75202');
    });
  });

  it('has no serious accessibility violations on a phone', async () => {
    await asSignedInCustomer(
      async (page) => {
        await page.getByText('No saved products yet').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await gotoHydrated(page, `${baseUrl}/account/settings`);
        await page.getByLabel('First name').waitFor();
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      },
      { width: 360, height: 740 },
    );
  });

  it('asks a guest who saves a configuration to sign in, coming back to the same blind', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await gotoHydrated(page, baseUrl + FAUX_WOOD_35_BY_60);
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(FAUX_WOOD_35_BY_60)}`);
    } finally {
      await context.close();
    }
  });

  it('sends a guest from Account Settings to sign in, remembering the page', async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/account/settings`);
      await page.waitForURL(`${baseUrl}/login?redirect=%2Faccount%2Fsettings`);
    } finally {
      await context.close();
    }
  });
});

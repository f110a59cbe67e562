import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { defaultSavedProductName } from '#domain/accounts/saved-product-name';
import { describeLine } from '#domain/cart/line';
import { configurationSchema, type ConfigurationInput } from '#domain/pricing/configuration';
import { formatCents } from '#domain/pricing/money';
import { priceConfiguration } from '#domain/pricing/price';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { registerConfirmedCustomer } from '../support/customer';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { submitSignIn } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

async function asGuest(run: (page: Page) => Promise<void>) {
  const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function signInOnLoginPage(page: Page, redirect: string) {
  const customer = await registerConfirmedCustomer(baseUrl);
  await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(redirect)}`);
  await submitSignIn(page, customer);
  await page.waitForURL(baseUrl + redirect);
}

const unitPrice = (page: Page) => page.getByTestId('unit-price');

/** The page shows the query's tab once hydrated: before that, input goes to the prerendered default tab. */
async function onTab(page: Page, url: string, tab: string) {
  await gotoHydrated(page, baseUrl + url);
  await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
}

describe('a guest who signs in from a configurator', () => {
  it('comes back to the same wood blind with Save Configuration open, saves it and finds it on My Account', async () => {
    const configuration = configurationSchema.parse({
      family: 'wood-blinds',
      series: 'wood',
      width: { inches: 30, eighths: 3 },
      length: { inches: 60, eighths: 5 },
      mount: 'outside',
      measurement: 'window',
      color: 'W205',
      quantity: 2,
      options: { holdDown: true },
    } satisfies ConfigurationInput);
    const quote = priceConfiguration(configuration, SEED_PRICE_GRIDS);
    if (!quote.ok) throw new Error(quote.error.message);
    const price = formatCents(quote.unitCents);

    await asGuest(async (page) => {
      await onTab(page, '/wood-blinds?finish=wood', 'Wood Finish');
      await page.getByLabel('Width (inches)').fill('30');
      await page.getByLabel('Width eighths of an inch').selectOption('3');
      await page.getByLabel('Length (inches)').fill('60');
      await page.getByLabel('Length eighths of an inch').selectOption('5');
      await page.getByRole('radio', { name: 'Outside mount' }).check();
      await page.getByRole('radio', { name: /^Walnut/ }).check();
      await page.getByRole('checkbox', { name: 'Hold-down brackets' }).check();
      await page.getByLabel('Quantity', { exact: true }).fill('2');
      await expect.poll(() => unitPrice(page).textContent()).toBe(price);

      await page.getByRole('button', { name: 'Save Configuration' }).click();
      await signInOnLoginPage(page, '/wood-blinds?finish=wood');

      const dialog = page.getByRole('dialog', { name: 'Save Configuration' });
      const name = dialog.getByLabel('Name');
      await expect.poll(() => name.inputValue()).toBe(defaultSavedProductName(configuration));
      await name.fill('Study window');
      await name.press('Enter');
      await toast(page, 'Study window saved to your account.').waitFor();

      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('30');
      await expect.poll(() => page.getByLabel('Width eighths of an inch').inputValue()).toBe('3');
      await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('60');
      await expect.poll(() => page.getByLabel('Length eighths of an inch').inputValue()).toBe('5');
      await expect.poll(() => page.getByRole('radio', { name: 'Outside mount' }).isChecked()).toBe(true);
      await expect.poll(() => page.getByRole('radio', { name: /^Walnut/ }).isChecked()).toBe(true);
      await expect.poll(() => page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
      await expect.poll(() => unitPrice(page).textContent()).toBe(price);

      await gotoHydrated(page, `${baseUrl}/account`);
      const row = page.getByRole('listitem', { name: 'Study window' });
      await row.getByText(describeLine(configuration, null)[0]!).waitFor();
      await row.getByText('Color: Walnut (W205)').waitFor();
      await row.getByText(`${price} each`).waitFor();
    });
  });

  it('comes back to the same roller shade with Select Property and Room open', async () => {
    await asGuest(async (page) => {
      await onTab(page, '/roller-shades?series=green3000', 'Green 3000');
      await page.getByLabel('Width (inches)').fill('48');
      await page.getByLabel('Width eighths of an inch').selectOption('7');
      await page.getByRole('radio', { name: /^Beige/ }).check();
      // The price follows the form a render later: read it once its region is no longer busy.
      const settledPrice = page.locator('[aria-busy="false"]').getByTestId('unit-price');
      await expect.poll(() => settledPrice.textContent()).toMatch(/^\$\d/);
      const price = await settledPrice.textContent();

      await page.getByRole('button', { name: 'Select Property and Room' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Sign in' }).click();
      await signInOnLoginPage(page, '/roller-shades?series=green3000');

      const dialog = page.getByRole('dialog', { name: 'Select Property and Room' });
      await dialog.getByLabel('Property').waitFor();
      await expect
        .poll(() => dialog.getByLabel('Property').locator('option:checked').textContent())
        .toBe('Main Residence');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('48');
      await expect.poll(() => page.getByLabel('Width eighths of an inch').inputValue()).toBe('7');
      await expect.poll(() => page.getByRole('radio', { name: /^Beige/ }).isChecked()).toBe(true);
      await expect.poll(() => unitPrice(page).textContent()).toBe(price);
    });
  });
});

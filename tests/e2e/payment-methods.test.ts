/**
 * Account Settings → Payment Methods (issue 28), in Chromium: a client with no saved card adds one
 * on Stripe's hosted page in setup mode (the local stand-in's), comes back to the tab with the card
 * listed, and removes it after a confirmation.
 */
import { expect, inject, it } from 'vitest';
import { newShopper } from '../support/checkout';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsCustomer } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const browser = browserForThisFile();

it('adds a card on Stripe’s page, sees it listed, and removes it', async () => {
  const shopper = await newShopper(baseUrl, { firstName: 'Robin', lastName: 'Estates' });
  const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
  await signInAsCustomer(page, baseUrl, shopper);
  await gotoHydrated(page, `${baseUrl}/account/settings`);
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await page.getByText('You have no saved cards.').waitFor();

  await page.getByRole('button', { name: 'Add a card' }).click();
  await page.getByRole('heading', { name: /^Save a card with / }).waitFor();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Robin Estates');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Save card' }).click();

  await page.waitForURL(`${baseUrl}/account/settings?tab=payment`);
  await toast(page, 'Your card is saved.').waitFor();
  const card = page.getByTestId('saved-card');
  await expect.poll(() => card.textContent()).toContain('Visa ending in 4242');
  expect(await card.textContent()).toContain('Expires 12/34');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  await page.getByRole('alertdialog', { name: 'Remove card' }).getByRole('button', { name: 'Remove' }).click();
  await toast(page, 'Visa ending in 4242 removed.').waitFor();
  await page.getByText('You have no saved cards.').waitFor();
  expect(await card.count()).toBe(0);
});

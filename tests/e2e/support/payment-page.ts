import type { Page } from 'playwright-core';

/** Fills the local Stripe stand-in's payment page with `card` and presses Pay. */
export async function payOnPaymentPage(page: Page, card: string): Promise<void> {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Lucia Moreno');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

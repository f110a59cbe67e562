/**
 * The Price Match Guarantee in Chromium (issue 27): a guest on the faux wood page asks for a match,
 * signs in and comes back to the dialog with the terms; sends a competitor's price a dollar below
 * ours; staff approve it under the admin Promotions tab; the customer's mail in the local outbox holds
 * the single-use code. Two page loads for the customer, two for staff.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PRICE_MATCH_TERMS } from '#domain/price-match/price-match';
import { formatCents } from '#domain/pricing/money';
import { registerConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { FAUX_WOOD } from './support/cart-steps';
import { signInAsStaff, submitSignIn, type Credentials } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staffAccount = inject('staffAccount');
const browser = browserForThisFile();

/** '$44.62' → 4462 */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** As a guest on the faux wood page: asked to sign in, then back on the page with the dialog open. */
async function signInFromThePricePanel(page: Page, customer: Credentials): Promise<void> {
  await gotoHydrated(page, baseUrl + FAUX_WOOD);
  const guarantee = page.getByTestId('price-match-guarantee');
  await expect.poll(() => guarantee.textContent()).toContain(PRICE_MATCH_TERMS.terms);
  await guarantee.getByRole('button', { name: 'Request a price match' }).click();
  await page.waitForURL(/\/login\?/);
  await submitSignIn(page, customer);
  await page.waitForURL(`${baseUrl}${FAUX_WOOD}`);
}

/** Fills the dialog with a competitor's price a dollar below ours, and sends it. */
async function requestAMatch(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Request a price match' });
  // The dialog names the price the panel shows, once the panel has the current grids (another test may have changed them).
  const line = dialog.getByText(/^1 x Faux Wood Blinds: Standard: \$[\d,.]+ each$/);
  let ourUnitCents = 0;
  await expect
    .poll(async () => {
      ourUnitCents = centsOf((await page.getByTestId('unit-price').textContent()) ?? '');
      const shown = (await line.count()) === 1 ? await line.textContent() : null;
      return ourUnitCents > 0 && shown === `1 x Faux Wood Blinds: Standard: ${formatCents(ourUnitCents)} each`;
    })
    .toBe(true);
  await expect.poll(() => dialog.getByTestId('price-match-terms').textContent()).toBe(PRICE_MATCH_TERMS.terms);
  await dialog.getByLabel('Competitor').fill('Blinds Galore');
  await dialog.getByLabel('Their price for one blind ($)').fill(((ourUnitCents - 100) / 100).toFixed(2));
  await dialog.getByLabel('Link to their price').fill('https://blindsgalore.example.com/faux-wood/35x60');
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await toast(page, 'Price match request sent.').waitFor();
}

/** Staff approve the customer's request under the Promotions tab, asked first. Answers the code the toast names. */
async function staffApprove(page: Page, customerName: string): Promise<string> {
  await signInAsStaff(page, baseUrl, staffAccount);
  await page.getByRole('tab', { name: 'Promotions' }).click();
  const row = page.getByRole('row').filter({ hasText: customerName });
  await expect.poll(() => row.textContent()).toContain('Blinds Galore');
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve and e-mail a $1.00 code?' });
  await confirm.getByRole('button', { name: 'Approve and E-mail' }).click();
  const approved = toast(page, /Approved: code PM-\w{6} for \$1\.00\. The customer is e-mailed\./);
  await approved.waitFor();
  await expect
    .poll(() => page.getByRole('region', { name: 'Price matches decided' }).textContent())
    .toContain(customerName);
  return /PM-\w{6}/.exec((await approved.textContent())!)![0];
}

describe('a price match from the price panel to staff approval', () => {
  it('a guest asks for a match, signs in and sends it; staff approve it; the mail holds the code', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Priya', lastName: 'Matchwell' });
    const shopper = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const staff = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await shopper.newPage();
      await signInFromThePricePanel(page, customer);
      await requestAMatch(page);

      const code = await staffApprove(await staff.newPage(), 'Priya Matchwell');
      const mails = await eventually(
        () => mailsFor(baseUrl, customer.email),
        (found) => found.some((mail) => mail.subject.endsWith(code)),
        10_000,
      );
      const mail = mails.find((found) => found.subject.endsWith(code))!;
      expect(mail.text).toContain(code);
      expect(mail.text).toContain('$1.00 off your order of Faux Wood Blinds');
    } finally {
      await Promise.all([shopper.close(), staff.close()]);
    }
  }, 180_000);
});

/**
 * Installation booked at checkout (issue 29): the customer ticks installation, adds old-blind
 * removal and high-ladder work (charged in the summary), picks a date and window from those the
 * crews have after the blinds arrive, pays, and the confirmation states the booked window. The
 * installation mail's link opens the visit, where the customer moves it and then cancels it; My
 * Account's order then offers Book installation, which leads to the same page to book it again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { mailsFor } from '../support/outbox';
import { seriousAccessibilityViolations } from './support/accessibility';
import { addFauxWoodBlind } from './support/cart-steps';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsCustomer } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { summaryValue } from './support/summary';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const browser = browserForThisFile();
const AFTERNOON = '1:00 PM - 5:00 PM';
const MORNING = '8:00 AM - 12:00 PM';

async function dallasProfile(customer: RegisteredCustomer): Promise<void> {
  const response = await fetch(`${baseUrl}/api/account/address`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ address1: '1200 Elm St', city: 'Dallas', state: 'TX', zipCode: '75270' }),
  });
  expect(response.status).toBe(200);
}

/** Installation with 2 old blinds taken down and high-ladder work: both charged in the summary. */
async function chooseInstallationOptions(page: Page) {
  const section = page.getByRole('region', { name: 'Professional Installation' });
  await section.getByText('Have our team install my blinds').click();
  await section.getByLabel('Old blinds to take down').fill('2');
  await section.getByText('High-ladder work', { exact: true }).click();
  const totals = page.getByTestId('checkout-totals');
  await expect.poll(() => summaryValue(totals, 'Old blind removal (2 x $5.00)').textContent()).toBe('$10.00');
  await expect.poll(() => summaryValue(totals, 'High-ladder work').textContent()).toBe('$300.00');
}

/** The first date offered, afternoon window: answers how the page names the date. */
async function chooseVisit(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'Professional Installation' });
  await section.getByText('Choose a date now').click();
  const dateSelect = section.getByLabel('Installation date');
  await expect.poll(() => dateSelect.locator('option').count()).toBeGreaterThan(1);
  const date = (await dateSelect.locator('option').nth(1).textContent())!;
  await dateSelect.selectOption({ index: 1 });
  await section.getByText(AFTERNOON, { exact: true }).click();
  await expect.poll(() => section.getByRole('radio', { name: AFTERNOON }).isChecked()).toBe(true);
  return date;
}

async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page), `axe at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width at ${width} px`).toBeLessThanOrEqual(
      width,
    );
  }
}

/** The link of the installation mail sent for the paid order's visit. */
async function installationMailLink(email: string, date: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsFor(baseUrl, email)).find((candidate) =>
        candidate.subject.startsWith(`Your installation is on ${date}`),
      );
      link = /https?:\/\/\S+\/installations\/manage\?token=[\w.~-]+/.exec(mail?.text ?? '')?.[0];
      return link;
    })
    .toBeDefined();
  const url = new URL(link!);
  return `${baseUrl}${url.pathname}${url.search}`;
}

/** From My Account's order (the only one of this customer) to the visit's page, where the morning is booked again. */
async function bookAgainFromMyAccount(page: Page, date: string) {
  await gotoHydrated(page, `${baseUrl}/account`);
  await page
    .getByRole('listitem', { name: /^Order HBB-/ })
    .getByRole('button', { name: 'View Details' })
    .click();
  const details = page.getByRole('dialog', { name: /^Order HBB-/ });
  await details.getByRole('link', { name: 'Book installation' }).click();
  await page.waitForURL(/\/installations\/manage\?token=/);
  const when = page.getByTestId('installation-when');
  await expect.poll(() => when.textContent()).toContain('not scheduled yet');
  await page.getByLabel('Installation date').selectOption({ label: date });
  await expect
    .poll(() => page.getByLabel('Time window (Central time)').locator('option').allTextContents())
    .toContain(MORNING);
  await page.getByLabel('Time window (Central time)').selectOption(MORNING);
  await page.getByRole('button', { name: 'Book visit' }).click();
  await expect.poll(() => when.textContent()).toBe(`Our crew comes on ${date}, ${MORNING} (Central time).`);
}

describe('installation booked at checkout', () => {
  it(
    'a customer books a window after delivery, pays, and the confirmation names the window',
    { timeout: 240_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Iris', lastName: 'Vance' });
      await dallasProfile(customer);
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        await addFauxWoodBlind(page, baseUrl, 'inside', '1');
        await gotoHydrated(page, `${baseUrl}/checkout`);
        await page.getByRole('region', { name: 'Professional Installation' }).waitFor();
        await chooseInstallationOptions(page);
        const date = await chooseVisit(page);
        await expectAccessibleAtBothWidths(page);

        await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
        const total = (await summaryValue(page.getByTestId('checkout-totals'), 'Total').textContent())!;
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL(/\/_local\/stripe\/checkout\//);
        await page.getByRole('button', { name: `Pay ${total}` }).waitFor();
        await payOnPaymentPage(page, '4242 4242 4242 4242');
        await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
        await page
          .getByText(`Installation: our crew comes on ${date}, ${AFTERNOON} (Central time).`, { exact: false })
          .waitFor();

        const link = await installationMailLink(customer.email, date);
        await gotoHydrated(page, link);
        const when = page.getByTestId('installation-when');
        await expect.poll(() => when.textContent()).toBe(`Our crew comes on ${date}, ${AFTERNOON} (Central time).`);
        await page.getByLabel('Installation date').selectOption({ label: date });
        await expect
          .poll(() => page.getByLabel('Time window (Central time)').locator('option').allTextContents())
          .toContain(MORNING);
        await page.getByLabel('Time window (Central time)').selectOption(MORNING);
        await page.getByRole('button', { name: 'Move visit' }).click();
        await toast(page, `Your installation is booked for ${date}, ${MORNING} (Central time).`).waitFor();
        await expect.poll(() => when.textContent()).toBe(`Our crew comes on ${date}, ${MORNING} (Central time).`);
        await expectAccessibleAtBothWidths(page);

        await page.getByRole('button', { name: 'Cancel visit' }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel visit' }).click();
        await toast(page, 'Your installation visit is cancelled.').waitFor();
        await expect.poll(() => when.textContent()).toContain('not scheduled yet');
        await expect
          .poll(async () => (await mailsFor(baseUrl, customer.email)).map((mail) => mail.subject))
          .toContain(`Your installation on ${date} is cancelled`);

        await bookAgainFromMyAccount(page, date);
      } finally {
        await context.close();
      }
    },
  );
});

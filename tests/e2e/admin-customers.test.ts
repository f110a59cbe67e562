import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api } from '../support/checkout';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

let browser: Browser;
let customer: RegisteredCustomer;
/** A surname only this test's customer has. */
const lastName = `Customerstab${randomBytes(3).toString('hex')}`;

beforeAll(async () => {
  [browser, customer] = await Promise.all([
    launchBrowser(),
    registerConfirmedCustomer(baseUrl, { firstName: 'Morgan', lastName }),
  ]);
});
afterAll(async () => {
  await browser?.close();
});

async function openCustomersTab(page: Page, width: number) {
  await signInAsStaff(page, baseUrl, staff);
  if (width < 768) await page.getByLabel('Admin section').selectOption('customers');
  else await page.getByRole('tab', { name: 'Customers' }).click();
}

/**
 * Staff give the customer 5% off faux wood (a percent out of range is named by its field first); the
 * form then shows the list as saved, and removing it, once confirmed, leaves the client on list prices.
 */
async function setAPriceList(page: Page, client: RegisteredCustomer) {
  await page.getByRole('button', { name: `Price list of Morgan ${lastName}` }).click();
  const form = page.getByRole('region', { name: `Price list: Morgan ${lastName}` });
  const fauxWood = form.getByLabel('Faux Wood Blinds: percent off');
  await fauxWood.fill('95');
  await form.getByLabel('End date').fill('2099-12-31');
  await form.getByRole('button', { name: 'Save price list' }).click();
  await form.getByText('Percent off must be a number from 0 to 90, with at most two decimals.').waitFor();
  await fauxWood.fill('5');
  await form.getByRole('button', { name: 'Save price list' }).click();
  await toast(page, `Price list saved for Morgan ${lastName}.`).waitFor();
  const saved = await api(
    baseUrl,
    { accessToken: await accessTokenFor(baseUrl, staff) },
    'GET',
    `/admin/clients/${client.clientId}/price-list`,
  );
  expect(saved.body.priceList).toMatchObject({
    families: [{ family: 'faux-wood-blinds', percentOff: 5 }],
    endsOn: '2099-12-31',
  });
  await expect.poll(() => form.getByLabel('Faux Wood Blinds: percent off').inputValue()).toBe('5');

  await form.getByRole('button', { name: 'Remove price list' }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove this price list?' })
    .getByRole('button', { name: 'Remove Price List' })
    .click();
  await toast(page, `Price list removed: Morgan ${lastName} buys at list prices.`).waitFor();
  await expect.poll(() => form.getByLabel('Faux Wood Blinds: percent off').inputValue()).toBe('');
  const removed = await api(
    baseUrl,
    { accessToken: await accessTokenFor(baseUrl, staff) },
    'GET',
    `/admin/clients/${client.clientId}/price-list`,
  );
  expect(removed.body.priceList).toBeNull();
}

describe('the admin Customers tab', () => {
  it.each([1440, 360])(
    'shows staff a customer registered just now, and their lead (and sets a price list), at %i px',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await openCustomersTab(page, width);
        const customers = page.getByRole('region', { name: 'Customers' });
        const entry =
          width < 768
            ? customers.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Morgan ${lastName}` }) })
            : customers.getByRole('row').filter({ hasText: `Morgan ${lastName}` });
        await expect.poll(() => entry.textContent()).toContain(customer.email);
        await expect.poll(() => entry.textContent()).toContain('214-555-0100');
        await expect.poll(() => entry.textContent()).toContain('Residential');

        const lead = page
          .getByRole('region', { name: 'Leads' })
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: `Morgan ${lastName}` }) });
        await expect.poll(() => lead.textContent()).toContain(customer.email);

        if (width >= 768) await setAPriceList(page, customer);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      } finally {
        await context.close();
      }
    },
  );
});

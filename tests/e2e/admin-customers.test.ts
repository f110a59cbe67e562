import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { launchBrowser } from './support/browser';
import { signInAsStaff } from './support/identity';

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

describe('the admin Customers tab', () => {
  it.each([1440, 360])('shows staff a customer registered just now, and their lead, at %i px', async (width) => {
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

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } finally {
      await context.close();
    }
  });
});

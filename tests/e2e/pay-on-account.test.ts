/**
 * Paying on account in the browser (issue 28): staff approve a client for net 30 with a limit in the
 * admin Customers tab; the client checks out with Pay on account and a PO number, lands on the
 * success page (no payment page), and finds the order with its PO number and terms in My Account.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { addFauxWoodBlind } from './support/cart-steps';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const PO_NUMBER = 'PO-2026-0415';

describe('paying on account', () => {
  it('is approved by staff, chosen at checkout with a PO number, and shown in My Account', async () => {
    const lastName = `Onaccount${randomBytes(3).toString('hex')}`;
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Riley', lastName });
    const address = await fetch(`${baseUrl}/api/account/address`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ address1: '1200 Elm St', city: 'Dallas', state: 'TX', zipCode: '75201' }),
    });
    expect(address.status).toBe(200);

    const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const staffPage = await staffContext.newPage();
      await signInAsStaff(staffPage, baseUrl, staff);
      await staffPage.getByRole('tab', { name: 'Customers' }).click();
      await staffPage.getByRole('button', { name: `Payment terms of Riley ${lastName}` }).click();
      const terms = staffPage.getByRole('region', { name: `Payment terms: Riley ${lastName}` });
      await terms.getByLabel('Terms').selectOption('net30');
      await terms.getByLabel('Credit limit ($)').fill('2,500');
      await terms.getByRole('button', { name: 'Approve payment terms' }).click();
      await toast(staffPage, `Riley ${lastName} may pay on account: Net 30, limit $2,500.00.`).waitFor();
      await expect.poll(() => terms.textContent()).toContain('Available$2,500.00');
      expect(await seriousAccessibilityViolations(staffPage)).toEqual([]);
    } finally {
      await staffContext.close();
    }

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAsCustomer(page, baseUrl, customer);
      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      await gotoHydrated(page, `${baseUrl}/checkout`);
      const payment = page.getByRole('region', { name: 'Payment' });
      await payment.getByText('Pay on account').click();
      await payment.getByText('Available credit: $2,500.00').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await payment.getByText('Please enter your PO number.').waitFor();
      await payment.getByLabel('PO number').fill(PO_NUMBER);
      await page.getByRole('button', { name: 'Place Order' }).click();

      await page.waitForURL(/\/checkout\/success\?order=/);
      await page.getByRole('heading', { level: 1, name: 'Order Placed on Account' }).waitFor();
      await page.getByText(`placed on account (Net 30) with PO number ${PO_NUMBER}`).waitFor();
      const facts = page.getByTestId('order-facts');
      const orderNumber = (await facts.getByText(/^HBB-/).textContent())!;
      expect(await page.getByText(/payment (was )?received/i).count()).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'View My Account' }).click();
      await page.waitForURL(`${baseUrl}/account`);
      const row = page.getByRole('listitem', { name: `Order ${orderNumber}` });
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
      await details.getByText(`PO number: ${PO_NUMBER}`).waitFor();
      await details.getByText('On account (Net 30)').waitFor();
    } finally {
      await context.close();
    }
  });
});

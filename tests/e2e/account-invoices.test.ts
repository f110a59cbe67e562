/**
 * An order on account from shipping to paid (issue 28), in Chromium: staff mark it shipped in the
 * Orders tab; the client finds its invoice under Payment Methods with its due date and pays it by
 * card on Stripe's hosted invoice page (the local stand-in's); staff see it paid in Receivables.
 */
import type { Page } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { accountInvoiceIdOf, type MyAccountInvoices } from '#domain/account-invoices/account-invoice';
import { readableDate } from '#domain/appointments/schedule';
import { formatCents } from '#domain/pricing/money';
import { addToCart, api, blind, myOrder, newShopper, placement, type Shopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staffAccount = inject('staffAccount');
const browser = browserForThisFile();

/** A client on net 30 with an order placed on account (through the API: checkout is the other journey's). */
async function orderOnAccount(staff: { accessToken: string }) {
  const shopper = await newShopper(baseUrl, { firstName: 'Robin', lastName: 'Estates' });
  const approved = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/payment-terms`, {
    terms: 'net30',
    creditLimitCents: 5_000_000,
  });
  expect(approved.status).toBe(200);
  await addToCart(baseUrl, shopper, blind());
  const placed = await api(
    baseUrl,
    shopper,
    'POST',
    '/orders',
    placement(shopper, { paymentMethod: 'account', poNumber: 'PO-E2E-77' }),
  );
  expect(placed.status).toBe(201);
  return { shopper, order: await myOrder(baseUrl, shopper, placed.body.orderId) };
}

/** Staff find the order in the Orders tab and ship it. */
async function staffShip(staffPage: Page, orderNumber: string) {
  await staffPage.getByRole('tab', { name: 'Orders' }).click();
  await staffPage.getByLabel('Order number or e-mail').fill(orderNumber);
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await staffPage
    .getByRole('button', { name: `View order ${orderNumber}` })
    .first()
    .click();
  const dialog = staffPage.getByRole('dialog', { name: `Order ${orderNumber}` });
  await dialog.getByRole('button', { name: 'Mark Shipped' }).click();
  await dialog.getByLabel('Carrier').selectOption('UPS');
  await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await dialog.getByRole('button', { name: 'Confirm Shipment' }).click();
  await toast(staffPage, `Order ${orderNumber} marked shipped.`).waitFor();
  await staffPage.keyboard.press('Escape');
}

/** The client's Payment Methods tab shows the open invoice with its due date; Pay opens the hosted page, where a card pays it. */
async function clientPaysOnTheHostedPage(clientPage: Page, shopper: Shopper, invoiceId: string, totalCents: number) {
  const ready = await eventually(
    async () => (await api<MyAccountInvoices>(baseUrl, shopper, 'GET', '/account/invoices')).body.invoices,
    (invoices) => invoices.some((invoice) => invoice.id === invoiceId && invoice.payUrl !== null),
    20_000,
  );
  const { dueOn } = ready.find((invoice) => invoice.id === invoiceId)!;
  await signInAsCustomer(clientPage, baseUrl, shopper);
  await gotoHydrated(clientPage, `${baseUrl}/account/settings`);
  await clientPage.getByRole('tab', { name: 'Payment Methods' }).click();
  const invoice = clientPage.getByTestId('open-invoice').filter({ hasText: invoiceId });
  await expect.poll(() => invoice.textContent()).toContain(`Due ${readableDate(dueOn)}`);
  expect(await invoice.textContent()).toContain('PO PO-E2E-77');
  expect(await seriousAccessibilityViolations(clientPage)).toEqual([]);

  await invoice.getByRole('link', { name: `Pay invoice ${invoiceId} (${formatCents(totalCents)})` }).click();
  await clientPage
    .getByRole('heading', { name: new RegExp(`^Invoice `) })
    .first()
    .waitFor();
  await payOnPaymentPage(clientPage, '4242424242424242');
  await clientPage.getByRole('heading', { name: 'Invoice paid' }).waitFor();
}

/** Staff's Receivables (under Invoice Management) list the invoice as paid. */
async function staffSeeItPaid(staffPage: Page, invoiceId: string) {
  await staffPage.getByRole('tab', { name: 'Invoice Management' }).click();
  const client = staffPage.getByTestId('client-receivables').filter({ hasText: invoiceId });
  await expect
    .poll(
      async () => {
        await staffPage.getByRole('button', { name: 'Refresh Receivables' }).click();
        return client.getByRole('row').filter({ hasText: invoiceId }).textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('Paid');
  expect(await seriousAccessibilityViolations(staffPage)).toEqual([]);
}

it('staff ship an order on account; the client pays its invoice on the hosted page; staff see it paid', async () => {
  const staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
  const { shopper, order } = await orderOnAccount(staff);
  const invoiceId = accountInvoiceIdOf(order.orderNumber);

  const staffPage = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
  await signInAsStaff(staffPage, baseUrl, staffAccount);
  await staffShip(staffPage, order.orderNumber);

  const clientPage = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
  await clientPaysOnTheHostedPage(clientPage, shopper, invoiceId, order.totals.totalCents);

  await staffSeeItPaid(staffPage, invoiceId);
});

/**
 * Returns in Chromium (issue 12): a customer starts a return of a delivered order from the Returns
 * page (the order found by number and e-mail, a blind, a reason and a photo uploaded to the bucket),
 * and staff approve it in the admin Returns tab with the photo at hand. axe on the form and the tab
 * at 1440 and 360 px.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { addToCart, api, blind, myOrder, newShopper, pay, placement, placeOrder } from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staffAccount = inject('staffAccount');
const browser = browserForThisFile();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A customer's paid order, shipped and delivered through the admin transition API. */
async function deliveredOrder() {
  const staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind({ quantity: 2 }));
  const order = await placeOrder(baseUrl, shopper, placement(shopper));
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, order.orderId),
    (detail) => detail.paymentStatus === 'paid',
    10_000,
  );
  for (const body of [{ action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' }, { action: 'deliver' }]) {
    const moved = await api(baseUrl, staff, 'POST', `/admin/orders/${order.orderId}/transitions`, body);
    if (moved.status !== 200) throw new Error(`${body.action} answered ${moved.status}`);
  }
  return { shopper, orderNumber: order.orderNumber };
}

async function accessibleAtBothWidths(page: Page) {
  for (const width of [1440, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

/** On the Returns page: the order found by number and e-mail, a blind, a reason, a note and a photo uploaded. Answers the form. */
async function startAReturnWithAPhoto(page: Page, orderNumber: string, email: string): Promise<Locator> {
  await gotoHydrated(page, `${baseUrl}/returns`);
  await page.getByRole('button', { name: 'Start a Return' }).click();
  const start = page.getByRole('region', { name: 'Start a Return' });
  await start.getByLabel('Order number').fill(orderNumber);
  await start.getByLabel('Email').fill(email);
  await start.getByRole('button', { name: 'Find my order' }).click();

  const form = page.getByRole('form', { name: `Return or remake for order ${orderNumber}` });
  await form.getByRole('checkbox').first().check({ force: true });
  await form.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await form.getByLabel('Note (optional)').fill('Two slats arrived cracked.');
  await form.getByLabel('Photos (optional)').setInputFiles({ name: 'cracked.png', mimeType: 'image/png', buffer: PNG });
  await form.getByText('Uploaded').waitFor();
  await form.getByRole('img', { name: 'Preview of cracked.png' }).waitFor();
  await accessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  return form;
}

/** Staff open the request in the Returns tab, its photo loaded from the bucket. Answers its card. */
async function staffOpenTheRequest(page: Page, returnNumber: string, orderNumber: string): Promise<Locator> {
  await signInAsStaff(page, baseUrl, staffAccount);
  await page.getByRole('tab', { name: 'Returns' }).click();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${returnNumber}: Return of ${orderNumber}` }) });
  await card.getByRole('button', { name: `Open ${returnNumber}` }).click();
  await card.getByRole('img', { name: `Photo 1 of ${returnNumber}` }).waitFor();
  await expect
    .poll(() =>
      card
        .getByRole('img', { name: `Photo 1 of ${returnNumber}` })
        .evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBe(1);
  await accessibleAtBothWidths(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  return card;
}

/** Approve: the card says so, the customer is mailed, and staff are told. */
async function approve(page: Page, card: Locator, returnNumber: string, email: string) {
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByRole('button', { name: 'Mark received' }).waitFor();
  await expect.poll(() => card.textContent()).toContain('Approved');
  const approved = await eventually(
    () => mailsFor(baseUrl, email),
    (mails) => mails.some((mail) => mail.subject === `Your return request ${returnNumber}: Approved`),
    10_000,
  );
  expect(approved.some((mail) => mail.subject === `Your return request ${returnNumber}: Approved`)).toBe(true);
  await toast(page, `${returnNumber}: Approved. The customer is e-mailed.`).waitFor();
}

/** The refund moves money: staff are asked first, told the amount, and told what happened. */
async function receiveAndRefund(page: Page, card: Locator, returnNumber: string) {
  await card.getByRole('button', { name: 'Mark received' }).click();
  const refundButton = card.getByRole('button', { name: 'Refund' });
  await refundButton.waitFor();
  // Read before the question opens: a modal dialog hides the rest of the page from its roles.
  const shownBeforeAsking = (await card.textContent())!;
  await refundButton.click();
  const confirmRefund = page.getByRole('alertdialog', {
    name: /^Refund \$[\d,]+\.\d{2} to the customer's card\?$/,
  });
  await confirmRefund.waitFor();
  const amount = /\$[\d,]+\.\d{2}/.exec((await confirmRefund.getByRole('heading').textContent())!)![0];
  expect(shownBeforeAsking).toContain(amount);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await confirmRefund.getByRole('button', { name: 'Cancel' }).click();
  await confirmRefund.waitFor({ state: 'hidden' });
  expect(await card.textContent(), 'nothing refunded when the question is dismissed').toContain('Received');
  expect(await refundButton.isVisible()).toBe(true);

  await refundButton.click();
  await confirmRefund.getByRole('button', { name: `Refund ${amount}` }).click();
  await toast(page, `${returnNumber}: ${amount} refunded. The customer is e-mailed.`).waitFor();
  await expect.poll(() => card.textContent()).toContain('Refunded');
}

describe('a return from the Returns page to staff approval', () => {
  // An order paid, delivered, returned and refunded through the stand-ins: longer than the default on a busy machine.
  it('a customer starts a return of a delivered order; staff approve it in the Returns tab', async () => {
    const { shopper, orderNumber } = await deliveredOrder();
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const form = await startAReturnWithAPhoto(page, orderNumber, shopper.email);
      const contact = page.getByRole('link', { name: 'Contact', exact: true });
      expect(new URL((await contact.getAttribute('href'))!, baseUrl).searchParams.get('orderNumber')).toBe(orderNumber);

      await form.getByRole('button', { name: 'Send request' }).click();
      const sent = page.getByRole('status').filter({ hasText: /Request RMA-\w{6} sent/ });
      await sent.waitFor();
      const returnNumber = /RMA-\w{6}/.exec((await sent.textContent())!)![0];

      const card = await staffOpenTheRequest(page, returnNumber, orderNumber);
      await approve(page, card, returnNumber, shopper.email);
      await receiveAndRefund(page, card, returnNumber);
    } finally {
      await context.close();
    }
  }, 180_000);
});

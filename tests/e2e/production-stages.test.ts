/**
 * Tracking's timeline after staff moves (issue 29): staff put a paid order in production with a
 * batch move from the Orders tab, then mark it ready to ship from its dialog; a guest tracking it
 * sees each stage reached with its date and each to come with the date promised.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shortDate } from '#domain/calendar/date-text';
import { shopDate } from '#domain/orders/invoice';
import { addToCart, blind, DALLAS, myOrder, newShopper, pay, placeOrder, placement } from '../support/checkout';
import { mailsFor } from '../support/outbox';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

/** A customer's order for a blind to Dallas, paid through the stand-in. */
async function paidOrder() {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind());
  const order = await placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS }));
  await pay(baseUrl, order.checkoutSessionId);
  await expect.poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).paymentStatus).toBe('paid');
  return { shopper, order };
}

/** Staff select the order in the Orders tab and start its production as a batch of one. */
async function staffStartProductionInABatch(page: Page, orderNumber: string) {
  await signInAsStaff(page, baseUrl, staff);
  await page.getByRole('tab', { name: 'Orders' }).click();
  await page.getByLabel('Order number or e-mail').fill(orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('checkbox', { name: `Select order ${orderNumber}` })
    .first()
    .check();
  const bar = page.getByRole('group', { name: 'Move the selected orders' });
  await bar.getByLabel('Move to').selectOption({ label: 'Start production' });
  await bar.getByRole('button', { name: 'Move Selected' }).click();
  await toast(page, '1 order moved: start production.').waitFor();
}

/** Staff open the order and mark it ready to ship. */
async function staffMarkReady(page: Page, orderNumber: string) {
  await page
    .getByRole('button', { name: `View order ${orderNumber}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await expect.poll(() => dialog.getByTestId('admin-order-status').textContent()).toBe('In Production · Payment paid');
  await dialog.getByRole('button', { name: 'Mark Ready to Ship' }).click();
  await toast(page, `Order ${orderNumber} is ready to ship.`).waitFor();
  await expect.poll(() => dialog.getByTestId('admin-order-status').textContent()).toBe('Ready to Ship · Payment paid');
}

/** Each step of the timeline as the page reads it: its name, and its date or promised date. */
async function timelineOf(page: Page) {
  return page
    .getByRole('list', { name: 'Order progress' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => [
        item.getAttribute('data-stage'),
        item.getAttribute('data-state'),
        item.querySelector('[data-testid="timeline-date"]')?.textContent,
      ]),
    );
}

describe('production stages', () => {
  it("tracking shows the timeline after staff's moves: stages reached with their dates, the rest with the promised dates", async () => {
    const { shopper, order } = await paidOrder();
    const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const guestContext = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const staffPage = await staffContext.newPage();
      await staffStartProductionInABatch(staffPage, order.orderNumber);
      await staffMarkReady(staffPage, order.orderNumber);
      const placed = await myOrder(baseUrl, shopper, order.orderId);
      const estimate = placed.estimate!;

      const guestPage = await guestContext.newPage();
      await gotoHydrated(guestPage, `${baseUrl}/track-order`);
      await guestPage.getByRole('textbox', { name: 'Order number' }).fill(order.orderNumber);
      await guestPage.getByRole('textbox', { name: 'Email' }).fill(shopper.email);
      await guestPage.getByRole('button', { name: 'Track Order' }).click();
      await expect.poll(() => guestPage.getByTestId('tracking-status').textContent()).toBe('Status: Ready to Ship');
      expect(await timelineOf(guestPage)).toEqual([
        ['placed', 'done', shopDate(placed.createdAt)],
        ['inProduction', 'done', shopDate(placed.productionStartedAt!)],
        ['readyToShip', 'current', shopDate(placed.readyToShipAt!)],
        ['shipped', 'expected', `Expected by ${shortDate(estimate.shipsBy)}`],
        ['delivered', 'expected', `Expected by ${shortDate(estimate.deliveredBy)}`],
      ]);
      await expect
        .poll(async () => (await mailsFor(baseUrl, shopper.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toEqual(
          expect.arrayContaining([
            `Your order ${order.orderNumber} is in production`,
            `Your order ${order.orderNumber} is ready to ship`,
          ]),
        );
    } finally {
      await staffContext.close();
      await guestContext.close();
    }
  });
});

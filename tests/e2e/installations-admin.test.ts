/**
 * Staff's installation calendar (issue 29): a customer's order with installation booked at
 * checkout has been delivered; staff open the Installations tab, move the visit to another free
 * window from its dialog, complete it, and the customer's tracking shows the order installed; or
 * cancel the visit, which frees its window and mails the customer the calendar's cancel.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { InstallationSlotsAnswer } from '#domain/appointments/installation';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import { readableDate } from '#domain/appointments/schedule';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { addToCart, api, blind, DALLAS, myOrder, newShopper, pay, placeOrder, placement } from '../support/checkout';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, holdRequests } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();
const MORNING: InstallationWindow = '8:00 AM - 12:00 PM';
const AFTERNOON: InstallationWindow = '1:00 PM - 5:00 PM';

/** Dates after `deliveredBy` whose two windows are both free, earliest first. */
async function freeDates(deliveredBy: string): Promise<string[]> {
  const slots = (
    await api<InstallationSlotsAnswer>(baseUrl, null, 'GET', `/installations/slots?deliveredBy=${deliveredBy}`)
  ).body;
  return slots.days
    .filter((day) => day.windows.length === 2 && day.windows.every((window) => window.available))
    .map((day) => day.date);
}

/** A paid Dallas order with installation booked at checkout in `MORNING`, shipped and delivered by staff. */
async function deliveredOrderWithVisit() {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind());
  const quote = await api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', {
    shippingAddress: { state: 'TX', zipCode: DALLAS.zipCode },
    installation: true,
  });
  const [booked, moveTo] = (await freeDates(quote.body.estimate!.deliveredBy)).slice(8);
  const order = await placeOrder(baseUrl, shopper, {
    ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
    installationVisit: { date: booked, window: MORNING },
  });
  await pay(baseUrl, order.checkoutSessionId);
  await expect.poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).paymentStatus).toBe('paid');
  const staffCaller = { accessToken: await accessTokenFor(baseUrl, staff) };
  for (const move of [{ action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' }, { action: 'deliver' }])
    expect((await api(baseUrl, staffCaller, 'POST', `/admin/orders/${order.orderId}/transitions`, move)).status).toBe(
      200,
    );
  return { shopper, order, booked: booked!, moveTo: moveTo! };
}

/** The Installations tab from `from`: that day's window, and the order's visit in it. */
async function shownIn(page: Page, from: string, window: InstallationWindow, orderNumber: string) {
  await page.getByLabel('From').fill(from);
  const windowOfDay = page.getByRole('region', { name: readableDate(from) }).getByRole('region', { name: window });
  await windowOfDay.waitFor();
  return { windowOfDay, visit: windowOfDay.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` }) };
}

describe("staff's Installations tab", () => {
  it('moves a visit to a free window and completes it; the customer’s tracking shows Installed', async () => {
    const { shopper, order, booked, moveTo } = await deliveredOrderWithVisit();
    const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const guestContext = await browser().newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await staffContext.newPage();
      await signInAsStaff(page, baseUrl, staff);
      // The tab's first range (from today) answers only once the chosen one shows, as on a slow line: the
      // earlier question's late answer must not replace the range staff asked for since.
      const answerFirstRange = await holdRequests(page, /\/admin\/installations\?days=7$/);
      await page.getByRole('tab', { name: 'Installations' }).click();
      const { windowOfDay: morning, visit } = await shownIn(page, booked, MORNING, order.orderNumber);
      await answerFirstRange();
      await expect
        .poll(() => morning.getByTestId('window-capacity').textContent())
        .toMatch(/^[12] of \d+ crews? booked$/);
      await expect.poll(() => visit.textContent()).toMatch(/Casey Buyer.*Crew \d.*1200 Elm St.*1 blind/s);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await visit.getByRole('button', { name: 'Reschedule' }).click();
      const dialog = page.getByRole('dialog', { name: `Move order ${order.orderNumber}'s visit` });
      await dialog.getByLabel('New window').selectOption({ label: `${readableDate(moveTo)}, ${AFTERNOON}` });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, `Order ${order.orderNumber} moved to ${readableDate(moveTo)}, ${AFTERNOON}`).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const { visit: moved } = await shownIn(page, moveTo, AFTERNOON, order.orderNumber);
      await moved.getByRole('button', { name: 'Complete' }).click();
      await page.getByRole('button', { name: 'Complete Installation' }).click();
      await toast(page, `Order ${order.orderNumber}: installation completed`).waitFor();
      await expect.poll(() => moved.getByTestId('installation-status').textContent()).toBe('completed');
      // The order moves when InstallationCompleted's consumer has run.
      await expect
        .poll(async () => (await myOrder(baseUrl, shopper, order.orderId)).status, { timeout: 30_000 })
        .toBe('installed');

      const guestPage = await guestContext.newPage();
      await gotoHydrated(guestPage, `${baseUrl}/track-order`);
      await guestPage.getByRole('textbox', { name: 'Order number' }).fill(order.orderNumber);
      await guestPage.getByRole('textbox', { name: 'Email' }).fill(shopper.email);
      await guestPage.getByRole('button', { name: 'Track Order' }).click();
      await expect.poll(() => guestPage.getByTestId('tracking-status').textContent()).toBe('Status: Installed');
      await expect
        .poll(async () => (await mailsFor(baseUrl, shopper.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toEqual(
          expect.arrayContaining([
            `Your installation is on ${readableDate(moveTo)}, ${AFTERNOON}`,
            `Your blinds from order ${order.orderNumber} are installed`,
          ]),
        );
    } finally {
      await staffContext.close();
      await guestContext.close();
    }
  });

  it('cancels a visit: its window is freed and the customer’s calendar file removes the event', async () => {
    const { shopper, order, booked } = await deliveredOrderWithVisit();
    const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await staffContext.newPage();
      await signInAsStaff(page, baseUrl, staff);
      await page.getByRole('tab', { name: 'Installations' }).click();
      const { windowOfDay: morning, visit } = await shownIn(page, booked, MORNING, order.orderNumber);
      await visit.getByRole('button', { name: 'Cancel visit' }).click();
      const confirm = page.getByRole('alertdialog', {
        name: `Cancel order ${order.orderNumber}'s installation visit?`,
      });
      await confirm.getByRole('button', { name: 'Cancel Visit' }).click();
      await toast(page, `Order ${order.orderNumber}: installation visit cancelled`).waitFor();
      await expect
        .poll(() =>
          morning
            .getByRole('listitem')
            .filter({ hasText: `Order ${order.orderNumber}` })
            .count(),
        )
        .toBe(0);

      const subject = `Your installation on ${readableDate(booked)} is cancelled`;
      const cancelMail = async () => (await mailsFor(baseUrl, shopper.email)).find((mail) => mail.subject === subject);
      await expect
        .poll(async () => (await cancelMail())?.text ?? '', { timeout: 30_000 })
        .toContain('Choose a new date');
      const calendar = (await cancelMail())!.attachments?.find((file) => file.fileName === 'installation.ics');
      const ics = Buffer.from(calendar!.contentBase64, 'base64').toString('utf8');
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('STATUS:CANCELLED');
    } finally {
      await staffContext.close();
    }
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FIT_CHECK_MESSAGES, FIT_CONFIRMED_NOTE, SWAP_QUESTION } from '#domain/properties/fit-check';
import type { PropertyInput } from '#domain/properties/property';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { cartBadge } from './support/cart-steps';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { summaryValue } from './support/summary';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

const HOUSE: PropertyInput = {
  name: 'Lakewood House',
  address1: '6500 Lakewood Blvd',
  address2: '',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75214',
  propertyType: 'single-family',
  isCommercial: false,
  propertyStatus: 'active',
  totalUnitsCount: 1,
  completedUnitsCount: 0,
};

async function call(customer: RegisteredCustomer, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return response.json();
}

/** The house, its Kitchen, and the Kitchen window measured 35" wide (a square frame) and 60" high. */
async function measuredKitchen(customer: RegisteredCustomer): Promise<void> {
  const { property } = await call(customer, '/properties', HOUSE);
  await call(customer, `/properties/${property.id}/rooms`, { name: 'Kitchen' });
  const window = { roomName: 'Kitchen', widthTop: 35, widthMiddle: 35, widthBottom: 35, height: 60 };
  await call(customer, `/properties/${property.id}/windows`, window);
}

/** On the faux wood page: the Kitchen chosen for Add to Cart, and the size typed (measured as the window). */
async function typeKitchenBlind(page: Page, width: number, length: number) {
  await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
  await page.getByRole('button', { name: 'Select Property and Room' }).click();
  const select = page.getByRole('dialog', { name: 'Select Property and Room' });
  await expect.poll(() => select.getByLabel('Property').inputValue()).not.toBe('');
  await select.getByLabel('Property').selectOption({ label: HOUSE.name });
  await select.getByLabel('Room (optional)').selectOption('Kitchen');
  await select.getByRole('button', { name: 'Use for Add to Cart' }).click();
  await page.getByText('Room: Kitchen').waitFor();
  await page.getByLabel('Width (inches)').fill(String(width));
  await page.getByLabel('Length (inches)').fill(String(length));
}

async function addToCart(page: Page) {
  await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
  await page.getByRole('region', { name: 'Price', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
  await expect.poll(() => cartBadge(page).textContent()).toBe('1');
  await page
    .getByRole('dialog', { name: 'Added to your cart' })
    .getByRole('button', { name: 'Continue Shopping' })
    .click();
}

/** 60 x 35 typed: the configurator asks about the swap; the blind is added as typed all the same, then Swap turns the fields round. */
async function addSwappedKitchenBlind(page: Page) {
  await typeKitchenBlind(page, 60, 35);
  const question = page.getByRole('status').filter({ hasText: SWAP_QUESTION });
  await question.getByText('A window you measured is 35" wide and 60" high.').waitFor();
  await addToCart(page);

  await question.getByRole('button', { name: 'Swap width and height' }).click();
  await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('35');
  await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('60');
  await expect.poll(() => question.count()).toBe(0);
}

async function placeAndPay(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/_local\/stripe\/checkout\//);
  await payOnPaymentPage(page, '4242 4242 4242 4242');
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
  const orderNumber = summaryValue(page.getByTestId('order-facts'), 'Order number');
  await expect.poll(() => orderNumber.textContent()).toMatch(/^HBB-/);
  return (await orderNumber.textContent())!;
}

/** Checkout lists the line beside the window, holds Place Order until it is fixed or confirmed; Fix corrects it in the cart. */
async function fixTheSwapAtCheckout(page: Page) {
  await gotoHydrated(page, `${baseUrl}/checkout`);
  const checks = page.getByRole('region', { name: 'Check your sizes' });
  const line = checks.getByRole('listitem', { name: /Faux Wood Blinds: Standard/ });
  await line.getByText(SWAP_QUESTION, { exact: false }).waitFor();
  const sizes = line.getByRole('table', { name: 'Sizes of Faux Wood Blinds: Standard' });
  expect(await sizes.getByRole('row', { name: /Width/ }).textContent()).toBe('Width60"35"');
  expect(await sizes.getByRole('row', { name: /Height/ }).textContent()).toBe('Height35"60"');
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByText(FIT_CHECK_MESSAGES.unconfirmed).waitFor();
  await page
    .getByRole('region', { name: 'Shipping Address' })
    .getByLabel('Ship to a saved property')
    .selectOption({ label: HOUSE.name });
  expect(await placeOrder.isDisabled()).toBe(true);

  const confirm = line.getByRole('button', { name: /^Confirm Faux Wood Blinds/ });
  await confirm.click();
  await expect.poll(() => confirm.getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => placeOrder.isEnabled()).toBe(true);
  await confirm.press('Enter');
  await expect.poll(() => placeOrder.isDisabled()).toBe(true);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page), `axe at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await line.getByRole('button', { name: /^Fix Faux Wood Blinds/ }).click();
  await toast(page, 'Faux Wood Blinds: Standard fixed').waitFor();
  await expect.poll(() => checks.count()).toBe(0);
  await summary.getByText('35" W x 60" H', { exact: false }).first().waitFor();
  await expect.poll(() => summary.getByText(FIT_CHECK_MESSAGES.unconfirmed).count()).toBe(0);
  await expect.poll(() => placeOrder.isEnabled()).toBe(true);
}

describe('will it fit?', () => {
  it(
    'a swapped size asked about in the configurator, caught at checkout and fixed, then placed and paid',
    { timeout: 240_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Rosa', lastName: 'Quinn' });
      await measuredKitchen(customer);
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        await addSwappedKitchenBlind(page);
        await fixTheSwapAtCheckout(page);
        await placeAndPay(page);
      } finally {
        await context.close();
      }
    },
  );

  it("a size confirmed at checkout reaches staff's order dialog with its note", { timeout: 240_000 }, async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Omar', lastName: 'Reyes' });
    await measuredKitchen(customer);
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAsCustomer(page, baseUrl, customer);
      // An inch wider than the window: the check questions it, and the customer says it is right.
      await typeKitchenBlind(page, 36, 60);
      await addToCart(page);
      await gotoHydrated(page, `${baseUrl}/checkout`);
      const line = page.getByRole('region', { name: 'Check your sizes' }).getByRole('listitem');
      await line.getByText('more than 1/4" apart', { exact: false }).waitFor();
      await page
        .getByRole('region', { name: 'Shipping Address' })
        .getByLabel('Ship to a saved property')
        .selectOption({ label: HOUSE.name });
      await line.getByRole('button', { name: /^Confirm / }).click();
      const orderNumber = await placeAndPay(page);

      const staffPage = await staffContext.newPage();
      await signInAsStaff(staffPage, baseUrl, staff);
      await staffPage.getByRole('tab', { name: 'Orders' }).click();
      await staffPage.getByLabel('Order number or e-mail').fill(orderNumber);
      await staffPage.getByRole('button', { name: 'Search' }).click();
      await staffPage
        .getByRole('button', { name: `View order ${orderNumber}` })
        .first()
        .click();
      const dialog = staffPage.getByRole('dialog', { name: `Order ${orderNumber}` });
      await dialog.getByText(`Note: ${FIT_CONFIRMED_NOTE}`).waitFor();
    } finally {
      await context.close();
      await staffContext.close();
    }
  });
});

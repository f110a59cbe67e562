/**
 * "Order again" (issue 28): a customer opens a paid order of two blinds in My Account, chooses one
 * of them and puts it back in the cart as it was configured, with its room, at today's price. The
 * order is placed and paid through the API (the checkout journey drives those pages).
 */
import { describe, expect, inject, it } from 'vitest';
import { formatCents } from '#domain/pricing/money';
import { reorderAddedMessage } from '#domain/orders/reorder';
import { addToCart, blind, myOrder, newShopper, pay, placeOrder, placement, seedUnitCents } from '../support/checkout';
import { eventually } from '../support/eventually';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { cartBadge, openCart } from './support/cart-steps';
import { signInAsCustomer } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

const BEDROOM_BLIND = blind();
const KITCHEN_BLIND = blind({ width: { inches: 47, eighths: 0 } });
const UNIT_CENTS = seedUnitCents(BEDROOM_BLIND);

describe('Order again', () => {
  it("puts the blind chosen of a past order's two back in the cart with its room, at today's price", async () => {
    const shopper = await newShopper(baseUrl, { firstName: 'Dana', lastName: 'Reyes' });
    await addToCart(baseUrl, shopper, BEDROOM_BLIND, 'Unit 204 Bedroom');
    await addToCart(baseUrl, shopper, KITCHEN_BLIND, 'Unit 204 Kitchen');
    const placed = await placeOrder(baseUrl, shopper, placement(shopper));
    await pay(baseUrl, placed.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, shopper, placed.orderId),
      (order) => order.paymentStatus === 'paid',
      15_000,
    );

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAsCustomer(page, baseUrl, shopper);
      await gotoHydrated(page, `${baseUrl}/account`);
      const row = page.getByRole('listitem', { name: `Order ${placed.orderNumber}` });
      await row.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: `Order ${placed.orderNumber}` });
      const choices = details.getByRole('group', { name: 'Choose the blinds to order again' });
      const orderAgain = details.getByRole('button', { name: /^Order again/ });
      await expect.poll(() => orderAgain.textContent()).toBe('Order again (2 blinds)');
      // Every line is chosen at first: the customer leaves only the bedroom's, by keyboard.
      await choices.getByRole('checkbox', { name: 'Select all' }).press('Space');
      await expect.poll(() => orderAgain.isDisabled()).toBe(true);
      await choices.getByRole('checkbox', { name: /Unit 204 Bedroom/ }).press('Space');
      await expect.poll(() => orderAgain.textContent()).toBe('Order again (1 blind)');
      expect(await choices.getByRole('checkbox', { name: /Unit 204 Kitchen/ }).isChecked()).toBe(false);
      await orderAgain.click();
      await toast(page, reorderAddedMessage({ addedCount: 1, totalCents: UNIT_CENTS })).waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toBe('1');

      await openCart(page, baseUrl);
      await page.getByText('Room: Unit 204 Bedroom').waitFor();
      expect(await page.getByText('Room: Unit 204 Kitchen').count()).toBe(0);
      await expect.poll(() => page.getByTestId('line-total').textContent()).toBe(formatCents(UNIT_CENTS));
    } finally {
      await context.close();
    }
  });
});

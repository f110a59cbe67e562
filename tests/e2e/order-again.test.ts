/**
 * "Order again" (issue 28): a customer opens a paid order in My Account and puts its blind back in
 * the cart as it was configured, with its room, at today's price. The order is placed and paid
 * through the API (the checkout journey drives those pages).
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

const UNIT_CENTS = seedUnitCents(blind());

describe('Order again', () => {
  it("puts a past order's blind back in the cart with its room, at today's price", async () => {
    const shopper = await newShopper(baseUrl, { firstName: 'Dana', lastName: 'Reyes' });
    await addToCart(baseUrl, shopper, blind(), 'Unit 204 Bedroom');
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
      await details.getByRole('button', { name: 'Order again' }).click();
      await toast(page, reorderAddedMessage({ addedCount: 1, totalCents: UNIT_CENTS })).waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toBe('1');

      await openCart(page, baseUrl);
      await page.getByText('Room: Unit 204 Bedroom').waitFor();
      await expect.poll(() => page.getByTestId('line-total').textContent()).toBe(formatCents(UNIT_CENTS));
    } finally {
      await context.close();
    }
  });
});

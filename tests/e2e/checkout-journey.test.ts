import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { MyOrdersResponse } from '#domain/orders/responses';
import type { PropertyInput } from '#domain/properties/property';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { mailsFor } from '../support/outbox';
import { seriousAccessibilityViolations } from './support/accessibility';
import { addFauxWoodBlind, cartBadge, orderFauxWoodSample } from './support/cart-steps';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { summaryValue } from './support/summary';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const PAYING_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const TRACKING_NUMBER = '1Z999AA10123456784';

/** In Dallas (ZIP 752xx): free delivery and the installation area. */
const DUPLEX: PropertyInput = {
  name: 'Oak Lawn Duplex',
  address1: '3900 Cedar Springs Rd',
  address2: '',
  city: 'Dallas',
  state: 'TX',
  zipCode: '75219',
  propertyType: 'multi-family',
  isCommercial: false,
  propertyStatus: 'active',
  totalUnitsCount: 2,
  completedUnitsCount: 0,
};

/** In Fort Worth (ZIP 761xx): in the DFW metro, so installation is offered. */
const STOCKYARDS: PropertyInput = {
  ...DUPLEX,
  name: 'Stockyards Lofts',
  address1: '131 E Exchange Ave',
  city: 'Fort Worth',
  zipCode: '76164',
};

const shippingAddress = (page: Page) => page.getByRole('region', { name: 'Shipping Address' });

async function savedProperty(customer: RegisteredCustomer, property: PropertyInput): Promise<void> {
  const response = await fetch(`${baseUrl}/api/properties`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(property),
  });
  expect(response.status).toBe(201);
}

async function profileAddress(
  customer: RegisteredCustomer,
  address: { address1: string; city: string; state: string; zipCode: string },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/account/address`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(address),
  });
  expect(response.status).toBe(200);
}

async function openCheckoutFromCart(page: Page) {
  await gotoHydrated(page, `${baseUrl}/cart`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(`${baseUrl}/checkout`);
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
}

/** The checkout's total once the quote for the address entered is in (the button waits for it). */
async function quotedTotal(page: Page): Promise<string> {
  await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
  const total = summaryValue(page.getByTestId('checkout-totals'), 'Total');
  await expect.poll(() => total.textContent()).toMatch(/^\$\d/);
  return (await total.textContent())!;
}

/** Place Order, and on the payment page, which asks for the total checkout showed, pays with `card`. */
async function placeOrderAndPay(page: Page, total: string, card: string) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/_local\/stripe\/checkout\//);
  await page.getByRole('button', { name: `Pay ${total}` }).waitFor();
  await payOnPaymentPage(page, card);
}

/** No serious or critical axe violation, and nothing wider than the screen, at a phone's and a desktop's width. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page), `axe at ${width} px on ${page.url()}`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `width at ${width} px on ${page.url()}`,
    ).toBeLessThanOrEqual(width);
  }
}

async function trackOrder(page: Page, orderNumber: string, email: string) {
  await page.getByRole('textbox', { name: 'Order number' }).fill(orderNumber);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Track Order' }).click();
}

/**
 * Checkout of the two blinds and the sample: the profile fills the customer, the saved property
 * the address; the server's quote the totals. Answers the total quoted.
 */
async function checkOutToTheDuplex(page: Page, customer: RegisteredCustomer): Promise<string> {
  await openCheckoutFromCart(page);
  const customerInfo = page.getByRole('region', { name: 'Customer Information' });
  await expect.poll(() => customerInfo.getByLabel('Full name').inputValue()).toBe('Lucia Moreno');
  await expect.poll(() => customerInfo.getByLabel('Email').inputValue()).toBe(customer.email);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect.poll(() => summary.getByRole('list', { name: 'Items' }).locator(':scope > li').count()).toBe(3);
  await summary.getByText(`Free sample: Faux Wood Blinds`).waitFor();
  const totals = page.getByTestId('checkout-totals');
  await expect.poll(() => summaryValue(totals, 'Shipping').textContent()).toBe('Enter your state and ZIP code');

  const shipping = shippingAddress(page);
  await shipping.getByLabel('Ship to a saved property').selectOption({ label: DUPLEX.name });
  await expect.poll(() => shipping.getByLabel('Street address').inputValue()).toBe(DUPLEX.address1);
  await expect.poll(() => shipping.getByLabel('State').inputValue()).toBe('TX');
  await expect.poll(() => summaryValue(totals, 'Shipping').textContent()).toBe('Free (DFW delivery)');
  await expect.poll(() => summaryValue(totals, 'Sample shipping').textContent()).toBe('$15.00');
  await page.getByRole('region', { name: 'Professional Installation' }).waitFor();
  const total = await quotedTotal(page);
  await expectAccessibleAtBothWidths(page);
  return total;
}

/** The payment page charges what checkout showed, and comes back to the success page. Answers the order's number. */
async function payAndSeeTheOrderPaid(page: Page, total: string): Promise<string> {
  await placeOrderAndPay(page, total, PAYING_CARD);
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
  const facts = page.getByTestId('order-facts');
  await expect.poll(() => summaryValue(facts, 'Total').textContent()).toBe(total);
  await expect.poll(() => summaryValue(facts, 'Payment status').textContent()).toBe('Paid');
  await expect.poll(() => summaryValue(facts, 'Order status').textContent()).toBe('Processing');
  const orderNumber = (await summaryValue(facts, 'Order number').textContent())!;
  expect(orderNumber).toMatch(/^HBB-[2-9A-HJ-NP-Z]{6}$/);
  await page.getByRole('heading', { level: 2, name: "What's Next" }).waitFor();
  await expectAccessibleAtBothWidths(page);
  return orderNumber;
}

/** My Account lists the order; its invoice downloads as a PDF once the consumer has rendered it. */
async function downloadTheInvoiceFromMyAccount(page: Page, orderNumber: string, total: string) {
  await page.getByRole('link', { name: 'View My Account' }).click();
  await page.waitForURL(`${baseUrl}/account`);
  const row = page.getByRole('listitem', { name: `Order ${orderNumber}` });
  await expect.poll(() => row.textContent()).toContain(total);
  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await details.getByText(`${DUPLEX.city}, TX ${DUPLEX.zipCode}`).first().waitFor();
  const invoice = details.getByRole('link', { name: 'Download invoice' });
  await expect
    .poll(
      async () => {
        if ((await invoice.count()) > 0) return true;
        await details.getByRole('button', { name: 'Check again' }).click();
        return false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const pdf = await fetch((await invoice.getAttribute('href'))!);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expectAccessibleAtBothWidths(page);
}

/** The invoice is rendered after the after-payment steps: by now the cart and the samples are bought. */
async function expectNothingLeftToBuy(page: Page) {
  await gotoHydrated(page, `${baseUrl}/cart`);
  await page.getByTestId('empty-cart').waitFor();
  await expect.poll(() => cartBadge(page).textContent()).toBe('0');
  // With nothing left to buy, checkout sends the customer back to the cart.
  await gotoHydrated(page, `${baseUrl}/checkout`);
  await page.waitForURL(`${baseUrl}/cart`);
  await toast(page, 'Your cart is empty. Add items before checking out.').waitFor();
}

/** A guest with the number and e-mail (typed loosely) finds the order. */
async function guestTracksTheOrder(guestPage: Page, orderNumber: string, email: string) {
  await gotoHydrated(guestPage, `${baseUrl}/track-order`);
  await trackOrder(guestPage, orderNumber.toLowerCase(), ` ${email.toUpperCase()} `);
  await expect.poll(() => guestPage.getByTestId('tracking-status').textContent()).toBe('Status: Processing');
  await guestPage
    .getByRole('article', { name: `Order ${orderNumber}` })
    .getByText(DUPLEX.address1)
    .waitFor();
  await expectAccessibleAtBothWidths(guestPage);
}

/** Staff find the order in the Orders tab and ship it. */
async function staffShipTheOrder(staffPage: Page, orderNumber: string) {
  await signInAsStaff(staffPage, baseUrl, staff);
  await staffPage.getByRole('tab', { name: 'Orders' }).click();
  await staffPage.getByLabel('Order number or e-mail').fill(orderNumber);
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await staffPage
    .getByRole('button', { name: `View order ${orderNumber}` })
    .first()
    .click();
  const staffDialog = staffPage.getByRole('dialog', { name: `Order ${orderNumber}` });
  await staffDialog.getByText('Payment received').waitFor();
  await staffDialog.getByRole('button', { name: 'Mark Shipped' }).click();
  await staffDialog.getByLabel('Carrier').selectOption('UPS');
  await staffDialog.getByLabel('Tracking number').fill(TRACKING_NUMBER);
  await staffDialog.getByRole('button', { name: 'Confirm Shipment' }).click();
  await expect.poll(() => staffDialog.getByTestId('admin-order-status').textContent()).toBe('Shipped · Payment paid');
  await toast(staffPage, `Order ${orderNumber} marked shipped.`).waitFor();
  await expectAccessibleAtBothWidths(staffPage);
}

/** The customer is mailed, and tracking shows Shipped with the carrier's link. */
async function expectTheShipmentMailedAndTracked(guestPage: Page, orderNumber: string, email: string) {
  await expect
    .poll(async () => (await mailsFor(baseUrl, email)).map((mail) => mail.subject), { timeout: 30_000 })
    .toContain(`Your order ${orderNumber} has shipped`);
  await guestPage.getByRole('button', { name: 'Track Order' }).click();
  await expect.poll(() => guestPage.getByTestId('tracking-status').textContent()).toBe('Status: Shipped');
  await expect
    .poll(() => guestPage.getByRole('link', { name: TRACKING_NUMBER }).getAttribute('href'))
    .toContain('ups.com');
}

/** Nothing typed in the address yet: Place Order names each missing field. */
async function expectMissingAddressFieldsNamed(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await toast(page, 'Please fill in all required fields.').waitFor();
  const shipping = shippingAddress(page);
  await shipping.getByText('Please enter the street address.').waitFor();
  await shipping.getByText('Please choose a state.').waitFor();
}

/** Outside DFW: shipping is charged per blind and installation is not offered. Answers the total quoted. */
async function shipToAustin(page: Page): Promise<string> {
  const shipping = shippingAddress(page);
  await shipping.getByLabel('Street address').fill('1100 Congress Ave');
  await shipping.getByLabel('City').fill('Austin');
  await shipping.getByLabel('State').selectOption('TX');
  await shipping.getByLabel('ZIP code').fill('78701');
  await expect.poll(() => summaryValue(page.getByTestId('checkout-totals'), 'Shipping').textContent()).toBe('$12.50');
  await expect.poll(() => page.getByRole('region', { name: 'Professional Installation' }).count()).toBe(0);
  return quotedTotal(page);
}

/** Not paid, so not an order of the customer's yet (decision 0039). */
async function expectNoOrderYet(customer: RegisteredCustomer) {
  const orders = await fetch(`${baseUrl}/api/orders`, {
    headers: { authorization: `Bearer ${customer.accessToken}` },
  });
  const { orders: placed } = (await orders.json()) as MyOrdersResponse;
  expect(placed).toEqual([]);
}

/** Back on the payment page leads to /checkout/cancel, and from there to the cart, its blind kept. */
async function leavePaymentPageForTheCart(page: Page) {
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(`${baseUrl}/checkout/cancel`);
  await page.getByRole('heading', { level: 1, name: 'Checkout Cancelled' }).waitFor();
  await expectAccessibleAtBothWidths(page);
  await page.getByRole('link', { name: 'Return to Cart' }).click();
  await page.waitForURL(`${baseUrl}/cart`);
  await page.getByRole('heading', { level: 2, name: 'Items (1)' }).waitFor();
  await expect.poll(() => cartBadge(page).textContent()).toBe('1');
}

/** The profile's Dallas address fills checkout; the customer ships to the Fort Worth property instead, installed. */
async function chooseStockyardsInstalled(page: Page) {
  await openCheckoutFromCart(page);
  const shipping = shippingAddress(page);
  await expect.poll(() => shipping.getByLabel('City').inputValue()).toBe('Dallas');
  await shipping.getByLabel('Ship to a saved property').selectOption({ label: STOCKYARDS.name });
  await expect.poll(() => shipping.getByLabel('City').inputValue()).toBe('Fort Worth');
  await page
    .getByRole('region', { name: 'Professional Installation' })
    .getByText('Have our team install my blinds')
    .click();
  await quotedTotal(page);
}

/** Place Order, then Back on the payment page: the cancel page, and checkout again from the cart. */
async function leavePaymentPageAndCheckOutAgain(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/_local\/stripe\/checkout\//);
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(`${baseUrl}/checkout/cancel`);
  await page.getByRole('link', { name: 'Return to Cart' }).click();
  await page.waitForURL(`${baseUrl}/cart`);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(`${baseUrl}/checkout`);
}

/** The choices are kept: the property, its address and installation, not the profile's Dallas address. */
async function expectStockyardsInstalledKept(page: Page) {
  const shipping = shippingAddress(page);
  await expect.poll(() => shipping.getByLabel('Street address').inputValue()).toBe(STOCKYARDS.address1);
  await expect.poll(() => shipping.getByLabel('City').inputValue()).toBe('Fort Worth');
  await expect.poll(() => shipping.getByLabel('Ship to a saved property').inputValue()).not.toBe('');
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'Professional Installation' })
        .getByRole('checkbox', { name: /Have our team install my blinds/ })
        .isChecked(),
    )
    .toBe(true);
}

/** My Account: the one order paid for, shipped to Fort Worth; the attempt before it is not there. */
async function expectOneOrderToFortWorth(page: Page, orderNumber: string) {
  await page.getByRole('link', { name: 'View My Account' }).click();
  await page.waitForURL(`${baseUrl}/account`);
  const history = page.getByRole('region', { name: 'Order History' });
  await history.getByRole('listitem', { name: `Order ${orderNumber}` }).waitFor();
  await expect.poll(() => history.getByRole('listitem', { name: /^Order HBB-/ }).count()).toBe(1);
  await history.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order ${orderNumber}` });
  await details.getByText(`Fort Worth, TX ${STOCKYARDS.zipCode}`).first().waitFor();
  expect(await details.getByText('Dallas', { exact: false }).count()).toBe(0);
}

/** Staff: the attempt is under Abandoned checkouts, not among pending orders; the order's history names the customer. */
async function staffFindTheAttemptApart(staffPage: Page, customer: RegisteredCustomer, orderNumber: string) {
  await signInAsStaff(staffPage, baseUrl, staff);
  await staffPage.getByRole('tab', { name: 'Orders' }).click();
  const orders = staffPage.getByRole('region', { name: 'Orders' });
  await staffPage.getByLabel('Order number or e-mail').fill(customer.email);
  await staffPage.getByLabel('Status').selectOption({ label: 'Abandoned checkouts' });
  await staffPage.getByRole('button', { name: 'Search' }).click();
  await expect
    .poll(() => orders.getByRole('button', { name: /^View order HBB-/ }).count(), { timeout: 30_000 })
    .toBe(1);
  expect(await orders.getByRole('button', { name: `View order ${orderNumber}` }).count()).toBe(0);
  await orders.getByText('Abandoned checkout', { exact: true }).first().waitFor();
  await staffPage.getByLabel('Status').selectOption({ label: 'Pending' });
  await expect.poll(() => orders.getByText('No orders match.').count(), { timeout: 30_000 }).toBe(1);
  await staffPage.getByLabel('Status').selectOption({ label: 'Processing' });
  await orders
    .getByRole('button', { name: `View order ${orderNumber}` })
    .first()
    .click();
  // The history names the customer, not their user id.
  const staffDialog = staffPage.getByRole('dialog', { name: `Order ${orderNumber}` });
  await staffDialog.getByText('Payment received').waitFor();
  await staffDialog.getByText(/· Noor Haddad ·/).waitFor();
  expect(await staffDialog.getByText(customer.clientId, { exact: false }).count()).toBe(0);
  await expectAccessibleAtBothWidths(staffPage);
}

describe('checkout, payment and the order after it', () => {
  // Two configurators, checkout, the payment page, My Account, tracking and the admin area, with axe at two widths on each: minutes on a busy machine.
  it(
    'a customer buys two blinds and a sample for a saved property, pays, downloads the invoice; a guest tracks it; staff ship it; the customer is mailed',
    { timeout: 300_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Lucia', lastName: 'Moreno' });
      await savedProperty(customer, DUPLEX);
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const guest = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        await addFauxWoodBlind(page, baseUrl, 'inside', '1');
        await addFauxWoodBlind(page, baseUrl, 'outside', '2');
        await orderFauxWoodSample(page, baseUrl);

        const total = await checkOutToTheDuplex(page, customer);
        const orderNumber = await payAndSeeTheOrderPaid(page, total);
        await downloadTheInvoiceFromMyAccount(page, orderNumber, total);
        await expectNothingLeftToBuy(page);

        const guestPage = await guest.newPage();
        await guestTracksTheOrder(guestPage, orderNumber, customer.email);
        await staffShipTheOrder(await staffContext.newPage(), orderNumber);
        await expectTheShipmentMailedAndTracked(guestPage, orderNumber, customer.email);
      } finally {
        await Promise.all([context.close(), guest.close(), staffContext.close()]);
      }
    },
  );

  it(
    'a declined card leaves the order unpaid; leaving the payment page returns to /checkout/cancel with the cart intact',
    { timeout: 180_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Ray', lastName: 'Okafor' });
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        await addFauxWoodBlind(page, baseUrl, 'inside', '1');
        await openCheckoutFromCart(page);
        await expectMissingAddressFieldsNamed(page);
        const total = await shipToAustin(page);

        await placeOrderAndPay(page, total, DECLINED_CARD);
        await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
        await expectNoOrderYet(customer);
        await leavePaymentPageForTheCart(page);
      } finally {
        await context.close();
      }
    },
  );

  it(
    'a customer who leaves the payment page and pays on the next try gets one order, shipped to the property they chose; staff find the attempt apart',
    { timeout: 300_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Noor', lastName: 'Haddad' });
      await profileAddress(customer, { address1: '1200 Elm St', city: 'Dallas', state: 'TX', zipCode: '75270' });
      await savedProperty(customer, STOCKYARDS);
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      const staffContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        await addFauxWoodBlind(page, baseUrl, 'inside', '1');
        await chooseStockyardsInstalled(page);
        await leavePaymentPageAndCheckOutAgain(page);
        await expectStockyardsInstalledKept(page);

        await placeOrderAndPay(page, await quotedTotal(page), PAYING_CARD);
        await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
        const orderNumber = (await summaryValue(page.getByTestId('order-facts'), 'Order number').textContent())!;
        await expectOneOrderToFortWorth(page, orderNumber);
        await staffFindTheAttemptApart(await staffContext.newPage(), customer, orderNumber);
      } finally {
        await Promise.all([context.close(), staffContext.close()]);
      }
    },
  );
});

/**
 * Quotes in the browser (issue 28): a customer saves the cart as a quote, an owner opens its share
 * link signed out, the customer accepts it and pays through the demo payment page; staff price a
 * freight quote in the admin Quotes tab.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { QUOTE_MESSAGES } from '#domain/customer-quotes/customer-quote';
import { addToCart, blind } from '../support/checkout';
import { seriousAccessibilityViolations } from './support/accessibility';
import { addFauxWoodBlind, openCart } from './support/cart-steps';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsCustomer, signInAsStaff } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { summaryValue } from './support/summary';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const QUOTE_HEADING = /^Quote Q-[2-9A-HJ-NP-Z]{6}$/;

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page), `axe on ${page.url()}`).toEqual([]);
}

/** Cart → Save as quote → checkout's form, shipped to Austin → Save as quote. Answers the quote's page total. */
async function saveTheCartAsAQuote(page: Page): Promise<string> {
  await openCart(page, baseUrl);
  await page.getByRole('button', { name: 'Save as quote' }).click();
  await page.waitForURL(`${baseUrl}/checkout?save=quote`);
  const shipping = page.getByRole('region', { name: 'Shipping Address' });
  await shipping.getByLabel('Street address').fill('1100 Congress Ave');
  await shipping.getByLabel('City').fill('Austin');
  await shipping.getByLabel('State').selectOption('TX');
  await shipping.getByLabel('ZIP code').fill('78701');
  const totals = page.getByTestId('checkout-totals');
  await expect.poll(() => summaryValue(totals, 'Shipping').textContent()).toBe('$12.50');
  const total = (await summaryValue(totals, 'Total').textContent())!;
  await page.getByRole('button', { name: 'Save as quote' }).click();
  await page.waitForURL(/\/account\/quotes\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { level: 1, name: QUOTE_HEADING }).waitFor();
  await expect.poll(() => summaryValue(page.getByTestId('quote-totals'), 'Total').textContent()).toBe(total);
  await expectAccessible(page);
  return total;
}

/** The share link, opened in a browser that never signed in: the quote, read-only, with its PDF. */
async function ownerOpensTheShareLink(page: Page, total: string) {
  const shareUrl = await page.getByLabel('Share link').inputValue();
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const owner = await pageInOwnContext(browser(), { viewport: { width: 390, height: 844 } });
  await gotoHydrated(owner, shareUrl);
  await owner.getByRole('heading', { level: 1, name: heading }).waitFor();
  await owner.getByText('Prepared for Zoë Müller').waitFor();
  await expect.poll(() => summaryValue(owner.getByTestId('quote-totals'), 'Total').textContent()).toBe(total);
  await owner.getByRole('button', { name: 'Download PDF' }).waitFor();
  expect(await owner.getByRole('button', { name: 'Accept and pay' }).count()).toBe(0);
  await expectAccessible(owner);
  await owner.close();
}

/** Accept and pay: the demo payment page charges the quote's total, and the order is paid. */
async function acceptAndPay(page: Page, total: string) {
  await page.getByRole('button', { name: 'Accept and pay' }).click();
  await page.waitForURL(/\/_local\/stripe\/checkout\//);
  await page.getByRole('button', { name: `Pay ${total}` }).waitFor();
  await payOnPaymentPage(page, '4242 4242 4242 4242');
  await page.waitForURL(/\/checkout\/success\?session_id=/);
  await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
  const facts = page.getByTestId('order-facts');
  await expect.poll(() => summaryValue(facts, 'Total').textContent()).toBe(total);
  await expect.poll(() => summaryValue(facts, 'Payment status').textContent()).toBe('Paid');
}

/**
 * A vertical blind 102 in wide in the cart (added through the API, as the configurator does): checkout
 * offers Request a freight quote instead of card payment. Answers the quote's number.
 */
async function requestAFreightQuote(page: Page, customer: RegisteredCustomer): Promise<string> {
  const vertical = blind({
    family: 'vertical-blinds',
    series: 'vertical-3-5',
    color: 'V01',
    mount: 'outside',
    width: { inches: 102, eighths: 0 },
    length: { inches: 60, eighths: 0 },
    options: {},
  });
  await addToCart(baseUrl, { ...customer, session: `e2e-${crypto.randomUUID()}` }, vertical, 'Ballroom');
  await signInAsCustomer(page, baseUrl, customer);
  await gotoHydrated(page, `${baseUrl}/checkout`);
  const shipping = page.getByRole('region', { name: 'Shipping Address' });
  await shipping.getByLabel('Street address').fill('1600 Broadway');
  await shipping.getByLabel('City').fill('Denver');
  await shipping.getByLabel('State').selectOption('CO');
  await shipping.getByLabel('ZIP code').fill('80202');
  await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
  await page.getByRole('button', { name: 'Request a freight quote' }).click();
  await page.waitForURL(/\/account\/quotes\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1, name: QUOTE_HEADING });
  await heading.waitFor();
  await page.getByText(QUOTE_MESSAGES.awaitingPricing).waitFor();
  expect(await page.getByRole('button', { name: 'Accept and pay' }).count()).toBe(0);
  return (await heading.textContent())!.replace('Quote ', '');
}

describe('customer quotes', () => {
  it('are saved from the cart, shared with an owner signed out, then accepted and paid', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Zoë', lastName: 'Müller' });
    const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    await signInAsCustomer(page, baseUrl, customer);
    await addFauxWoodBlind(page, baseUrl, 'outside', '1');
    const total = await saveTheCartAsAQuote(page);
    await ownerOpensTheShareLink(page, total);
    await acceptAndPay(page, total);
    await page.close();
  });

  it('that need freight are requested at checkout and priced by staff in the Quotes tab', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Zoë', lastName: 'Müller' });
    const customerPage = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    const number = await requestAFreightQuote(customerPage, customer);
    await customerPage.close();
    const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    await signInAsStaff(page, baseUrl, staff);
    await page.getByRole('tab', { name: 'Quotes' }).click();
    await page
      .getByRole('button', { name: `Open quote ${number}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Quote' });
    await dialog.getByRole('heading', { name: `Quote ${number}` }).waitFor();
    await dialog.getByText('Awaiting freight price').first().waitFor();
    await dialog.getByLabel('Freight ($)').fill('450');
    await dialog.getByRole('button', { name: 'Issue version and e-mail' }).click();
    await toast(page, `Issued ${number} v2. The customer is e-mailed.`).waitFor();
    await dialog.getByRole('heading', { name: `Quote ${number} v2` }).waitFor();
    await expect
      .poll(() => summaryValue(dialog.getByTestId('quote-totals'), 'LTL freight').textContent())
      .toBe('$450.00');
    await expectAccessible(page);
    await page.close();
  });
});

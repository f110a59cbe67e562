import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { formatCents, mulDivRoundHalfUp } from '#domain/pricing/money';
import { api } from '../support/checkout';
import { registerConfirmedCustomer } from '../support/customer';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { FAUX_WOOD, openCart } from './support/cart-steps';
import { signInAsCustomer } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';
import { summaryValue } from './support/summary';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const DISCOUNT_LABEL = 'Volume discount: 5% off 10+ blinds';

/** '$44.62' → 4462 */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/** Twelve faux wood blinds on the configurator, which offers the tiers; answers the unit price it shows. */
async function configureTwelveBlinds(page: Page): Promise<number> {
  await gotoHydrated(page, baseUrl + FAUX_WOOD);
  // The query (a blind measurement) is applied once the page is ready, by a configurator made anew: typed before, the quantity would be lost.
  await expect.poll(() => page.getByRole('radio', { name: 'Blind' }).isChecked()).toBe(true);
  const panel = page.getByRole('region', { name: 'Price', exact: true });
  await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
  await expect
    .poll(() => panel.getByTestId('volume-offer').textContent())
    .toBe('Order 10 or more blinds and save 5%Volume pricing: 10–24 blinds 5% off, 25–49 10%, 50 or more 15%');
  await panel.getByLabel('Quantity').fill('12');
  await panel.getByText(/^12 blinds: \$/).waitFor();
  return centsOf((await page.getByTestId('unit-price').textContent())!);
}

/** The mini cart and then the cart page show the discount and what the next tier needs. */
async function addAndSeeTheDiscount(page: Page, discount: string) {
  await page.getByRole('region', { name: 'Price', exact: true }).getByRole('button', { name: 'Add to Cart' }).click();
  const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
  await expect.poll(() => miniCart.getByTestId('cart-discount').textContent()).toBe(`${DISCOUNT_LABEL}${discount}`);
  await expect.poll(() => miniCart.getByTestId('volume-nudge').textContent()).toBe('Add 13 more blinds to save 10%');

  await openCart(page, baseUrl);
  const summary = page.getByTestId('order-summary');
  await expect.poll(() => summary.getByTestId('cart-discount').textContent()).toBe(`${DISCOUNT_LABEL}${discount}`);
  await expect.poll(() => summary.getByTestId('volume-nudge').textContent()).toBe('Add 13 more blinds to save 10%');
}

/** Staff's code for 10% off faux wood blinds, one use per customer (made through the staff API: the tab has its own test). */
async function fauxWoodCode(): Promise<string> {
  const code = `FAUX-${randomUUID().slice(0, 6).toUpperCase()}`;
  const today = shopDateAt(new Date());
  const answer = await api(
    baseUrl,
    { accessToken: await accessTokenFor(baseUrl, staff) },
    'POST',
    '/admin/promotions',
    {
      code,
      name: 'Faux wood week',
      kind: 'percent',
      percent: 10,
      families: ['faux-wood-blinds'],
      startsOn: today,
      endsOn: addDays(today, 7),
      perCustomerLimit: 1,
    },
  );
  expect(answer.status).toBe(201);
  return code;
}

/** In the cart: a mistyped code is refused with its reason, the right one adds its row. */
async function applyTheCode(page: Page, code: string, saving: string) {
  const summary = page.getByRole('region', { name: 'Order Summary' });
  const field = summary.getByLabel('Promotion code');
  await field.fill('NOT-A-CODE');
  await field.press('Enter');
  await summary.getByText('This promotion code is not valid. Please check it and try again.').waitFor();
  await field.fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await summary.getByText(`Code ${code} applied`).waitFor();
  await expect
    .poll(() => summary.getByTestId('cart-discount').nth(1).textContent())
    .toBe(`Code ${code}: 10% off${saving}`);
}

/** Checkout to a Dallas address (free delivery): the discounts are rows of the totals. Answers the total. */
async function checkOutToDallas(page: Page, discount: string, code: string, saving: string): Promise<string> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(`${baseUrl}/checkout`);
  const shipping = page.getByRole('region', { name: 'Shipping Address' });
  await shipping.getByLabel('Street address').fill('1200 Main St');
  await shipping.getByLabel('City').fill('Dallas');
  await shipping.getByLabel('State').selectOption('TX');
  await shipping.getByLabel('ZIP code').fill('75202');
  const totals = page.getByTestId('checkout-totals');
  await expect.poll(() => summaryValue(totals, 'Shipping').textContent()).toBe('Free (DFW delivery)');
  await expect.poll(() => summaryValue(totals, DISCOUNT_LABEL).textContent()).toBe(discount);
  await page.getByTestId('checkout-promo-code-applied').getByText(`Code ${code} applied`).waitFor();
  await expect.poll(() => summaryValue(totals, `Code ${code}: 10% off`).textContent()).toBe(saving);
  await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isEnabled()).toBe(true);
  return (await summaryValue(totals, 'Total').textContent())!;
}

describe('the volume discount and a promotion code', () => {
  it(
    'twelve blinds save 5% and a code 10% more in the cart, checkout, on the payment page and in the confirmation mail',
    { timeout: 240_000 },
    async () => {
      const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Dana', lastName: 'Whitfield' });
      const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signInAsCustomer(page, baseUrl, customer);
        const blinds = 12 * (await configureTwelveBlinds(page));
        const discountCents = mulDivRoundHalfUp(blinds, 5, 100);
        const codeCents = mulDivRoundHalfUp(blinds - discountCents, 10, 100);
        const taxCents = mulDivRoundHalfUp(blinds - discountCents - codeCents, 8, 100);
        const discount = formatCents(-discountCents);
        const saving = formatCents(-codeCents);
        const code = await fauxWoodCode();
        await addAndSeeTheDiscount(page, discount);
        await applyTheCode(page, code, saving);

        const total = await checkOutToDallas(page, discount, code, saving);
        expect(total).toBe(formatCents(blinds - discountCents - codeCents + taxCents));
        await page.getByRole('button', { name: 'Place Order' }).click();
        await page.waitForURL(/\/_local\/stripe\/checkout\//);
        // Stripe names a coupon in 40 characters: the two discounts' labels together are longer.
        await page.getByText('Order discount').waitFor();
        await page.getByRole('button', { name: `Pay ${total}` }).waitFor();
        await payOnPaymentPage(page, '4242 4242 4242 4242');

        await page.getByRole('heading', { level: 1, name: 'Payment Successful' }).waitFor({ timeout: 30_000 });
        const facts = page.getByTestId('order-facts');
        await expect.poll(() => summaryValue(facts, 'Total').textContent()).toBe(total);
        const orderNumber = (await summaryValue(facts, 'Order number').textContent())!;
        const confirmation = async () =>
          (await mailsFor(baseUrl, customer.email)).find((mail) => mail.subject === `Order confirmed: ${orderNumber}`);
        await expect
          .poll(async () => (await confirmation())?.text ?? '', { timeout: 30_000 })
          .toContain(DISCOUNT_LABEL);
        expect((await confirmation())!.text).toContain(discount);
        expect((await confirmation())!.text).toContain(`Code ${code}: 10% off`);
        expect((await confirmation())!.text).toContain(saving);
      } finally {
        await context.close();
      }
    },
  );
});

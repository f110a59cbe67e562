import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, pay } from '../support/checkout';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsStaff } from './support/identity';
import { payOnPaymentPage } from './support/payment-page';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

async function withPage(run: (page: Page) => Promise<void>, width = 1440) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

async function orderSample(page: Page, path: string, color: RegExp) {
  await gotoHydrated(page, baseUrl + path);
  await page.getByRole('radio', { name: color }).check();
  await page.getByRole('button', { name: /^Order free sample of/ }).click();
}

describe('free samples', () => {
  it('a guest adds a sample from a swatch, requests it from the cart, pays the $15 sample shipping, and staff send it', async () => {
    const email = `samples-${Date.now()}@example.com`;
    let reference = '';
    await withPage(async (page) => {
      await orderSample(page, '/wood-blinds', /^Cream/);
      await page.getByText('Cream sample added to your cart').waitFor();
      await page.getByRole('button', { name: /^Order free sample of Cream/ }).click();
      await page.getByText('Sample already in cart').waitFor();

      await gotoHydrated(page, `${baseUrl}/free-samples`);
      await page.getByRole('link', { name: 'View Cart (1 sample)' }).waitFor();

      await gotoHydrated(page, `${baseUrl}/cart`);
      const samples = page.getByRole('region', { name: 'Free Samples (1)' });
      await expect.poll(() => samples.textContent()).toContain('Cream (W104)');
      // The blinds load apart from the samples: the empty-cart message could only show once they have.
      await page.getByText('Loading your cart…').waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('empty-cart').count()).toBe(0);

      await page
        .getByText(/paid by card when you request samples on their own/)
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'Request Free Samples' }).click();
      await page.getByRole('button', { name: 'Continue to Payment ($15)' }).click();
      await page.getByText('Please enter your street address.').waitFor();

      const form = page.locator('form', {
        has: page.getByRole('heading', { name: /Where should we send your sample/ }),
      });
      await form.getByLabel('Name').fill('Rosa Diaz');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Street address').fill('500 Commerce St');
      await form.getByLabel('City').fill('Fort Worth');
      await form.getByLabel('State').selectOption('TX');
      await form.getByLabel('ZIP code').fill('76102');
      await form.getByRole('button', { name: 'Continue to Payment ($15)' }).click();

      await page.getByText('$15.00').first().waitFor();
      await payOnPaymentPage(page, '4242424242424242');
      const confirmation = page.getByTestId('sample-request-confirmation');
      await expect.poll(() => confirmation.textContent()).toMatch(/SR-[A-Z0-9]{6}/);
      reference = /SR-[A-Z0-9]{6}/.exec((await confirmation.textContent()) ?? '')?.[0] ?? '';
      expect(await confirmation.textContent()).toContain('Your $15 sample shipping is paid.');
      await page.getByText('Sample request received').waitFor();

      await gotoHydrated(page, `${baseUrl}/free-samples`);
      await page.getByRole('link', { name: 'View Cart (0 samples)' }).waitFor();
    });

    await withPage(async (page) => {
      await signInAsStaff(page, baseUrl, staff);
      await page.getByRole('tab', { name: 'Sample Requests' }).click();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: reference }) });
      await expect.poll(() => card.textContent()).toContain('Rosa Diaz');
      await expect.poll(() => card.textContent()).toContain(email);
      await expect.poll(() => card.textContent()).toContain('500 Commerce St, Fort Worth, TX 76102');
      await expect.poll(() => card.textContent()).toContain('Wood Blinds: Smooth Finish, Cream (W104)');
      await expect.poll(() => card.textContent()).toContain('Paid by card');
    });
  });

  it('staff send a paid request with its carrier and tracking number from the Sample Requests tab', async () => {
    const session = `samples-e2e-${randomUUID()}`;
    const shopper = { session };
    expect((await api(baseUrl, shopper, 'POST', '/samples', { family: 'mini-blinds', colorCode: 'M101' })).status).toBe(
      201,
    );
    const { body } = await api(baseUrl, shopper, 'POST', '/sample-requests', {
      name: 'Noel Park',
      email: `samples-staff-${randomUUID()}@example.com`,
      address1: '9 Pine St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    await pay(baseUrl, new URL(body.checkoutUrl).pathname.split('/').pop()!);
    const reference: string = body.reference;
    await expect
      .poll(async () => (await api(baseUrl, shopper, 'GET', `/sample-requests/${reference}`)).body.status)
      .toBe('requested');

    await withPage(async (page) => {
      await signInAsStaff(page, baseUrl, staff);
      await page.getByRole('tab', { name: 'Sample Requests' }).click();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: reference }) });
      await card.getByRole('checkbox', { name: `Select ${reference}` }).check({ force: true });
      const sendForm = page.getByRole('form', { name: 'Mark sent' });
      await sendForm.getByLabel(`Carrier for ${reference}`).selectOption('USPS');
      await sendForm.getByLabel(`Tracking number for ${reference}`).fill('9400 1000 0000 0000 0042');
      await sendForm.getByRole('button', { name: 'Mark 1 request sent' }).click();
      await page.getByText('1 sample request sent').waitFor();
      await page.getByLabel('Show').selectOption('sent');
      await expect.poll(() => card.textContent()).toContain('USPS 9400 1000 0000 0000 0042');
    });
  });

  it('removes a sample with its toast', async () => {
    await withPage(async (page) => {
      await orderSample(page, '/roller-shades', /^White/);
      await page.getByText('White sample added to your cart').waitFor();
      await gotoHydrated(page, `${baseUrl}/cart`);
      await page.getByRole('button', { name: /^Remove sample White/ }).click();
      await page.getByText('Sample removed from cart').waitFor();
      await page.getByTestId('empty-cart').waitFor();
    });
  });

  it('the cart with samples has no serious accessibility violations at 360 px', async () => {
    await withPage(async (page) => {
      await orderSample(page, '/mini-blinds', /^Silver/);
      await page.getByText('Silver sample added to your cart').waitFor();
      await gotoHydrated(page, `${baseUrl}/cart`);
      await page.getByRole('button', { name: 'Request Free Samples' }).click();
      await page.getByRole('button', { name: 'Continue to Payment ($15)' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }, 360);
  });
});

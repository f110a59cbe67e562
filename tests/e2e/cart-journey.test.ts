import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { addFauxWoodBlind, cartBadge, FAUX_WOOD_SAMPLE, openCart, orderFauxWoodSample } from './support/cart-steps';
import { browserForThisFile, gotoHydrated, chooseAccountMenuItem } from './support/browser';
import { signIn, submitSignIn } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

const cartLines = (page: Page) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) });

/** The cart's Free Samples section with its one sample: samples are listed apart from the blinds and the badge does not count them. */
const oneSample = (page: Page) => page.getByRole('region', { name: 'Free Samples (1)' }).getByText(FAUX_WOOD_SAMPLE);

async function inContext(context: BrowserContext, run: (page: Page) => Promise<void>) {
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The browser closed and opened again: the guest's two blinds and the sample are still in the cart. */
async function expectTheGuestCartKept(page: Page) {
  await openCart(page, baseUrl);
  await expect.poll(() => cartLines(page).count()).toBe(2);
  await oneSample(page).waitFor();
  await expect.poll(() => cartBadge(page).textContent()).toBe('2');
}

/** Signing in keeps the blinds and the sample, and makes the cart the client's. */
async function signInKeepingTheCart(page: Page, customer: RegisteredCustomer) {
  await signIn(page, baseUrl, customer, '/cart');
  await page.getByRole('button', { name: /^Hi, / }).waitFor();
  await expect.poll(() => cartLines(page).count()).toBe(2);
  // Samples belong to the browser session, not the login: signing in keeps them.
  await oneSample(page).waitFor();
  await expect.poll(() => cartBadge(page).textContent()).toBe('2');
  // The cart is now the client's: another browser signed in as them finds it.
  const theirs = await fetch(`${baseUrl}/api/cart`, {
    headers: {
      authorization: `Bearer ${customer.accessToken}`,
      'x-shopping-session-id': `other-browser-${Date.now()}`,
    },
  });
  expect(((await theirs.json()) as CartView).itemCount).toBe(2);
}

async function removeOneBlind(page: Page) {
  await page
    .getByRole('button', { name: /^Remove .* from cart$/ })
    .first()
    .click();
  await page.getByText('Item removed from cart').waitFor();
  await expect.poll(() => cartLines(page).count()).toBe(1);
  await expect.poll(() => cartBadge(page).textContent()).toBe('1');
  await oneSample(page).waitFor();
}

/** A live chat this browser kept while they were signed in (as the widget stores it) must not outlive them. */
async function signOutWithAChatKept(page: Page) {
  await page.evaluate(() =>
    localStorage.setItem('chat_session', JSON.stringify({ sessionId: 'a-chat-of-theirs', secret: 'its-secret' })),
  );
  await chooseAccountMenuItem(page, /^Hi, /, 'Log Out');
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign In / Register' }).first().waitFor();
  await expect.poll(() => cartBadge(page).textContent()).toBe('0');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('chat_session'))).toBeNull();
}

/** Signing out abandons the client's cart but keeps the session's samples: a samples-only cart, not an empty one. */
async function expectOnlyTheSampleLeft(page: Page) {
  await openCart(page, baseUrl);
  await oneSample(page).waitFor();
  // The blinds load apart from the samples: no line and no empty-cart message mean something only once they have.
  await page.getByText('Loading your cart…').waitFor({ state: 'detached' });
  await expect.poll(() => cartLines(page).count()).toBe(0);
  await expect.poll(() => page.getByTestId('empty-cart').count()).toBe(0);
}

/** A blind added as a guest, then signing in again: the cart left at sign-out comes back beside it (issue 14). */
async function signInAgainBesideAGuestBlind(page: Page, customer: RegisteredCustomer) {
  await addFauxWoodBlind(page, baseUrl, 'inside', '1');
  await gotoHydrated(page, `${baseUrl}/login?redirect=${encodeURIComponent('/cart')}`);
  await submitSignIn(page, customer);
  await page.getByText('We brought back 1 item from your last visit').waitFor();
  await page.waitForURL(`${baseUrl}/cart`);
  await expect.poll(() => cartBadge(page).textContent()).toBe('2');
}

describe('a shopper’s cart from guest to signed-in and back', () => {
  it('keeps two blinds and a sample through a closed browser and a sign-in; the blinds leave with the shopper and come back beside a guest’s blind at the next sign-in, the sample stays with the browser', async () => {
    const viewport = { width: 1440, height: 900 };
    let storage!: Awaited<ReturnType<BrowserContext['storageState']>>;
    await inContext(await browser().newContext({ viewport }), async (page) => {
      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      await addFauxWoodBlind(page, baseUrl, 'outside', '2');
      await orderFauxWoodSample(page, baseUrl);
      await expect.poll(() => cartBadge(page).textContent()).toBe('2');
      storage = await page.context().storageState();
    });

    // Signing in needs the client record that registration makes.
    const customer = await registerConfirmedCustomer(baseUrl);
    await inContext(await browser().newContext({ viewport, storageState: storage }), async (page) => {
      await expectTheGuestCartKept(page);
      await signInKeepingTheCart(page, customer);
      await removeOneBlind(page);
      await signOutWithAChatKept(page);
      await expectOnlyTheSampleLeft(page);
      await signInAgainBesideAGuestBlind(page, customer);
    });
  });
});

/**
 * Issue 25: nothing covers an action button. The chat launcher stands clear of the configurator's
 * Add to Cart (above the sticky bar on a phone) at every width; toasts stand clear of the launcher,
 * the sticky bar and the staff's reply box; the mini cart's buttons take their own clicks. And the
 * layout reads as whole: the admin tabs' labels on one line each, the staff inbox's thread header
 * with the customer's name, the home page without a duplicate landmark.
 */
import { EXAMPLE_BUSINESS as BUSINESS } from '../support/business';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { greetingText } from '#domain/chat/chat';
import { accessibilityViolations, seriousAccessibilityViolations } from './support/accessibility';
import { saveScreenshot } from './support/artefacts';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsStaff } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const CONFIGURATORS = [
  '/faux-wood-blinds',
  '/wood-blinds',
  '/roller-shades',
  '/vertical-blinds',
  '/mini-blinds',
] as const;
/** Chakra's `md`: below it the configurator's Add to Cart is carried by the sticky bar while the panel's is off screen. */
const PHONE_BELOW = 768;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not shown`);
  return box;
}

/** A click at the element's centre lands on it, not on something drawn over it. */
const clickLandsOn = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && element.contains(hit);
  });

async function openAt(width: number, path: string): Promise<Page> {
  const page = await pageInOwnContext(browser(), { viewport: { width, height: width < PHONE_BELOW ? 844 : 900 } });
  await gotoHydrated(page, baseUrl + path);
  return page;
}

/** Toasts arrive in place at once, so where one stands can be read as soon as it shows. */
const stillPage = (page: Page) =>
  page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });

/**
 * Watches, from before the action that shows it, for the next toast and keeps the box it stands in:
 * a success toast lasts 2 s, which a busy machine's round trips could miss. The box is then read
 * with a bounded wait, so a toast that never comes fails the test by name instead of hanging it.
 */
async function watchForNextToast(page: Page): Promise<() => Promise<Box>> {
  await page.evaluate(() => {
    const found = window as unknown as { nextToastBox?: Box };
    delete found.nextToastBox;
    const observer = new MutationObserver(() => {
      const toast = document.querySelector('[data-scope="toast"][data-part="root"][data-mounted]');
      if (!toast) return;
      observer.disconnect();
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const { x, y, width, height } = toast.getBoundingClientRect();
          found.nextToastBox = { x, y, width, height };
        }),
      );
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return async () => {
    const read = () => page.evaluate(() => (window as unknown as { nextToastBox?: Box }).nextToastBox);
    await expect.poll(read, { message: 'a toast shows', timeout: 30_000 }).toBeDefined();
    return (await read())!;
  };
}

const launcher = (page: Page) => page.getByRole('button', { name: /^Live Chat/ });
const stickyBar = (page: Page) => page.getByRole('region', { name: 'Quick add to cart' });
const priceRegion = (page: Page) => page.getByRole('region', { name: 'Price', exact: true });

/** Scrolls the element into view, again if the page re-rendered it meanwhile (the configurator applies its query once hydrated). */
async function scrollTo(locator: Locator): Promise<void> {
  await expect.poll(() => locator.scrollIntoViewIfNeeded().then(() => true)).toBe(true);
}

/** The Add to Cart a shopper sees: the sticky bar's on a phone (the panel's is below the screen), else the price panel's, scrolled to. */
async function visibleAddToCart(page: Page, width: number): Promise<Locator> {
  if (width < PHONE_BELOW) return stickyBar(page).getByRole('button', { name: 'Add to Cart' });
  const button = priceRegion(page).getByRole('button', { name: 'Add to Cart' });
  await scrollTo(button);
  return button;
}

describe('the chat launcher never covers Add to Cart', () => {
  const cases = [
    ...CONFIGURATORS.flatMap((path) => [390, 1440].map((width) => [path, width] as const)),
    ['/faux-wood-blinds', 360] as const,
    ['/faux-wood-blinds', 768] as const,
  ];

  // As a shopper arrives, no size chosen yet: the sticky bar shows at once on a phone, before the launcher has hydrated.
  it.for(cases)('%s at %i px', async ([path, width]) => {
    const page = await openAt(width, path);
    const addToCart = await visibleAddToCart(page, width);
    await expect.poll(async () => overlap(await boxOf(addToCart), await boxOf(launcher(page)))).toBe(false);
    expect(await clickLandsOn(addToCart)).toBe(true);
    expect(await clickLandsOn(launcher(page))).toBe(true);
    if (path === '/faux-wood-blinds') {
      if (width === 390 || width === 1440) await saveScreenshot(page, `configurator-sticky-bar-${width}`);
      if (width === 360 || width === 1440) expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await page.close();
  });
});

describe('toasts and the mini cart on a configurator', () => {
  it.for([390, 1440])('a toast stands above the chat launcher and the sticky bar at %i px', async (width) => {
    const page = await openAt(width, '/faux-wood-blinds?width=35&height=60&measurementType=blind');
    await stillPage(page);
    const addToCart = await visibleAddToCart(page, width);
    await expect.poll(() => addToCart.isEnabled()).toBe(true);
    const sampleButton = page.getByRole('button', { name: /^Order free sample of / });
    await expect.poll(() => sampleButton.isEnabled()).toBe(true);
    const toastBox = await watchForNextToast(page);
    // Pressed where the page stands, so on a phone the sticky bar stays (a click would scroll to the button first).
    await sampleButton.evaluate((button) => (button as HTMLButtonElement).click());
    const toast = await toastBox();
    expect(overlap(toast, await boxOf(launcher(page)))).toBe(false);
    expect(overlap(toast, await boxOf(await visibleAddToCart(page, width)))).toBe(false);
    await page.close();
  });

  it.for([390, 1440])('nothing covers the mini cart’s buttons at %i px', async (width) => {
    const page = await openAt(width, '/faux-wood-blinds?width=35&height=60&measurementType=blind&mount=inside');
    const addToCart = await visibleAddToCart(page, width);
    await expect.poll(() => addToCart.isEnabled()).toBe(true);
    await addToCart.click();
    const miniCart = page.getByRole('dialog', { name: 'Added to your cart' });
    await miniCart.getByTestId('mini-cart-line').waitFor();
    for (const button of [
      miniCart.getByRole('button', { name: 'Continue Shopping' }),
      miniCart.getByRole('link', { name: 'View Cart' }),
      miniCart.getByRole('button', { name: 'Close' }),
    ]) {
      await expect.poll(() => clickLandsOn(button)).toBe(true);
    }
    await page.close();
  });
});

describe('the admin dashboard’s tabs', () => {
  it('keep each label on one line: all eighteen of the owner in at most two rows at 1440 px, whole tabs on more rows at 768 px', async () => {
    const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    await signInAsStaff(page, baseUrl, staff, '/admin');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(18);
    await page.getByTestId('live-chat-badge').waitFor();
    // Each text of a tab in one line box: a label wrapped onto two lines has two.
    const wrappedLabels = () =>
      tabs.evaluateAll((elements) =>
        elements.flatMap((tab) => {
          const walker = document.createTreeWalker(tab, NodeFilter.SHOW_TEXT);
          const wrapped: string[] = [];
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            const lines = new Set(
              [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
            );
            if (lines.size > 1) wrapped.push(text.textContent ?? '');
          }
          return wrapped;
        }),
      );
    const rows = () =>
      tabs.evaluateAll((elements) => new Set(elements.map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
    await expect.poll(wrappedLabels).toEqual([]);
    // Eighteen tabs since Staff, the Audit Log and Shop Hours: at 1440 px the last ones go whole onto a second row.
    expect(await rows()).toBeLessThanOrEqual(2);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 768, height: 900 });
    await expect.poll(wrappedLabels).toEqual([]);
    await page.close();
  });
});

describe('the staff inbox on a 390 x 844 phone', () => {
  it(
    'shows the customer’s name in the thread header, and “Message sent!” above the reply box',
    { timeout: 120_000 },
    async () => {
      const name = `Riley ${randomBytes(3).toString('hex')}`;
      const visitor = await openAt(1280, '/');
      await launcher(visitor).click();
      const panel = visitor.getByRole('dialog', { name: 'Live Chat' });
      await panel.getByLabel('Name').fill(name);
      await panel.getByRole('button', { name: 'Start Chat' }).click();
      await expect
        .poll(() => panel.getByRole('region', { name: 'Messages' }).textContent())
        .toContain(greetingText(name, BUSINESS.name));

      const phone = await pageInOwnContext(browser(), {
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      await signInAsStaff(phone, baseUrl, staff, '/chat');
      await phone
        .getByRole('region', { name: 'Live Chats' })
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .tap();
      const pane = phone.getByRole('region', { name: `Chat with ${name}` });
      const heading = pane.getByRole('heading', { name: `Chat with ${name}` });
      await heading.waitFor();
      // The whole name shows: nothing of the heading is cut off.
      expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousAccessibilityViolations(phone)).toEqual([]);

      await stillPage(phone);
      const reply = pane.getByRole('textbox', { name: 'Reply' });
      await reply.fill('We can come on Thursday.');
      const toastBox = await watchForNextToast(phone);
      await pane.getByRole('button', { name: 'Send message' }).tap();
      const toast = await toastBox();
      await phone.getByRole('status').filter({ hasText: 'Message sent!' }).first().waitFor();
      expect(overlap(toast, await boxOf(reply))).toBe(false);
      expect(overlap(toast, await boxOf(pane.getByRole('button', { name: 'Send message' })))).toBe(false);
      await visitor.close();
      await phone.close();
    },
  );
});

describe('the home page’s landmarks', () => {
  it.for([360, 390, 1440])(
    'are each named once (axe landmark-unique, moderate), with no moderate or worse violation at %i px',
    async (width) => {
      const page = await openAt(width, '/');
      expect(await accessibilityViolations(page, 'moderate')).toEqual([]);
      await page.close();
    },
  );
});

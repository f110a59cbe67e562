import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { PAGE_READY_ATTRIBUTE } from '../../../frontend/src/lib/page-ready';

/** The full browser, for Lighthouse (bench/lighthouse.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The tests' browser: Debian's headless shell when it is installed (.ci/run installs it), else its
 * Chromium. The shell is the same Blink without the browser's own window UI, which Chromium's
 * headless mode renders for every new context: measured here, a page load took 2.3 s of CPU in the
 * shell against 5.3 s in Chromium (docs/decisions/0048-ci-time.md).
 */
const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

/** The tests' browser, headless, with the flags this sandbox needs; Playwright gives each launch a fresh profile. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_BROWSER_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Opens a URL and waits until React has hydrated the page: a prerendered page is visible (and its
 * buttons clickable) before its lazy chunk hydrates, and a click that early does nothing. Not for
 * the network to go quiet: that costs half a second of silence per page, and what a test reads
 * after this it waits for.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), PAGE_READY_ATTRIBUTE);
}

/**
 * Opens the header's account menu and waits until it stands under its button: the menu is placed
 * after it renders, and on a busy machine a click can land while it is still at its first place,
 * pressing one item and releasing on another.
 */
async function openAccountMenu(page: Page, buttonName: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name: buttonName });
  await button.click();
  const firstItem = page.getByRole('menu').getByRole('menuitem').first();
  await firstItem.waitFor();
  await page.waitForFunction(
    ([trigger, item]) =>
      item !== null && trigger !== null && item.getBoundingClientRect().top >= trigger.getBoundingClientRect().bottom,
    [await button.elementHandle(), await firstItem.elementHandle()] as const,
  );
}

/**
 * Chooses an item of the header's account menu. The menu acts on the item it has highlighted when
 * the click arrives, so the pointer rests on the item until the menu marks it: on a busy machine a
 * click sent while the menu still settles can land with nothing highlighted, and the menu then
 * closes without acting.
 */
export async function chooseAccountMenuItem(page: Page, buttonName: string | RegExp, itemName: string): Promise<void> {
  await openAccountMenu(page, buttonName);
  const item = page.getByRole('menu').getByRole('menuitem', { name: itemName });
  await item.hover();
  await item.and(page.locator('[data-highlighted]')).waitFor();
  await item.click();
}

/** One Chromium for the calling test file: launched before its tests and closed after them. */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll: use it inside a test or hook');
    return browser;
  };
}

/**
 * A page in a context of its own (no stored state leaks between tests) that takes the context with
 * it when it closes. Nobody awaits that closing, so when the file's browser closes first the context's
 * close rejects: nothing to report then (it surfaced as an unhandled rejection after a passing run).
 */
export async function pageInOwnContext(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('close', () => {
    context.close().catch(() => undefined);
  });
  return page;
}

/**
 * Holds the page's requests to `url` until the answer returned is called, as a slow line would: a
 * test then asks a newer question and checks that the earlier one's late answer does not replace it.
 * A held request the page has since aborted is let go quietly.
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    release();
    await page.unroute(url);
  };
}

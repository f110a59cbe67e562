import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { FAMILY_IDS } from '#domain/catalogue/families';
import { formatCents } from '#domain/pricing/money';
import { startingPriceCents } from '#domain/pricing/starting-price';
import { infoPages } from '../../frontend/src/pages/info';
import { publicRoutePaths, siteRoutes } from '../../frontend/src/route-meta';
import { seriousAccessibilityViolations } from './support/accessibility';
import { saveScreenshot } from './support/artefacts';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { addFauxWoodBlind } from './support/cart-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const browser = browserForThisFile();

/** A fresh context at this size, collecting every console error, uncaught page error and breach of the content security policy. */
async function openAt(width: number, height: number): Promise<{ page: Page; errors: string[] }> {
  const page = await pageInOwnContext(browser(), { viewport: { width, height } });
  // No console message reports a breach of the content security policy: this one does.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `content security policy violated: ${event.violatedDirective} ${event.blockedURI} from ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // An API call that fails is shown to the visitor (the cart badge then shows 0), not an error of the page.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { page, errors };
}

/** Opens the page, scrolls it through so sections hydrated on the way in do so, and waits until the footer has hydrated too. */
async function visitWhole(page: Page, path: string): Promise<void> {
  await gotoHydrated(page, baseUrl + path);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => {
    const footer = document.querySelector('footer');
    return footer !== null && Object.keys(footer).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForLoadState('networkidle');
}

const titleOf = (path: string) => siteRoutes.find((route) => route.path === new URL(path, baseUrl).pathname)!.title;
const infoPaths = new Set(infoPages.map((info) => info.path));

/**
 * The information pages share one layout and differ in their text, which axe checks at the phone
 * width on every page: at the desktop width, once for the layout (about 2 s of CPU a check).
 */
const axeAtDesktop = (path: string) => !infoPaths.has(path) || path === infoPages[0]!.path;

const PAGES = [
  ...publicRoutePaths,
  `/?rp=true&s=unknown-start&bc=cookie&ru=${encodeURIComponent('https://buyer.example/return')}`,
  '/faux-wood-blinds?width=35&height=60&mount=inside&measurementType=blind',
];

/**
 * Every prerendered page, a partner's arrival and a product page with a query, each loaded once per
 * width for every check a page owes its visitors: no error logged (React's hydration mismatches
 * included, issue 14 defect 7) and no breach of the content security policy (issue 15), its title
 * and its heading, an information page no wider than the screen, and no serious axe violation
 * (an information page's layout at the desktop width once: axeAtDesktop).
 */
describe('every public page at a phone and a desktop width', () => {
  it.each(PAGES.flatMap((path) => [360, 1440].map((width) => ({ path, width }))))(
    '$path at $width px',
    async ({ path, width }) => {
      const { page, errors } = await openAt(width, 900);
      try {
        await visitWhole(page, path);
        await page.locator('main h1').first().waitFor();
        await expect.poll(() => page.title()).toBe(titleOf(path));
        if (infoPaths.has(path)) {
          await expect.poll(() => page.locator('h1').count()).toBe(1);
          const overflowing = await page.locator('main').evaluate((main) => {
            const viewportWidth = document.documentElement.clientWidth;
            return [...main.querySelectorAll('*')]
              .filter((element) => element.getBoundingClientRect().right > viewportWidth + 1)
              .map((element) => element.outerHTML.slice(0, 80));
          });
          expect(overflowing, 'content wider than the screen').toEqual([]);
        }
        if (width < 1440 || axeAtDesktop(path)) expect(await seriousAccessibilityViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('the products page', () => {
  it("shows each family's starting price on its card", async () => {
    const { grids } = await (await fetch(`${baseUrl}/api/price-grids`)).json();
    const { page } = await openAt(1440, 900);
    await gotoHydrated(page, `${baseUrl}/products`);
    const expected = FAMILY_IDS.map((family) => `from ${formatCents(startingPriceCents(family, grids)!)}`);
    await expect.poll(() => page.getByTestId('starting-price').allTextContents()).toEqual(expected);
    await page.close();
  });
});

describe('the product page header', () => {
  it("shows the family's starting price, its line reserved in the prerendered page", async () => {
    const html = await (await fetch(`${baseUrl}/wood-blinds`)).text();
    expect(html).toContain('data-testid="starting-price"');
    const { grids } = await (await fetch(`${baseUrl}/api/price-grids`)).json();
    const { page } = await openAt(1440, 900);
    await gotoHydrated(page, `${baseUrl}/wood-blinds`);
    await expect
      .poll(() => page.getByTestId('starting-price').textContent())
      .toBe(`from ${formatCents(startingPriceCents('wood-blinds', grids)!)}`);
    await page.close();
  });
});

describe('screenshots and axe at a phone and a desktop width', () => {
  it.each([
    [360, 800],
    [1440, 900],
  ])(
    'the home page, a product page and the cart with one item at %i x %i',
    async (width, height) => {
      const { page } = await openAt(width, height);
      const shoot = async (name: string) => {
        // From the top, so the sticky header is drawn where a visitor first sees it.
        await page.evaluate(() => window.scrollTo(0, 0));
        await saveScreenshot(page, `${name}-${width}x${height}`, { fullPage: true, animations: 'disabled' });
        expect(await seriousAccessibilityViolations(page), `${name} at ${width} px`).toEqual([]);
      };

      await visitWhole(page, '/');
      await shoot('home');

      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
      await shoot('faux-wood-blinds');

      await addFauxWoodBlind(page, baseUrl, 'inside', '1');
      await gotoHydrated(page, `${baseUrl}/cart`);
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) })
        .waitFor();
      await page.getByTestId('line-total').waitFor();
      await shoot('cart');
      await page.close();
    },
    180_000,
  );
});

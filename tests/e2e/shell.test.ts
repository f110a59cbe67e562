import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { EXAMPLE_BUSINESS as BUSINESS } from '../support/business';
import { formatCents } from '#domain/pricing/money';
import { startingPriceCents } from '#domain/pricing/starting-price';
import { CATEGORIES } from '../../frontend/src/categories';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const HERO_HEADLINE = 'Made-to-Measure Custom Blinds for DFW Properties';

const browser = browserForThisFile();

interface OpenOptions {
  width?: number;
  /** Answer for GET /api/cart/count; by default the cart API fails. */
  cartCount?: number;
}

/** A fresh tab (its own context, so no stored state leaks between tests) with console errors collected. */
async function open(
  path: string,
  { width = 1440, cartCount }: OpenOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await pageInOwnContext(browser(), { viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // Failed API calls are expected here (the cart API is made to fail); anything else is a bug.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  await page.route('**/api/cart/count', (route) =>
    (cartCount === undefined
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Cart unavailable"}' })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ count: cartCount }) })
    )
      // A badge refresh can still be in flight when a test closes its tab; answering it then is moot.
      .catch(() => undefined),
  );
  await gotoHydrated(page, baseUrl + path);
  return { page, errors };
}

describe('prerendered HTML', () => {
  it('serves the home page fully rendered before any JavaScript runs', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).toContain(HERO_HEADLINE);
    expect(html).toContain(`<title>${HERO_HEADLINE} | ${BUSINESS.name.replace('&', '&amp;')}</title>`);
    expect(html).toContain(`<link rel="canonical" href="${BUSINESS.siteUrl}/" />`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toMatch(/<style data-prerendered-styles="[^"]+">/);
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    expect(jsonLd).toBeDefined();
    const business = JSON.parse(jsonLd!);
    expect(business['@type']).toBe('HomeAndConstructionBusiness');
    expect(business.telephone).toBe(BUSINESS.phoneE164);
    expect(business.areaServed.map((area: { name?: string }) => area.name).filter(Boolean)).toEqual([
      ...BUSINESS.serviceArea,
    ]);
  });

  it('keeps /careers/technology out of search engines', async () => {
    const html = await (await fetch(`${baseUrl}/careers/technology`)).text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
  });
});

describe('home page', () => {
  it('hydrates the prerendered page without errors and shows the hero', async () => {
    const { page, errors } = await open('/');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: HERO_HEADLINE }).isVisible()).toBe(true);
    for (const step of ['1. Measure', '2. Order', '3. Install']) {
      await expect.poll(() => page.getByText(step, { exact: true }).isVisible()).toBe(true);
    }
    // open() waited until React had hydrated the lazy page: it did so silently.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates a partner arrival URL without a hydration error', async () => {
    const { page, errors } = await open(
      `/?rp=true&s=unknown-start&bc=cookie&ru=${encodeURIComponent('https://buyer.example/return')}`,
    );
    await expect.poll(() => page.getByRole('heading', { level: 1, name: HERO_HEADLINE }).isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(errors.filter((error) => /hydrat|#418/i.test(error))).toEqual([]);
    await page.close();
  });

  it('moves the category selection with the arrow keys and enlarges the selected card', async () => {
    const { page } = await open('/');
    const carousel = page.getByRole('region', { name: 'Product categories' });
    await carousel.focus();
    const selected = page.locator('[aria-roledescription="slide"][data-selected]');
    const selectedName = () => selected.getAttribute('aria-label');
    await expect.poll(selectedName).toBe('1 of 5: Faux Wood Blinds');

    await page.keyboard.press('ArrowRight');
    await expect.poll(selectedName).toBe('2 of 5: Wood Blinds');
    // The selected card grows in a transition.
    await expect
      .poll(() => selected.evaluate((card) => new DOMMatrix(getComputedStyle(card).transform).a))
      .toBeGreaterThan(1);
    await expect.poll(() => carousel.getByText('Wood Blinds selected, 2 of 5').count()).toBe(1);

    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(selectedName).toBe('5 of 5: Mini Blinds');
    await page.close();
  });

  it("answers the arrow keys from a card's link too, taking the focus to the next card (issue 14, defect 7)", async () => {
    const { page } = await open('/');
    const selectedName = () => page.locator('[aria-roledescription="slide"][data-selected]').getAttribute('aria-label');
    await page.getByRole('link', { name: 'Shop Now: Wood Blinds' }).focus();
    await expect.poll(selectedName).toBe('2 of 5: Wood Blinds');
    await page.keyboard.press('ArrowRight');
    await expect.poll(selectedName).toBe('3 of 5: Roller Shades');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Shop Now: Roller Shades');
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Shop Now: Wood Blinds');
    await page.close();
  });

  it("draws the selected category card's shadow evenly around it, not offset below", async () => {
    const { page } = await open('/');
    const selected = page.locator('[aria-roledescription="slide"][data-selected]');
    // Each shadow's first two lengths are its x and y offsets; polled, as the shadow eases in.
    const offsets = () =>
      selected.evaluate((card) =>
        getComputedStyle(card)
          .boxShadow.split(/,(?![^(]*\))/)
          .flatMap((shadow) => (shadow.match(/(-?[\d.]+)px\s+(-?[\d.]+)px/) ?? []).slice(1, 3).map(Number)),
      );
    await expect.poll(offsets).toEqual([0, 0, 0, 0]);
    await page.close();
  });

  it('shows the arrow-key hint to a mouse and keyboard, not on a phone', async () => {
    const hint = 'Use the left and right arrow keys to move through the categories.';
    const { page: desktop } = await open('/');
    await expect.poll(() => desktop.getByText(hint).isVisible()).toBe(true);
    await desktop.close();
    const context = await browser().newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const phone = await context.newPage();
    await gotoHydrated(phone, `${baseUrl}/`);
    await phone.getByRole('heading', { name: 'Browse By Category' }).waitFor();
    expect(await phone.getByText(hint).isVisible()).toBe(false);
    await context.close();
  });

  it("shows each category's starting price, its line reserved in the prerendered page", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html.match(/data-testid="starting-price"/g)).toHaveLength(CATEGORIES.length);
    const { grids } = await (await fetch(`${baseUrl}/api/price-grids`)).json();
    const { page } = await open('/');
    for (const category of CATEGORIES) {
      const card = page.getByRole('group', { name: new RegExp(`: ${category.name}$`) });
      await expect
        .poll(() => card.getByTestId('starting-price').textContent())
        .toBe(`from ${formatCents(startingPriceCents(category.id, grids)!)}`);
    }
    await page.close();
  });

  it('shows three reviews on a wide screen and pages through them, wrapping around', async () => {
    const { page } = await open('/');
    const visibleReviewers = () =>
      page.locator('[data-testid="review"]:visible figcaption p:first-child').allTextContents();
    await expect.poll(visibleReviewers).toEqual(['Marisol G.', 'Derek T.', 'Priya S.']);
    await page.getByRole('button', { name: 'Next reviews' }).click();
    await expect.poll(visibleReviewers).toEqual(['Derek T.', 'Priya S.', 'Tom W.']);
    await page.getByRole('button', { name: 'Previous reviews' }).click();
    await page.getByRole('button', { name: 'Previous reviews' }).click();
    await expect.poll(visibleReviewers).toEqual(['Tom W.', 'Marisol G.', 'Derek T.']);
    await page.close();
  });

  it('shows one review at a time on a phone', async () => {
    const { page } = await open('/', { width: 360 });
    await expect.poll(() => page.locator('[data-testid="review"]:visible').count()).toBe(1);
    await page.getByRole('button', { name: 'Next reviews' }).click();
    await expect
      .poll(() => page.locator('[data-testid="review"]:visible figcaption p:first-child').allTextContents())
      .toEqual(['Derek T.']);
    await page.close();
  });

  it('keeps the featured products carousel to small screens', async () => {
    const { page } = await open('/', { width: 1440 });
    await page.getByRole('heading', { name: 'Browse By Category' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Featured Products' }).count()).toBe(0);
    await page.close();
  });

  it('opens a featured product from the drifting carousel on a phone', async () => {
    const { page } = await open('/', { width: 360 });
    const carousel = page.getByRole('group', { name: 'Featured products', exact: true });
    const firstCard = carousel.locator('[aria-roledescription="slide"]').first();
    const offset = () => firstCard.evaluate((card) => new DOMMatrix(getComputedStyle(card).transform).e);
    const before = await offset();
    await expect.poll(offset).toBeLessThan(before);
    const viewDetails = carousel
      .getByRole('article', { name: '2" Faux Wood Blind 47" x 72"' })
      .getByRole('link', { name: 'View Details' });
    expect(await viewDetails.getAttribute('href')).toBe(
      '/faux-wood-blinds?width=47&height=72&mount=inside&measurementType=blind',
    );
    await viewDetails.click();
    await page.waitForURL(/\/faux-wood-blinds\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      width: '47',
      height: '72',
      mount: 'inside',
      measurementType: 'blind',
    });
    await page.close();
  });
});

describe('site header', () => {
  it('opens a category dropdown on hover, closes it 150 ms after the pointer leaves, and its links navigate', async () => {
    const { page } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Product categories' });
    const woodLink = nav.getByRole('link', { name: 'Wood Blinds', exact: true });
    const dropdown = nav.locator('#menu-wood-blinds');
    await expect.poll(() => dropdown.isVisible()).toBe(false);

    await woodLink.hover();
    await dropdown.waitFor({ state: 'visible' });
    const left = Date.now();
    await page.mouse.move(700, 600);
    await dropdown.waitFor({ state: 'hidden' });
    const closedAfter = Date.now() - left;
    expect(closedAfter).toBeGreaterThanOrEqual(140);
    expect(closedAfter).toBeLessThan(1500);

    await woodLink.hover();
    await dropdown.getByRole('link', { name: 'Wood Finish Wood Blinds' }).click();
    await page.waitForURL(`${baseUrl}/wood-blinds?finish=wood`);
    await page.getByRole('heading', { level: 1, name: 'Wood Blinds' }).waitFor();
    await page.close();
  });

  it('opens the dropdown for keyboard users and closes it with Escape', async () => {
    const { page } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Product categories' });
    await nav.getByRole('link', { name: 'Roller Shades', exact: true }).focus();
    await nav.locator('#menu-roller-shades').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await nav.locator('#menu-roller-shades').waitFor({ state: 'hidden' });
    await page.close();
  });

  it('navigates from the mobile menu on a phone', async () => {
    const { page } = await open('/', { width: 360 });
    await expect.poll(() => page.getByRole('navigation', { name: 'Product categories' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await expect
      .poll(() => menu.getByRole('link', { name: `${BUSINESS.phoneDisplay}` }).getAttribute('href'))
      .toBe(`tel:${BUSINESS.phoneE164}`);
    await menu.getByRole('link', { name: 'Blackout' }).click();
    await page.waitForURL(`${baseUrl}/roller-shades?series=blackout`);
    await page.getByRole('heading', { level: 1, name: 'Roller Shades' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('shows 0 in the cart badge when the cart cannot be loaded', async () => {
    const { page } = await open('/');
    // The badge reads 0 while the count loads too: it says something once the count has been refused.
    const countRefused = async () => {
      const countRequests = (await page.requests()).filter((request) => request.url().endsWith('/api/cart/count'));
      const responses = await Promise.all(countRequests.map((request) => request.response()));
      return responses.some((response) => response?.status() === 500);
    };
    await expect.poll(countRefused).toBe(true);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('0');
    await page.close();
  });

  it('caps the cart badge at 99+', async () => {
    const { page } = await open('/', { cartCount: 140 });
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-badge"]')?.textContent === '99+');
    await expect.poll(() => page.getByRole('link', { name: 'Shopping cart, 99+ items' }).count()).toBe(1);
    await page.close();
  });

  it('scrolls back to the top when the route changes', async () => {
    const { page } = await open('/');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Returns' });
    await footerLink.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await footerLink.click();
    await page.waitForURL(`${baseUrl}/returns`);
    await page.waitForFunction(() => window.scrollY === 0);
    await expect.poll(() => page.title()).toContain('Returns');
    await page.close();
  });

  it('sends visitors without a stored client to sign in, remembering where they were going', async () => {
    const { page } = await open('/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/account/settings');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${baseUrl}/login?redirect=%2Faccount%2Fsettings`);
    await page.close();
  });
});

describe('measurement scheduling', () => {
  it('keeps Submit disabled until a date and a time are chosen', async () => {
    const { page } = await open('/');
    await page.getByRole('banner').getByRole('button', { name: 'Schedule a Measure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a Free Measurement' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    // The first bookable day (the next working day) arrives with the shop's slots.
    const date = dialog.getByLabel('Date');
    await expect.poll(() => date.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await date.fill((await date.getAttribute('min'))!);
    await expect.poll(() => submit.isDisabled()).toBe(true);
    const freeTime = dialog.getByLabel('Time').locator('option:not([disabled]):not([value=""])').first();
    await expect.poll(() => freeTime.count()).toBe(1);
    await dialog.getByLabel('Time').selectOption((await freeTime.getAttribute('value'))!);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await page.close();
  });

  it('refuses a start page the shop never issued, and stays an ordinary shop', async () => {
    const { page } = await open('/?rp=true&s=session-123&bc=cookie&ru=https%3A%2F%2Fbuyer.example%2Freturn');
    await page.getByText(/^RealPage Authentication Error: /).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: 'Schedule a Measure' }).count())
      .toBe(1);
    expect(await page.evaluate(() => document.body.classList.contains('realpage-session'))).toBe(false);
    await page.close();
  });
});

describe('not-found page', () => {
  it('answers an unknown path with the 404 page', async () => {
    const { page } = await open('/no-such-page');
    await expect.poll(() => page.getByText('404', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/session may have timed out/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Refresh Page' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });
});

// every-page.test.ts checks the prerendered pages.
describe('accessibility', () => {
  for (const width of [360, 1440]) {
    it(`has no serious or critical axe violations on /no-such-page at ${width} px`, async () => {
      const { page } = await open('/no-such-page', { width });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.close();
    });
  }
});

import { describe, expect, inject, it } from 'vitest';
import { browserForThisFile, gotoHydrated } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

/** The brand font files every prerendered page's first paint draws with. */
const FIRST_PAINT_FONTS = [
  'fraunces-latin-600-normal',
  'fraunces-latin-700-normal',
  'source-sans-3-latin-400-normal',
  'source-sans-3-latin-600-normal',
];

describe('first paint of the prerendered home page', () => {
  it('shows the header and hero while the intro plays, before any script has run', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      // No module script runs, so what is seen is the prerendered HTML with its inline styles only.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(baseUrl + '/', { waitUntil: 'domcontentloaded' });

      const intro = await page.evaluate(() => {
        const shown = (selector: string) => {
          const element = document.querySelector(selector)!;
          return {
            opacity: getComputedStyle(element).opacity,
            animations: element.getAnimations().length,
            keyframeOpacities: element
              .getAnimations()
              .flatMap((animation) => (animation.effect as KeyframeEffect).getKeyframes())
              .map((keyframe) => keyframe.opacity)
              .filter((opacity) => opacity !== undefined),
          };
        };
        return {
          playing: document.documentElement.hasAttribute('data-intro'),
          header: shown('.site-header'),
          hero: shown('.hero-text'),
        };
      });

      expect(intro.playing).toBe(true);
      for (const part of [intro.header, intro.hero]) {
        expect(part.animations).toBeGreaterThan(0);
        expect(part.opacity).toBe('1');
        expect(part.keyframeOpacities).toEqual([]);
      }
      expect(
        await page
          .getByRole('heading', { level: 1, name: 'Made-to-Measure Custom Blinds for DFW Properties' })
          .isVisible(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('plays the intro once per browser session', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, baseUrl + '/');
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('homepage-animation-played'))).toBe('true');
      await gotoHydrated(page, baseUrl + '/');
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-intro'))).toBe(false);
    } finally {
      await context.close();
    }
  });
});

describe('first paint of the cart and account creation', () => {
  it.each([
    { path: '/cart', heading: 'Shopping Cart' },
    { path: '/account-creation', heading: 'Create Account' },
  ])(
    '$path is drawn from its HTML with the footer below the fold, so nothing it loads moves it',
    async ({ path, heading }) => {
      const context = await browser().newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      try {
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(baseUrl + path, { waitUntil: 'domcontentloaded' });

        expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
        const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
        expect(footerTop).toBeGreaterThanOrEqual(823);
      } finally {
        await context.close();
      }
    },
  );
});

describe('scripts after the first paint', () => {
  it.each([
    ['/', 'HomePage'],
    ['/faux-wood-blinds', 'ProductPage'],
    ['/cart', 'CartPage'],
  ])('%s starts its scripts only once it has loaded and painted, and then hydrates', async (path, pageChunk) => {
    const html = await (await fetch(baseUrl + path)).text();
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    // The start-up's chunks, then the page's own.
    expect(html).toMatch(
      new RegExp(
        `<script data-entry="/assets/index-[\\w-]+\\.js" data-modules="[^"]*/assets/theme-[\\w-]+\\.js[^"]*/assets/start-[\\w-]+\\.js[^"]*/assets/${pageChunk}-[\\w-]+\\.js[^"]*">`,
      ),
    );

    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, baseUrl + path);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name));
        return {
          loaded: navigation.loadEventEnd,
          firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          scripts: scripts.length,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
        };
      });
      expect(timing.scripts).toBeGreaterThan(1);
      expect(timing.firstPaint).toBeDefined();
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loaded);
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstPaint!);
    } finally {
      await context.close();
    }
  });

  it("builds Chakra's system in steps, the browser build's createSystem being a generator (decision 0032)", async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      const published = await page.evaluate(() =>
        Object.prototype.toString.call(
          (window as { __chakraCreateSystemInSteps?: unknown }).__chakraCreateSystemInSteps,
        ),
      );
      expect(published).toBe('[object GeneratorFunction]');
    } finally {
      await context.close();
    }
  });

  it('code loaded on demand appends no preload links and no stylesheet: the inlined one is not fetched again (decision 0088)', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      const css: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.css')) css.push(request.url());
      });
      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
      const preloads = page.locator('link[rel="modulepreload"]');
      const preloadsAtLoad = await preloads.count();
      // The chat's panel is downloaded when the shopper opens it.
      await page.getByRole('button', { name: /^Live Chat/ }).click();
      await page.getByRole('dialog', { name: 'Live Chat' }).waitFor();

      expect(await preloads.count()).toBe(preloadsAtLoad);
      expect(await page.locator('link[rel="stylesheet"]:not([disabled])').count()).toBe(0);
      expect(css).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the shell of other paths, which shows nothing until its script runs, starts it at once', async () => {
    const html = await (await fetch(`${baseUrl}/account`)).text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/start-[\w-]+\.js">/);
    expect(html).not.toContain('data-entry');
  });
});

describe('brand type', () => {
  it.each(['/', '/faux-wood-blinds', '/returns'])(
    '%s preloads the brand fonts of its first paint and declares metric-matched fallbacks',
    async (path) => {
      const html = await (await fetch(baseUrl + path)).text();

      for (const font of FIRST_PAINT_FONTS) {
        expect(html).toMatch(
          new RegExp(
            `<link rel="preload" href="/assets/${font}-[\\w-]+\\.woff2" as="font" type="font/woff2" crossorigin>`,
          ),
        );
      }
      expect(html).toMatch(/@font-face\{font-family:Fraunces;[^}]*font-display:swap/);
      expect(html).toMatch(/@font-face\{font-family:"Source Sans 3";[^}]*font-display:swap/);
      for (const fallback of ['Fraunces Fallback', 'Source Sans 3 Fallback']) {
        expect(html).toMatch(
          new RegExp(
            `@font-face\\{font-family:"?${fallback}"?;[^}]*src:local\\([^}]*size-adjust:[\\d.]+%;ascent-override:[\\d.]+%;descent-override:[\\d.]+%;line-gap-override:`,
          ),
        );
      }
    },
  );

  it('draws headings in Fraunces and text in Source Sans 3 once the fonts arrive', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, baseUrl + '/faux-wood-blinds');
      await expect
        .poll(() =>
          page.evaluate(
            () => document.fonts.check('600 16px Fraunces') && document.fonts.check('16px "Source Sans 3"'),
          ),
        )
        .toBe(true);
      const families = await page.evaluate(() => ({
        heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
        text: getComputedStyle(document.body).fontFamily,
      }));
      expect(families.heading).toMatch(/^Fraunces, "Fraunces Fallback"/);
      expect(families.text).toMatch(/^"Source Sans 3", "Source Sans 3 Fallback"/);
    } finally {
      await context.close();
    }
  });
});

import { describe, expect, inject, it } from 'vitest';
import { siteRoutes } from '../../frontend/src/route-meta';
import { browserForThisFile, gotoHydrated } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

/**
 * A real URL for each route of the SPA's route table that is not prerendered (parameters filled with
 * a sample SKU): every-page.test.ts loads the prerendered ones with these checks and more.
 */
const urls = siteRoutes
  .filter((route) => !route.prerender)
  .map((route) => ({ route, url: route.path.replace(':id', 'FW-2-E02') }));

describe('every route of the shop rendered in the browser only', () => {
  it.each(urls)('$url renders its page, titled, without errors', async ({ route, url }) => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // The cart badge's API does not exist yet and is allowed to fail (it then shows 0).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    try {
      // Once React has rendered the page, an error of that first render has been reported.
      await gotoHydrated(page, baseUrl + url);
      if (route.requiresClient) {
        // Login-required pages send a guest to sign in, remembering where they were going.
        await page.waitForURL(`**/login?redirect=${encodeURIComponent(url)}`);
        await page.getByRole('heading', { level: 1, name: 'Sign In' }).waitFor();
      } else {
        await page.locator('main h1').first().waitFor();
        // The title follows the route once the page has rendered.
        await expect.poll(() => page.title()).toBe(route.title);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

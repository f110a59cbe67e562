import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerConfirmedCustomer } from '../support/customer';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { cartBadge, FAUX_WOOD } from './support/cart-steps';
import { signIn } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

async function withPage(run: (page: Page) => Promise<void>, width = 1440) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** React's errors of the page, hydration mismatches among them, as it logs them. */
function reactErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const gallery = (page: Page) => page.getByRole('region', { name: 'Faux Wood Blinds photos' });

describe('the pictures of the blind being configured', () => {
  it('the gallery draws the chosen colour, and the cart line shows the same blind', async () => {
    await withPage(async (page) => {
      const errors = reactErrors(page);
      await gotoHydrated(page, baseUrl + FAUX_WOOD + '&mount=inside');
      const picture = gallery(page).getByRole('img');
      await expect.poll(() => picture.getAttribute('aria-label')).toBe('Faux wood blind in Smooth White');
      await expect.poll(() => picture.getAttribute('data-color')).toBe('#f7f6f0');

      await page.getByRole('radio', { name: /^Dove Gray/ }).check();
      await expect.poll(() => picture.getAttribute('aria-label')).toBe('Faux wood blind in Dove Gray');
      await expect.poll(() => picture.getAttribute('data-color')).toBe('#c9c7c1');
      await expect
        .poll(() =>
          gallery(page).getByRole('button', { name: 'Show image 1 of 6: Faux wood blind in Dove Gray' }).count(),
        )
        .toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The prerendered picture (the default colour) is the one the browser hydrates.
      expect(errors.filter((error) => /hydrat|#418|#423|#425/i.test(error))).toEqual([]);

      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
      await page
        .getByRole('region', { name: 'Price', exact: true })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await expect.poll(() => cartBadge(page).textContent()).toBe('1');

      await gotoHydrated(page, `${baseUrl}/cart`);
      const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Faux Wood/ }) });
      await expect.poll(() => line.getByRole('img', { name: 'Faux wood blind in Dove Gray' }).count()).toBe(1);
      await expect.poll(() => line.getByRole('img').getAttribute('data-color')).toBe('#c9c7c1');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  it('a saved product shows the blind it saved', async () => {
    const customer = await registerConfirmedCustomer(baseUrl, { firstName: 'Ines', lastName: 'Moreau' });
    await withPage(async (page) => {
      await signIn(page, baseUrl, customer, '/account');

      await gotoHydrated(page, `${baseUrl}/wood-blinds?finish=wood`);
      await page.getByRole('radio', { name: /^Walnut/ }).check();
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/^\$\d/);
      await page.getByRole('button', { name: 'Save Configuration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save Configuration' });
      await dialog.getByLabel('Name').fill('Study window');
      await dialog.getByLabel('Name').press('Enter');
      await toast(page, 'Study window saved to your account.').waitFor();

      await gotoHydrated(page, `${baseUrl}/account`);
      const row = page.getByRole('listitem', { name: 'Study window' });
      await expect
        .poll(() => row.getByRole('img', { name: 'Wood blind in Walnut' }).getAttribute('data-color'))
        .toBe('#5b3a25');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }, 360);
  });

  it('the gallery shows the blind closed, open, then its close-ups, by the buttons, the dots and the arrow keys', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, baseUrl + '/roller-shades');
      const photos = page.getByRole('region', { name: 'Roller Shades photos' });
      await expect
        .poll(() => photos.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Light-filtering roller shade in .*, 3% openness$/);
      await photos.getByRole('button', { name: 'Next image' }).click();
      await expect
        .poll(() => photos.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Light-filtering roller shade in .*, raised to let the light in$/);
      await photos.getByRole('button', { name: /^Show image 3 of 6: / }).click();
      await expect
        .poll(() => photos.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Light-filtering roller shade in .*, 3% openness, close-up of the woven fabric$/);
      await photos.getByRole('button', { name: 'Previous image' }).click();
      await photos.getByRole('button', { name: 'Previous image' }).click();
      await expect
        .poll(() => photos.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Light-filtering roller shade in .*, 3% openness$/);
      await photos.focus();
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => photos.getByRole('img').getAttribute('aria-label'))
        .toMatch(/^Light-filtering roller shade in .*, 3% openness, roller and chain$/);
    }, 360);
  });

  it('every picture of the gallery shows the chosen colour: a Walnut wood blind is Walnut in pictures 3 to 6 (issue 25, defect 8)', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, `${baseUrl}/wood-blinds?finish=wood`);
      const photos = page.getByRole('region', { name: 'Wood Blinds photos' });
      const picture = photos.locator('svg[role="img"]');
      /** Picture n as the customer sees it: its name, the colour it says it draws, and its pixels. */
      const show = async (n: number, colour: string) => {
        const dot = photos.getByRole('button', { name: new RegExp(`^Show image ${n} of 6: `) });
        // The gallery follows the form a render later: wait until its dots name the chosen colour.
        await expect.poll(() => dot.getAttribute('aria-label')).toContain(`in ${colour},`);
        const name = (await dot.getAttribute('aria-label'))!.replace(/^Show image \d of 6: /, '');
        await dot.click();
        await expect.poll(() => picture.getAttribute('aria-label')).toBe(name);
        return {
          name: await picture.getAttribute('aria-label'),
          color: await picture.getAttribute('data-color'),
          pixels: await picture.screenshot(),
        };
      };
      const closeUps = async (colour: string) => {
        const shown: Array<Awaited<ReturnType<typeof show>>> = [];
        for (const n of [3, 4, 5, 6]) shown.push(await show(n, colour));
        return shown;
      };
      await page.getByRole('radio', { name: /^Natural Oak/ }).check();
      const oak = await closeUps('Natural Oak');
      await page.getByRole('radio', { name: /^Walnut/ }).check();
      const walnut = await closeUps('Walnut');

      expect(walnut.map((shown) => shown.name)).toEqual([
        'Wood blind in Walnut, close-up of the 2-inch slats',
        'Wood blind in Walnut, raised halfway',
        'Wood blind in Walnut, sample in front of the other colors',
        'Wood blind in Walnut, head rail and wand',
      ]);
      expect(walnut.map((shown) => shown.color)).toEqual(['#5b3a25', '#5b3a25', '#5b3a25', '#5b3a25']);
      expect(oak.map((shown) => shown.color)).toEqual(['#c8a273', '#c8a273', '#c8a273', '#c8a273']);
      expect(walnut.map((shown, n) => shown.pixels.equals(oak[n]!.pixels))).toEqual([false, false, false, false]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }, 1440);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ConfigurationInput } from '#domain/pricing/configuration';
import { initialForm, readForm } from '../../frontend/src/pages/products/configurator-form';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { configuratorPageOpener, enterSize, expectedPrice, selectSize, unitPrice } from './support/configurator-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

const withPage = configuratorPageOpener(browser, baseUrl);

describe('the featured faux wood links', () => {
  it.each([
    ['?width=25&height=72&mount=outside&measurementType=blind', '$41.40'],
    ['?width=47&height=72&mount=inside&measurementType=blind', '$72.67'],
    ['?width=35&height=60&mount=inside&measurementType=blind', '$44.62'],
    ['?width=35&height=72&mount=inside&measurementType=blind', '$53.55'],
  ])('/faux-wood-blinds%s pre-fills the size and shows %s', async (query, price) => {
    await withPage(`/faux-wood-blinds${query}`, async (page) => {
      await expect.poll(() => unitPrice(page).textContent()).toBe(price);
      await expect.poll(() => page.getByRole('radio', { name: 'Blind' }).isChecked()).toBe(true);
      await expect.poll(() => page.getByText('Price Match Guarantee').isVisible()).toBe(true);
    });
  });

  it('have their size in the form when the page says it is ready, on a slow phone too, so what is typed next is kept', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      // A phone's CPU: the render that applies the link's size takes long enough to be caught before it ends.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await gotoHydrated(page, `${baseUrl}/faux-wood-blinds?width=47&height=72&mount=inside&measurementType=blind`);
      // Read once on purpose: the page-ready mark promises the link's values are applied.
      expect(await page.getByLabel('Width (inches)').inputValue()).toBe('47');
      await page.getByLabel('Quantity').fill('3');
      await page.getByLabel('Width (inches)').fill('48');
      const typed = { width: 48, length: 72, mount: 'inside', measurement: 'blind' } as const;
      const reading = readForm('faux-wood-blinds', 'standard', {
        ...initialForm('faux-wood-blinds', 'standard', typed),
        quantityText: '3',
      });
      if (!reading.ok) throw new Error(reading.error.message);
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(reading.configuration));
      expect(await page.getByLabel('Width (inches)').inputValue()).toBe('48');
      expect(await page.getByLabel('Quantity').inputValue()).toBe('3');
    } finally {
      await context.close();
    }
  });
});

describe('the series tabs', () => {
  it('choose a series by a click or the arrow keys, Home and End; the address follows and the chosen panel shows', async () => {
    await withPage('/roller-shades', async (page) => {
      const tab = (name: string) => page.getByRole('tab', { name });
      const seriesInAddress = () => new URL(page.url()).searchParams.get('series');
      const focusedTab = () => page.evaluate(() => document.activeElement?.textContent);
      await tab('Green 3000').click();
      await expect.poll(seriesInAddress).toBe('green3000');
      await expect.poll(() => tab('Green 3000').getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await expect.poll(seriesInAddress).toBe('blackout');
      await expect.poll(focusedTab).toBe('Blackout');
      await page.keyboard.press('ArrowRight');
      await expect.poll(seriesInAddress).toBe('green2000');
      await page.keyboard.press('End');
      await expect.poll(seriesInAddress).toBe('blackout');
      await page.keyboard.press('Home');
      await expect.poll(seriesInAddress).toBe('green2000');
      await expect.poll(focusedTab).toBe('Green 2000');
      await expect
        .poll(() =>
          page.getByRole('tabpanel', { name: 'Green 2000' }).getByRole('heading', { name: 'Dimensions' }).isVisible(),
        )
        .toBe(true);
      await expect.poll(() => page.getByRole('tabpanel').count()).toBe(1);
    });
  });
});

describe('each family configured to its exact price', () => {
  it('faux wood, printed tab from the query', async () => {
    await withPage('/faux-wood-blinds?type=wood-tone', async (page) => {
      await expect
        .poll(() => page.getByRole('tab', { name: 'Printed Wood Grain' }).getAttribute('aria-selected'))
        .toBe('true');
      await enterSize(page, '36', '48', { width: 4 });
      await page.getByRole('radio', { name: /^Oak/ }).check();
      const input: ConfigurationInput = {
        family: 'faux-wood-blinds',
        series: 'printed',
        width: { inches: 36, eighths: 4 },
        length: { inches: 48, eighths: 0 },
        mount: 'inside',
        measurement: 'window',
        color: '254',
        quantity: 1,
        options: {},
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
      await expect.poll(() => page.getByText('Suggested retail').isVisible()).toBe(true);
    });
  });

  it('wood, Wood Finish tab from the query, outside mount', async () => {
    await withPage('/wood-blinds?finish=wood', async (page) => {
      await expect
        .poll(() => page.getByRole('tab', { name: 'Wood Finish' }).getAttribute('aria-selected'))
        .toBe('true');
      await enterSize(page, '30', '60', { width: 3 });
      await page.getByRole('radio', { name: 'Outside mount' }).check();
      await page.getByRole('radio', { name: /^Walnut/ }).check();
      const input: ConfigurationInput = {
        family: 'wood-blinds',
        series: 'wood',
        width: { inches: 30, eighths: 3 },
        length: { inches: 60, eighths: 0 },
        mount: 'outside',
        measurement: 'window',
        color: 'W205',
        quantity: 1,
        options: {},
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
    });
  });

  it('roller shades, Green 3000 at 1% with a 4" fascia', async () => {
    await withPage('/roller-shades?series=green3000', async (page) => {
      await expect.poll(() => page.getByRole('tab', { name: 'Green 3000' }).getAttribute('aria-selected')).toBe('true');
      await enterSize(page, '48', '72');
      await page.getByRole('radio', { name: /^Beige/ }).check();
      await page.getByRole('radio', { name: '1%' }).check();
      await page.getByRole('checkbox', { name: /fascia/ }).check();
      await page.getByRole('radio', { name: '4"' }).check();
      const input: ConfigurationInput = {
        family: 'roller-shades',
        series: 'green3000',
        opacity: 1,
        width: { inches: 48, eighths: 0 },
        length: { inches: 72, eighths: 0 },
        mount: 'inside',
        measurement: 'window',
        color: 'R3002',
        quantity: 1,
        options: { fascia: true, fasciaSize: 4 },
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
      await expect.poll(() => page.getByText(/^Save \d+% off retail$/).isVisible()).toBe(true);
    });
  });

  it('vertical blinds with split draw', async () => {
    await withPage('/vertical-blinds', async (page) => {
      await page.getByRole('radio', { name: /^Ivory/ }).check();
      await selectSize(page, 70, 84);
      await page.getByRole('checkbox', { name: /Split draw/ }).check();
      const input: ConfigurationInput = {
        family: 'vertical-blinds',
        series: 'vertical-3-5',
        width: { inches: 70, eighths: 0 },
        length: { inches: 84, eighths: 0 },
        mount: 'inside',
        measurement: 'window',
        color: 'V03',
        quantity: 1,
        options: { splitDraw: true },
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
    });
  });

  it('mini blinds, vinyl tab from the query', async () => {
    await withPage('/mini-blinds?type=vinyl', async (page) => {
      await expect.poll(() => page.getByRole('tab', { name: 'Vinyl' }).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('radio', { name: /^Alabaster/ }).check();
      await selectSize(page, 30, 48);
      const input: ConfigurationInput = {
        family: 'mini-blinds',
        series: 'vinyl',
        width: { inches: 30, eighths: 0 },
        length: { inches: 48, eighths: 0 },
        mount: 'inside',
        measurement: 'window',
        color: 'M302',
        quantity: 1,
        options: {},
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
    });
  });

  it('a product detail page opens on its colour; an unknown SKU links to the five families', async () => {
    await withPage('/product/FW-PWG-257', async (page) => {
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Faux Wood Blinds - Printed Wood Grain, Mahogany');
      await expect.poll(() => page.getByRole('radio', { name: /^Mahogany/ }).isChecked()).toBe(true);
      await expect.poll(() => unitPrice(page).count()).toBe(1);
    });
    await withPage('/products/XX-NOPE-1', async (page) => {
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Product not found');
      await expect
        .poll(() =>
          page
            .getByRole('main')
            .getByRole('link', { name: /Roller Shades/ })
            .getAttribute('href'),
        )
        .toBe('/roller-shades');
    });
  });
});

describe('every configurator opens on its defaults, priced, with no warning', () => {
  /** What every configurator opens on besides its product: inside mount, measured as the window, quantity 1, no options. */
  const opened = { mount: 'inside', measurement: 'window', quantity: 1, options: {} } as const;
  const inches = (whole: number) => ({ inches: whole, eighths: 0 });

  it.each<[string, ConfigurationInput]>([
    [
      '/wood-blinds',
      { ...opened, family: 'wood-blinds', series: 'smooth', width: inches(24), length: inches(36), color: 'W101' },
    ],
    [
      '/roller-shades',
      {
        ...opened,
        family: 'roller-shades',
        series: 'green2000',
        width: inches(35),
        length: inches(60),
        color: 'R2001',
      },
    ],
    [
      '/mini-blinds',
      { ...opened, family: 'mini-blinds', series: 'aluminum', width: inches(24), length: inches(36), color: 'M101' },
    ],
    [
      '/vertical-blinds',
      {
        ...opened,
        family: 'vertical-blinds',
        series: 'vertical-3-5',
        width: inches(34),
        length: inches(60),
        color: 'V01',
      },
    ],
  ])('%s', async (path, input) => {
    await withPage(path, async (page) => {
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
      await expect.poll(() => page.getByText(/Color not selected|Missing dimensions/).count()).toBe(0);
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(0);
    });
  });
});

describe("the price panel shows the customer's price, not the shop's internals", () => {
  const internals = [
    /factor/i,
    /0\.7071|0\.429/,
    /FW-\d/,
    /GREEN_|BLACKOUT/,
    /Smooth Finish|Wood Finish/,
    /group1|group2|premium|\(vinyl\)/,
    /\d+-\d+ x \d+-\d+/,
  ];
  it.each([
    '/faux-wood-blinds',
    '/faux-wood-blinds?type=printed',
    '/wood-blinds',
    '/wood-blinds?finish=wood',
    '/roller-shades',
    '/vertical-blinds',
    '/mini-blinds',
    '/mini-blinds?type=vinyl',
  ])('%s on its defaults: no factor, stock code or grid name; the size made and what it is priced as', async (path) => {
    await withPage(path, async (page) => {
      const panel = page.getByRole('region', { name: 'Price', exact: true });
      await expect.poll(() => unitPrice(page).textContent()).toMatch(/^\$\d/);
      await panel.getByText(/^We make it .*: your window less the ½″ inside-mount deduction$/).waitFor();
      await panel.getByText(/^(Priced|Cut to fit)/).waitFor();
      const text = (await panel.textContent()) ?? '';
      for (const internal of internals) expect(text).not.toMatch(internal);
    });
  });
});

describe('add to cart', () => {
  it('adds the configured blind and shows it in the mini cart', async () => {
    await withPage('/faux-wood-blinds?width=35&height=60&mount=inside&measurementType=blind', async (page) => {
      await expect.poll(() => unitPrice(page).textContent()).toBe('$44.62');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('dialog', { name: 'Added to your cart' }).getByText('Faux Wood Blinds: Standard').waitFor();
    });
  });
});

describe('layout', () => {
  it('on a 360 px phone the product facts come after the configurator; on a desktop beside it, under the gallery', async () => {
    const top = async (page: Page, name: string) => (await page.getByRole('region', { name }).boundingBox())!;
    await withPage(
      '/vertical-blinds',
      async (page) => {
        expect((await top(page, 'Product facts')).y).toBeGreaterThan((await top(page, 'Price')).y);
      },
      360,
    );
    await withPage('/vertical-blinds', async (page) => {
      const facts = await top(page, 'Product facts');
      expect(facts.y).toBeLessThan((await top(page, 'Price')).y);
      expect(facts.x).toBeLessThan((await top(page, 'Dimensions')).x);
    });
  });
});

describe('accessibility of the configurators', () => {
  const pages = [
    '/faux-wood-blinds?type=printed',
    '/wood-blinds?finish=wood',
    '/roller-shades?series=blackout',
    '/vertical-blinds',
    '/mini-blinds?type=vinyl',
    '/product/FW-STD-E02',
    '/products',
  ];
  it.each(pages.flatMap((path) => [360, 1440].map((width) => ({ path, width }))))(
    '$path at $width px, measuring helper open, has no serious or critical axe violation',
    async ({ path, width }) => {
      await withPage(
        path,
        async (page) => {
          const helper = page.getByRole('button', { name: /Measuring helper/ });
          if (await helper.count()) {
            // A click that lands while the configurator is still rendering its grids may be lost: click until it is open.
            await expect
              .poll(async () => {
                if ((await helper.getAttribute('aria-expanded')) !== 'true') await helper.click();
                return helper.getAttribute('aria-expanded');
              })
              .toBe('true');
          }
          expect(await seriousAccessibilityViolations(page)).toEqual([]);
        },
        width,
      );
    },
  );
});

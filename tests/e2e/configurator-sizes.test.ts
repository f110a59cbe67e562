import { describe, expect, inject, it } from 'vitest';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { standardSizes } from '#domain/catalogue/standard-sizes';
import type { ConfigurationInput } from '#domain/pricing/configuration';
import { INVALID_ENTRY_MESSAGE } from '#domain/pricing/errors';
import { browserForThisFile } from './support/browser';
import {
  configuratorPageOpener,
  dropdownOptions,
  enterSize,
  expectedPrice,
  fillMeasuringHelper,
  selectSize,
  unitPrice,
} from './support/configurator-steps';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();
const withPage = configuratorPageOpener(browser, baseUrl);

describe('standard sizes of vertical and mini blinds', () => {
  const inches = (sizes: readonly number[]) => sizes.map((size) => `${size}"`);

  it("vertical: the dropdowns list the grid's sizes and open on 34 x 60, the smallest covering the 34 x 58 default", async () => {
    const sizes = standardSizes('vertical-blinds', 'vertical-3-5', null, SEED_PRICE_GRIDS);
    await withPage('/vertical-blinds', async (page) => {
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('34');
      await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('60');
      await expect
        .poll(() => dropdownOptions(page, 'Width (inches)'))
        .toEqual(['Select width', ...inches(sizes.widths)]);
      await expect
        .poll(() => dropdownOptions(page, 'Length (inches)'))
        .toEqual(['Select height', ...inches(sizes.lengths)]);
      await expect.poll(() => page.getByLabel('Width eighths of an inch').count()).toBe(0);
      await page.getByRole('radio', { name: /^Gray/ }).check();
      await selectSize(page, 46, 102);
      const input: ConfigurationInput = {
        family: 'vertical-blinds',
        series: 'vertical-3-5',
        width: { inches: 46, eighths: 0 },
        length: { inches: 102, eighths: 0 },
        mount: 'inside',
        measurement: 'window',
        color: 'V04',
        quantity: 1,
        options: {},
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
      await page.getByText('Priced as the 46″ × 102″ standard size').waitFor();
    });
  });

  it("mini blinds: the dropdowns list the colour group's sizes and open on 24 x 36, which the grid has", async () => {
    const sizes = standardSizes('mini-blinds', 'aluminum', 'M201', SEED_PRICE_GRIDS);
    await withPage('/mini-blinds', async (page) => {
      // The dropdowns offer sizes (and show 24 x 36) only once the grids have loaded.
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('24');
      await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('36');
      await page.getByRole('radio', { name: /^Silver/ }).check();
      await expect
        .poll(() => dropdownOptions(page, 'Width (inches)'))
        .toEqual(['Select width', ...inches(sizes.widths)]);
      await expect
        .poll(() => dropdownOptions(page, 'Length (inches)'))
        .toEqual(['Select height', ...inches(sizes.lengths)]);
      await selectSize(page, 54, 60);
      await page.getByRole('radio', { name: 'Outside mount' }).check();
      const input: ConfigurationInput = {
        family: 'mini-blinds',
        series: 'aluminum',
        width: { inches: 54, eighths: 0 },
        length: { inches: 60, eighths: 0 },
        mount: 'outside',
        measurement: 'window',
        color: 'M201',
        quantity: 1,
        options: {},
      };
      await expect.poll(() => unitPrice(page).textContent()).toBe(expectedPrice(input));
    });
  });

  it('vertical: the measuring helper selects the smallest standard size that fits and says so', async () => {
    await withPage('/vertical-blinds', async (page) => {
      // The helper chooses among the grid's sizes: before they load it only asks to try again.
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('34');
      await fillMeasuringHelper(page, [35, 35, 36], [60, 61, 60]);
      await page.getByRole('button', { name: 'Use my measurements' }).click();
      // 35" measured inside is made 34 1/2" wide: the smallest standard width that fits is 38".
      await expect
        .poll(() => page.getByTestId('size-to-order').textContent())
        .toContain('the smallest that fits is 38" x 66"');
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('38');
      await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('66');
    });
  });
});

describe('validation messages', () => {
  it('Invalid Entry at once; Missing dimensions only once the customer tries to add without a size', async () => {
    await withPage('/wood-blinds', async (page) => {
      await page.getByLabel('Width (inches)').fill('35.5');
      await page.getByText(INVALID_ENTRY_MESSAGE).waitFor();
      await page.getByLabel('Width (inches)').fill('');
      await page.getByText('Choose a size and a colour to see your price.').waitFor();
      await expect.poll(() => page.getByText('Missing dimensions').count()).toBe(0);
      await expect.poll(() => page.getByLabel('Width (inches)').getAttribute('aria-invalid')).toBe(null);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText('Missing dimensions').first().waitFor();
      await expect.poll(() => page.getByLabel('Width (inches)').getAttribute('aria-invalid')).toBe('true');
      await expect
        .poll(() => page.getByLabel('Width (inches)').evaluate((element) => element === document.activeElement))
        .toBe(true);
    });
  });

  it("a roller shade too wide: Size not available, 'Maximum width is 84\".', and the button says Size Not Available", async () => {
    await withPage('/roller-shades', async (page) => {
      await page.getByRole('radio', { name: /^Gray/ }).check();
      await enterSize(page, '90', '60');
      await page.getByText('Size not available', { exact: true }).waitFor();
      await page.getByText('Maximum width is 84".').waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Size Not Available' }).isDisabled()).toBe(true);
    });
  });

  it.each([
    ['/faux-wood-blinds', '97', '60', 'Maximum width is 96".', 'Width'],
    ['/wood-blinds', '200', '60', 'Maximum width is 96".', 'Width'],
    ['/wood-blinds', '24', '97', 'Maximum length is 96".', 'Length'],
    ['/faux-wood-blinds', '24', '11', 'Faux wood blinds require minimum 12" length.', 'Length'],
  ])(
    '%s %s × %s: Invalid Size, %s, on the field at fault (issue 25, defect 7)',
    async (path, width, length, message, field) => {
      await withPage(path, async (page) => {
        await expect.poll(() => unitPrice(page).count()).toBe(1);
        await page.getByRole('radio', { name: 'Outside mount' }).check();
        await enterSize(page, width, length);
        const warning = page.getByRole('region', { name: 'Price', exact: true });
        await warning.getByText('Invalid Size', { exact: true }).waitFor();
        await warning.getByText(message, { exact: true }).waitFor();
        await expect.poll(() => page.getByLabel(`${field} (inches)`).getAttribute('aria-invalid')).toBe('true');
        await expect
          .poll(() => page.getByRole('button', { name: 'Size Not Available' }).first().isDisabled())
          .toBe(true);
      });
    },
  );

  it('the roller shade length hint says the lengths the product facts say (issue 25, defect 9)', async () => {
    await withPage('/roller-shades', async (page) => {
      await page.getByText('36″ to 144″ long; whole inches, fractions from the dropdown.').waitFor();
      await page.getByText('Length 36" to 144"').waitFor();
      await expect.poll(() => page.getByText(/12″ to 144″/).count()).toBe(0);
    });
  });
});

describe('advertised minimum widths with the default inside mount and window measurement', () => {
  it.each([
    [
      '/faux-wood-blinds',
      '6',
      '12',
      'With the ½″ inside-mount deduction this blind would be 5 ½″ wide; the narrowest we make is 6″',
      'Windows 6 ½″ to 96 ½″ wide',
      'Windows 6″ to 96″ wide',
    ],
    [
      '/wood-blinds',
      '8',
      '12',
      'With the ½″ inside-mount deduction this blind would be 7 ½″ wide; the narrowest we make is 8″',
      'Windows 8 ½″ to 96 ½″ wide',
      'Windows 8″ to 96″ wide',
    ],
    [
      '/roller-shades',
      '24',
      '36',
      'With the ½″ inside-mount deduction this blind would be 23 ½″ wide; the narrowest we make is 24″',
      'Windows 24 ½″ to 84 ½″ wide',
      'Windows 24″ to 84″ wide',
    ],
  ])(
    '%s %s × %s names the deduction, the hint the windows that work; outside mount prices it',
    async (path, width, length, message, insideHint, outsideHint) => {
      await withPage(path, async (page) => {
        await expect.poll(() => unitPrice(page).count()).toBe(1);
        await enterSize(page, width, length);
        await page.getByText(message).waitFor();
        await expect.poll(() => page.getByText(/^Invalid Size$|Please check available sizes/).count()).toBe(0);
        await page.getByText(insideHint).waitFor();
        await page.getByRole('radio', { name: 'Outside mount' }).check();
        await page.getByText(outsideHint).waitFor();
        await expect.poll(() => unitPrice(page).count()).toBe(1);
      });
    },
  );
});

describe('the measuring helper', () => {
  it('fills the smallest width and the largest height and explains the deduction', async () => {
    await withPage('/faux-wood-blinds', async (page) => {
      await fillMeasuringHelper(page, [36, 35, 36], [60, 60, 61]);
      await page.getByLabel('Width at middle eighths of an inch').selectOption('2');
      await page.getByRole('button', { name: 'Use my measurements' }).click();
      await expect
        .poll(() => page.getByTestId('size-to-order').textContent())
        .toContain('Order 35 1/4" wide (the smallest width) by 61" long (the largest height)');
      await expect.poll(() => page.getByLabel('Width (inches)').inputValue()).toBe('35');
      await expect.poll(() => page.getByLabel('Width eighths of an inch').inputValue()).toBe('2');
      await expect.poll(() => page.getByLabel('Length (inches)').inputValue()).toBe('61');
      await page
        .getByText(/deduct/i)
        .first()
        .waitFor();
    });
  });
});

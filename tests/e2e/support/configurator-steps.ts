import type { Browser, Page } from 'playwright-core';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { configurationSchema, type ConfigurationInput } from '#domain/pricing/configuration';
import { formatCents } from '#domain/pricing/money';
import { priceConfiguration } from '#domain/pricing/price';
import { gotoHydrated } from './browser';

/** Opens a product page at a width in a context of its own, waits for its heading, runs, and closes it. */
export function configuratorPageOpener(browser: () => Browser, baseUrl: string) {
  return async (path: string, run: (page: Page) => Promise<void>, width = 1440) => {
    const context = await browser().newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    try {
      await gotoHydrated(page, baseUrl + path);
      await page.locator('main h1').first().waitFor();
      await run(page);
    } finally {
      await context.close();
    }
  };
}

/** The unit price the engine gives for this configuration with the seeded grids, as the page shows it. */
export function expectedPrice(input: ConfigurationInput): string {
  const result = priceConfiguration(configurationSchema.parse(input), SEED_PRICE_GRIDS);
  if (!result.ok) throw new Error(result.error.message);
  return formatCents(result.unitCents);
}

export const unitPrice = (page: Page) => page.getByTestId('unit-price');

export async function enterSize(
  page: Page,
  width: string,
  length: string,
  eighths: { width?: number; length?: number } = {},
) {
  await page.getByLabel('Width (inches)').fill(width);
  await page.getByLabel('Length (inches)').fill(length);
  if (eighths.width !== undefined)
    await page.getByLabel('Width eighths of an inch').selectOption(String(eighths.width));
  if (eighths.length !== undefined)
    await page.getByLabel('Length eighths of an inch').selectOption(String(eighths.length));
}

/** Vertical and mini blinds: a standard width and length from the dropdowns. */
export async function selectSize(page: Page, width: number, length: number) {
  await page.getByLabel('Width (inches)').selectOption(String(width));
  await page.getByLabel('Length (inches)').selectOption(String(length));
}

/** The sizes a standard-size dropdown offers, as the customer reads them (the placeholder first). */
export const dropdownOptions = (page: Page, label: string) =>
  page.getByLabel(label).locator('option').allTextContents();

/** Opens the measuring helper and types three widths (top, middle, bottom) and three heights (left, centre, right). */
export async function fillMeasuringHelper(page: Page, widths: readonly number[], heights: readonly number[]) {
  await page.getByRole('button', { name: /Measuring helper/ }).click();
  const places = [
    ...['top', 'middle', 'bottom'].map((place, index) => [`Width at ${place} (inches)`, widths[index]] as const),
    ...['left', 'centre', 'right'].map((place, index) => [`Height at ${place} (inches)`, heights[index]] as const),
  ];
  for (const [place, inches] of places) await page.getByLabel(place, { exact: true }).fill(String(inches));
}

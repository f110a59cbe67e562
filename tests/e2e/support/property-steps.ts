import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { priceConfiguration } from '#domain/pricing/price';
import type { PropertyWindow } from '#domain/properties/property';
import { windowConfiguration } from '#domain/properties/window-order';
import { gotoHydrated } from './browser';

export type MeasuredWindow = Pick<PropertyWindow, 'widthTop' | 'widthMiddle' | 'widthBottom' | 'height'>;

export interface NewProperty {
  name: string;
  street: string;
  city: string;
  zip: string;
  room: string;
  windows: readonly MeasuredWindow[];
}

/** What the server charges for `windows` ordered in faux wood, inside mount, Smooth White (the order dialog's defaults). */
export function fauxWoodOrderTotalCents(windows: readonly MeasuredWindow[]): number {
  const choice = { family: 'faux-wood-blinds', series: 'standard', colorCode: 'E02', mount: 'inside' } as const;
  return windows.reduce((sum, measured) => {
    const quote = priceConfiguration(windowConfiguration({ ...measured, product: null }, choice), SEED_PRICE_GRIDS);
    if (!quote.ok) throw new Error(quote.error.message);
    return sum + quote.unitCents;
  }, 0);
}

/** On My Properties: adds the property, one room in it, and that room's windows, through the dialogs. */
export async function addPropertyWithRoomWindows(page: Page, property: NewProperty): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'My Properties' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Main Residence' }).waitFor();
  await page.getByRole('button', { name: 'Add Property' }).click();
  const propertyDialog = page.getByRole('dialog', { name: 'Add Property' });
  await propertyDialog.getByLabel('Property name').fill(property.name);
  await propertyDialog.getByLabel('Street address').fill(property.street);
  await propertyDialog.getByLabel('City').fill(property.city);
  await propertyDialog.getByLabel('ZIP code').fill(property.zip);
  await propertyDialog.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: property.name });
  await card.getByRole('heading', { level: 2, name: property.name }).waitFor();

  await card.getByLabel('New room name').fill(property.room);
  await card.getByRole('button', { name: 'Add Room' }).click();
  await card.getByRole('button', { name: `Remove room ${property.room}` }).waitFor();

  for (const [index, window] of property.windows.entries()) {
    await card.getByRole('button', { name: 'Add Window' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Window' });
    await dialog.getByLabel('Room').first().selectOption(property.room);
    await enterMeasurement(dialog, 'Width at the top', window.widthTop);
    await enterMeasurement(dialog, 'Width in the middle', window.widthMiddle);
    await enterMeasurement(dialog, 'Width at the bottom', window.widthBottom);
    await enterMeasurement(dialog, 'Height', window.height);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await card.getByRole('button', { name: `Edit window ${index + 1}` }).waitFor();
  }
}

/** A size as the site's size input takes it: 35.375 is 35 typed and 3/8 chosen. */
async function enterMeasurement(dialog: Locator, label: string, inches: number): Promise<void> {
  await dialog.getByLabel(`${label} (inches)`).fill(String(Math.floor(inches)));
  await dialog.getByLabel(`${label} eighths of an inch`).selectOption(String((inches % 1) * 8));
}

/**
 * On the faux wood page: Select Property and Room, the property and room, then Add All to Cart in
 * the order windows dialog once it lists `firstSize` (the caller waits for the outcome).
 */
export async function orderRoomWindowsInFauxWood(
  page: Page,
  baseUrl: string,
  property: NewProperty,
  firstSize: string,
): Promise<void> {
  await gotoHydrated(page, `${baseUrl}/faux-wood-blinds`);
  await page.getByRole('button', { name: 'Select Property and Room' }).click();
  const select = page.getByRole('dialog', { name: 'Select Property and Room' });
  // The dialog picks the default property once the list arrives; choosing before that is undone.
  await expect.poll(() => select.getByLabel('Property').inputValue()).not.toBe('');
  await select.getByLabel('Property').selectOption({ label: property.name });
  await select.getByLabel('Room (optional)').selectOption(property.room);
  await select.getByRole('button', { name: 'Order windows for this room' }).click();

  const order = page.getByRole('dialog', { name: 'Order windows' });
  await order.getByRole('cell', { name: firstSize }).waitFor();
  await order.getByRole('button', { name: 'Add All to Cart' }).click();
}

/**
 * On My Properties, in the property's card: Import from CSV, then the schedule chosen as `fileName`
 * (choosing again, corrected, previews it anew). The dialog stays open for the caller to read the preview.
 */
export async function chooseSchedule(page: Page, card: Locator, csv: string, fileName: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Import windows from a spreadsheet' });
  if (!(await dialog.isVisible())) await card.getByRole('button', { name: 'Import from CSV' }).click();
  await dialog.getByLabel('Schedule file (CSV)').setInputFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await dialog.getByText(`Chosen: ${fileName}`).waitFor();
  return dialog;
}

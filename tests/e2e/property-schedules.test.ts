import { describe, expect, inject, it } from 'vitest';
import { importedMessage, willSkipMessage } from '#domain/properties/schedule-csv';
import type { Property } from '#domain/properties/property';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { scheduleCsv } from '../support/property-schedule';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile } from './support/browser';
import { cartBadge, openCart } from './support/cart-steps';
import { signIn } from './support/identity';
import { chooseSchedule } from './support/property-steps';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

const WINDOWS = 200;
/** Two rows of the spreadsheet (the header is row 1) with a fraction in Top width (inches). */
const BAD_ROWS = [5, 150];

/** Sign-up's Main Residence, given a Dallas address and the schedule through the API, as its dialogs save them. */
async function importIntoMainResidenceWithAnAddress(customer: RegisteredCustomer, csv: string): Promise<void> {
  const headers = { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' };
  const { properties } = (await (await fetch(`${baseUrl}/api/properties`, { headers })).json()) as {
    properties: Property[];
  };
  const { id, name, propertyType, isCommercial, totalUnitsCount, completedUnitsCount, propertyStatus } =
    properties.find((property) => property.name === 'Main Residence')!;
  const saved = await fetch(`${baseUrl}/api/properties/${id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      name,
      address1: '1500 Marilla St',
      address2: '',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      propertyType,
      isCommercial,
      totalUnitsCount,
      completedUnitsCount,
      propertyStatus,
    }),
  });
  expect(saved.status).toBe(200);
  const imported = await fetch(`${baseUrl}/api/properties/${id}/windows/import`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv }),
  });
  expect(imported.status).toBe(201);
}

describe('property schedules', () => {
  // 200 rows previewed twice, imported, priced and put in the cart: a minute and more on two busy cores.
  it('a property manager imports a 200-window schedule, corrects its two bad rows, and orders the whole property', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, baseUrl, customer, '/account/properties');
      const card = page.getByRole('article', { name: 'Main Residence' });
      await card.getByText('No windows measured yet.').waitFor();

      // The preview names each bad row by its row and column, and what would be skipped.
      const dialog = await chooseSchedule(page, card, scheduleCsv(WINDOWS, BAD_ROWS), 'tower.csv');
      await dialog.getByText(`198 of ${WINDOWS} windows are ready to import.`).waitFor();
      await dialog.getByText(willSkipMessage(BAD_ROWS)).waitFor();
      const problems = dialog.getByRole('table', { name: 'Problems in the file' });
      expect(await problems.getByRole('row').allInnerTexts()).toEqual([
        'Row\tColumn\tProblem',
        ...BAD_ROWS.map(
          (row) =>
            `${row}\tTop width (inches)\tTop width must be whole inches; put the fraction in Top width (eighths).`,
        ),
      ]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // Corrected and chosen again: every row imports.
      await chooseSchedule(page, card, scheduleCsv(WINDOWS), 'tower-corrected.csv');
      await dialog.getByText(`${WINDOWS} of ${WINDOWS} windows are ready to import.`).waitFor();
      expect(await problems.count()).toBe(0);
      await dialog.getByRole('button', { name: `Import ${WINDOWS} Windows` }).click();
      await toast(page, importedMessage(WINDOWS, [])).waitFor();
      await card.getByText('Select all 200 windows').waitFor();
      await card.getByText('Building A, Unit 100').waitFor();
      // A 200-window property opens a unit at a time.
      await card.getByRole('button', { name: 'Show the windows of Building A, Unit 100' }).click();
      await card.getByRole('checkbox', { name: 'Select window 1' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      // The whole property, in faux wood: its progress, then the cart's count.
      await card.getByRole('button', { name: 'Order All Windows' }).click();
      const order = page.getByRole('dialog', { name: 'Order windows' });
      await order.getByText(`Showing the first 100 of ${WINDOWS} windows; the total counts them all.`).waitFor();
      await order.getByRole('cell', { name: 'A - 100 - Bedroom - W1' }).waitFor();
      await expect.poll(() => order.getByText(/^Total: \$/).count()).toBe(1);
      // A quote ships to the property: sign-up's Main Residence has no real address yet.
      await order.getByRole('button', { name: 'Save as Quote' }).click();
      await toast(
        page,
        "Please complete Main Residence's address before saving a quote: Please choose a state.",
      ).waitFor();
      await order.getByRole('button', { name: 'Add All to Cart' }).click();
      await toast(
        page,
        new RegExp(`^Order added! Added ${WINDOWS} faux wood blinds to your cart! Total: \\$`),
      ).waitFor();
      // The badge counts to 99+; the cart says how many.
      await expect.poll(() => cartBadge(page).textContent()).toBe('99+');
      await openCart(page, baseUrl);
      await page.getByText(`Items (${WINDOWS})`).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it("quotes a whole property's windows, shipped to the property, for the owner to approve", async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    await importIntoMainResidenceWithAnAddress(customer, scheduleCsv(WINDOWS));
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      // The prices arrive when the test lets them: until then there is no total and nothing to quote.
      let releasePrices!: () => void;
      const pricesHeld = new Promise<void>((resolve) => (releasePrices = resolve));
      await page.route('**/api/price-grids*', async (route) => {
        await pricesHeld;
        await route.continue();
      });
      await signIn(page, baseUrl, customer, '/account/properties');
      const card = page.getByRole('article', { name: 'Main Residence' });
      await card.getByRole('button', { name: 'Order All Windows' }).click();
      const order = page.getByRole('dialog', { name: 'Order windows' });
      const saveAsQuote = order.getByRole('button', { name: 'Save as Quote' });
      await order.getByText('Pricing windows...').waitFor();
      expect(await saveAsQuote.isDisabled()).toBe(true);
      expect(await order.getByText(/^Total: \$/).count()).toBe(0);
      releasePrices();
      await expect.poll(() => order.getByText(/^Total: \$/).count()).toBe(1);
      await saveAsQuote.click();
      await page.waitForURL(/\/account\/quotes\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: /^Quote Q-[2-9A-HJ-NP-Z]{6}$/ }).waitFor();
      await page.getByText('Room: A - 100 - Bedroom - W1', { exact: true }).waitFor();
      await page.getByText('Room: B - 149 - Living - W4', { exact: true }).waitFor();
      await page.getByText('1500 Marilla St').first().waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

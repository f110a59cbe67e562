import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gridToCsv, parseGridCsv } from '#domain/catalogue/grids/csv';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { gridVersion } from '#domain/catalogue/grids/version';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, chooseAccountMenuItem } from './support/browser';
import { signInAsStaff, submitSignIn } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

/** The seed fascia grid as staff download it, and its version (a hash of that content). */
const SEED_FASCIA_CSV = gridToCsv('fascia', SEED_PRICE_GRIDS.fascia);
const SEED_FASCIA_VERSION = gridVersion('fascia', SEED_PRICE_GRIDS.fascia);
/** The first width range's fascia price goes from $18.00 to $19.50. */
const CHANGED_FASCIA_CSV = SEED_FASCIA_CSV.replace('18.00', '19.50');
/** Row 3 starts at 40 in where row 2 ends at 48: a gap and an overlap. */
const BAD_FASCIA_CSV = SEED_FASCIA_CSV.replace('36,48,24.00', '40,48,24.00');

function versionOf(csv: string): string {
  const parsed = parseGridCsv('fascia', csv);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return gridVersion('fascia', parsed.rows);
}

const browser = browserForThisFile();

async function withContext(run: (page: Page, context: BrowserContext) => Promise<void>, width = 1440) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

const currentVersionText = (page: Page) => page.getByTestId('current-grid-version').textContent();

/** Chooses the file and waits until the page has read it: Preview before that would preview the file chosen before. */
async function chooseFile(page: Page, name: string, csv: string) {
  await page.getByLabel(/CSV file of the/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText(`Chosen: ${name}`).waitFor();
}

/** Uploads `csv`, previews it, confirms, and waits until the page shows it as the current version. */
async function replaceFascia(page: Page, name: string, csv: string) {
  await chooseFile(page, name, csv);
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('heading', { name: /^Preview: 5 rows/ }).waitFor();
  await page.getByRole('button', { name: 'Confirm replace' }).click();
  await expect.poll(() => currentVersionText(page)).toContain(versionOf(csv));
}

describe('the admin gate', () => {
  it('shows a guest Access Restricted with the way to sign in as staff', async () => {
    await withContext(async (page) => {
      await gotoHydrated(page, `${baseUrl}/admin`);
      await expect.poll(() => page.locator('main h1').textContent()).toBe('Admin Dashboard');
      await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: 'Login as Admin' }).getAttribute('href'))
        .toBe('/login?redirect=/admin');
      await expect.poll(() => page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
      await expect.poll(() => page.getByRole('tab', { name: 'Price Grids' }).count()).toBe(0);
    });
  });
});

describe('sign in', () => {
  it('names a bad email and a missing password', async () => {
    await withContext(async (page) => {
      await gotoHydrated(page, `${baseUrl}/login`);
      await submitSignIn(page, { email: 'not-an-email', password: '' });
      await page.getByText('Please enter a valid email address.').waitFor();
      await page.getByText('Password is required.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('refuses a wrong password with the spec message', async () => {
    await withContext(async (page) => {
      await gotoHydrated(page, `${baseUrl}/login`);
      await submitSignIn(page, { email: staff.email, password: 'not-the-password' });
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }).count())
        .toBe(1);
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });
});

describe('staff replace the fascia grid', () => {
  it('sign in, download, refuse a bad file, preview and confirm a change, restore the seed, sign out', async () => {
    await withContext(async (page) => {
      await gotoHydrated(page, `${baseUrl}/login?redirect=/admin`);
      await submitSignIn(page, staff);
      await page.getByText('Successfully logged in!').waitFor();
      await page.waitForURL(`${baseUrl}/admin`);
      await page.getByRole('tab', { name: 'Live Chat' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: /Sign In/ }).count()).toBe(0);

      await page.getByRole('tab', { name: 'Price Grids' }).click();
      await page.getByLabel('Price grid', { exact: true }).selectOption({ label: 'Roller shade fascia' });
      await expect.poll(() => currentVersionText(page)).toBe(`Current version: ${SEED_FASCIA_VERSION} · 5 rows`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Download CSV of version ${SEED_FASCIA_VERSION}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${SEED_FASCIA_VERSION}.csv`);
      expect(await readFile((await download.path())!, 'utf8')).toBe(SEED_FASCIA_CSV);

      await chooseFile(page, 'fascia-gap.csv', BAD_FASCIA_CSV);
      await page.getByRole('button', { name: 'Preview' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'The grid was not accepted' });
      await expect.poll(() => refusal.textContent()).toContain('Row 3:');
      await expect.poll(() => page.getByRole('button', { name: 'Confirm replace' }).isDisabled()).toBe(true);

      await chooseFile(page, 'fascia-new.csv', CHANGED_FASCIA_CSV);
      await page.getByRole('button', { name: 'Preview' }).click();
      const changes = page.getByRole('table', { name: '0 added, 0 removed, 1 changed' });
      await expect.poll(() => changes.getByRole('row').nth(1).textContent()).toContain('18.00 → 19.50');
      await page.getByRole('button', { name: 'Confirm replace' }).click();
      await page.getByText('Price grid replaced').waitFor();
      const changedVersion = versionOf(CHANGED_FASCIA_CSV);
      await expect.poll(() => currentVersionText(page)).toBe(`Current version: ${changedVersion} · 5 rows`);
      const history = page.getByRole('table', { name: 'Version history, newest first' });
      await expect.poll(() => history.getByRole('row').nth(1).textContent()).toContain(`${changedVersion} Current`);
      await expect.poll(() => history.getByRole('row').filter({ hasText: SEED_FASCIA_VERSION }).count()).toBe(1);

      await replaceFascia(page, 'fascia-seed.csv', SEED_FASCIA_CSV);
      await expect.poll(() => currentVersionText(page)).toBe(`Current version: ${SEED_FASCIA_VERSION} · 5 rows`);

      // The volume table: a tier giving no more than the one before is refused beside its field; a
      // fourth tier from a later day is saved and listed as scheduled (the shop's table today stays).
      const volume = page.getByRole('region', { name: 'Volume discounts' });
      await expect
        .poll(() => volume.getByTestId('volume-table-in-effect').textContent())
        .toContain('Volume pricing: 10–24 blinds 5% off, 25–49 10%, 50 or more 15%');
      const later = addDays(shopDateAt(new Date()), 30);
      await volume.getByRole('button', { name: 'Add tier' }).click();
      await volume.getByLabel('Tier 4: from blinds').fill('4000');
      await volume.getByLabel('Tier 4: percent off').fill('12');
      await volume.getByLabel('Effective from').fill(later);
      await volume.getByRole('button', { name: 'Save table' }).click();
      await volume.getByText('Each tier must give more off than the one before.').waitFor();
      await volume.getByLabel('Tier 4: percent off').fill('20');
      await volume.getByRole('button', { name: 'Save table' }).click();
      await page.getByText('Volume table saved').waitFor();
      await volume
        .getByRole('table', { name: 'Every table saved, latest to take effect first' })
        .getByText(`${later} (scheduled)`)
        .waitFor();

      await chooseAccountMenuItem(page, 'My Account', 'Log Out');
      await page.waitForURL(`${baseUrl}/`);
      await page.getByRole('link', { name: 'Sign In / Register' }).waitFor();
      await gotoHydrated(page, `${baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    });
  });
});

describe('the audit log', () => {
  it('an owner changes a price and finds the change in the Audit Log tab, newest first', async () => {
    await withContext(async (page) => {
      await signInAsStaff(page, baseUrl, staff);
      await page.getByRole('tab', { name: 'Price Grids' }).click();
      await page.getByLabel('Price grid', { exact: true }).selectOption({ label: 'Roller shade fascia' });
      await expect.poll(() => currentVersionText(page)).toContain(SEED_FASCIA_VERSION);
      await replaceFascia(page, 'fascia-new.csv', CHANGED_FASCIA_CSV);
      const changedVersion = versionOf(CHANGED_FASCIA_CSV);

      await page.getByRole('tab', { name: 'Audit Log' }).click();
      const log = page.getByRole('region', { name: 'Audit log' });
      const newest = log.getByRole('table').getByRole('row').nth(1);
      await expect.poll(() => newest.textContent()).toContain('replace Price grid fascia');
      await expect.poll(() => newest.textContent()).toContain(`version:${SEED_FASCIA_VERSION} → ${changedVersion}`);
      await log.getByRole('button', { name: 'Show only the entries of Price grid fascia' }).first().click();
      await log.getByText('Showing only Price grid fascia').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.getByRole('tab', { name: 'Price Grids' }).click();
      await replaceFascia(page, 'fascia-seed.csv', SEED_FASCIA_CSV);
    });
  });
});

describe('accessibility of /login and /admin', () => {
  it.each([360, 1440])('has no serious or critical axe violation at %i px', async (width) => {
    await withContext(async (page) => {
      await gotoHydrated(page, `${baseUrl}/login`);
      await page.locator('main h1').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await signInAsStaff(page, baseUrl, staff);
      const sections = width < 768 ? page.getByLabel('Admin section') : page.getByRole('tab', { name: 'Price Grids' });
      await sections.waitFor();
      if (width < 768) await page.getByLabel('Admin section').selectOption('price-grids');
      else await sections.click();
      await expect.poll(() => currentVersionText(page)).toContain('Current version:');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }, width);
  });
});

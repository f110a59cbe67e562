/**
 * The Shop Hours tab: an owner changes the week's opening hours (a closing time before the opening
 * time is named on its day), finds the change in the Audit Log, and a visitor's header and chat list
 * the new hours. Which hours show staff online at which time is the domain's rule, held by unit and
 * integration tests: nothing here depends on the clock.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ChatAvailability } from '#domain/chat/api';
import { EXAMPLE_BUSINESS } from '../support/business';
import { api } from '../support/checkout';
import { withOpeningHours } from '../support/opening-hours';
import { accessTokenFor } from '../support/user-pool';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');

const browser = browserForThisFile();

const openingHours = (page: Page) => page.getByRole('region', { name: 'Opening hours' });

/** Sunday opened 10 AM - 4 PM; Wednesday's closing first set before its opening, refused on its line, then 2 PM. */
async function changeTheWeek(page: Page) {
  const section = openingHours(page);
  await expect.poll(() => section.getByLabel('Monday opens').inputValue()).toBe('07:30');
  await section.getByRole('checkbox', { name: 'Closed on Sunday' }).uncheck({ force: true });
  await section.getByLabel('Sunday opens').fill('10:00');
  await section.getByLabel('Sunday closes').fill('16:00');
  await section.getByLabel('Wednesday closes').fill('06:00');
  await section.getByRole('button', { name: 'Save opening hours' }).click();
  await section.getByText('Closing time must be after opening time.').waitFor();
  expect(await section.getByLabel('Wednesday closes').getAttribute('aria-invalid')).toBe('true');
  await section.getByLabel('Wednesday closes').fill('14:00');
  await section.getByRole('button', { name: 'Save opening hours' }).click();
  await toast(page, 'Opening hours saved').waitFor();
  await expect.poll(() => section.getByText('Closing time must be after opening time.').count()).toBe(0);
}

describe('the Shop Hours tab', () => {
  it('an owner changes the opening hours, finds the change in the Audit Log, and the header and chat list them', async () => {
    const owner = { accessToken: await accessTokenFor(baseUrl, staff) };
    await withOpeningHours(baseUrl, owner, EXAMPLE_BUSINESS.hours.week, async () => {
      const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 1000 } });
      await signInAsStaff(page, baseUrl, staff);
      await page.getByRole('tab', { name: 'Shop Hours' }).click();
      await changeTheWeek(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The page staff saved them on lists the new week too, without a reload.
      await page.getByRole('banner').getByText('Mon-Tue 7:30am-9:00pm CT').waitFor();

      await page.getByRole('tab', { name: 'Audit Log' }).click();
      const newest = page.getByRole('region', { name: 'Audit log' }).getByRole('table').getByRole('row').nth(1);
      await expect.poll(() => newest.textContent()).toContain('replace Opening hours of the week');
      await expect.poll(() => newest.textContent()).toContain('sunday:— → {"opens":"10:00","closes":"16:00"}');
      await expect
        .poll(() => newest.textContent())
        .toContain('wednesday:{"opens":"07:30","closes":"21:00"} → {"opens":"07:30","closes":"14:00"}');
      // Staff leave: the widget then shows offline, with the hours, whatever the time.
      await page.close();
      await expect
        .poll(async () => (await api<ChatAvailability>(baseUrl, null, 'GET', '/chat/availability')).body.staffOnline)
        .toBe(false);

      const visitor = await pageInOwnContext(browser(), { viewport: { width: 1280, height: 900 } });
      await gotoHydrated(visitor, `${baseUrl}/`);
      // The page was built with the settings' week; the header then lists the week staff saved.
      await visitor.getByRole('banner').getByText('Mon-Tue 7:30am-9:00pm CT').waitFor();
      await visitor.getByRole('button', { name: /^Live Chat/ }).click();
      const panel = visitor.getByRole('dialog', { name: 'Live Chat' });
      await expect.poll(() => panel.textContent()).toContain('Offline');
      await expect.poll(() => panel.textContent()).toContain('Wednesday: 7:30 AM - 2:00 PM');
      await expect.poll(() => panel.textContent()).toContain('Sunday: 10:00 AM - 4:00 PM');
      await visitor.close();
    });
  });
});

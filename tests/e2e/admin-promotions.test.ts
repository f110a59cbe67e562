/**
 * The admin Promotions tab (issue 27), in one page load: staff make a code promotion, see it
 * listed Active with none of its uses taken, are told beside the field when a code is taken,
 * rename it (its code read-only), end it and see it Ended, on a phone as a card; the form and
 * the tab pass axe.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { PROMOTION_MESSAGES } from '#domain/promotions/promotion';
import { seriousAccessibilityViolations } from './support/accessibility';
import { saveScreenshot } from './support/artefacts';
import { browserForThisFile, pageInOwnContext } from './support/browser';
import { signInAsStaff } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

describe('the admin Promotions tab', () => {
  it('makes a code promotion, lists it Active with 0 of its uses, refuses its code again beside the field, edits and ends it', async () => {
    const code = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;
    const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    await signInAsStaff(page, baseUrl, staff);
    await page.getByRole('tab', { name: 'Promotions' }).click();
    const newPromotion = page.getByRole('button', { name: 'New Promotion' }).and(page.locator(':enabled'));
    await newPromotion.waitFor();

    const form = page.getByRole('dialog', { name: 'New Promotion' });
    const fillIn = async (typed: string) => {
      await newPromotion.click();
      await form.getByRole('textbox', { name: 'Code' }).fill(typed.toLowerCase());
      await form.getByRole('textbox', { name: 'Name' }).fill('Staff test sale');
      await form.getByRole('textbox', { name: 'Percent off' }).fill('10');
      await form.getByText('Faux Wood Blinds', { exact: true }).click();
      await form.getByLabel('End date').fill(addDays(shopDateAt(new Date()), 14));
      await form.getByRole('textbox', { name: 'Total redemptions' }).fill('25');
    };
    await fillIn(code);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);

    const row = page.getByRole('row').filter({ hasText: code });
    const cells = async () => (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    await expect
      .poll(cells)
      .toEqual([
        `${code} Staff test sale`,
        '10% off',
        'Faux Wood Blinds',
        expect.stringMatching(/^\w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}$/),
        'Active',
        '0 of 25',
        '0',
        '$0.00',
        'Edit End',
      ]);

    await fillIn(code);
    await form.getByRole('button', { name: 'Save' }).click();
    const codeField = form.getByRole('textbox', { name: 'Code' });
    await expect.poll(() => form.getByText(PROMOTION_MESSAGES.codeTaken).isVisible()).toBe(true);
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => form.count()).toBe(0);

    await row.getByRole('button', { name: `Edit ${code}, Staff test sale` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Promotion' });
    const readOnlyCode = edit.getByRole('textbox', { name: 'Code' });
    await expect.poll(() => readOnlyCode.inputValue()).toBe(code);
    expect(await readOnlyCode.getAttribute('readonly')).toBe('');
    await edit.getByRole('textbox', { name: 'Name' }).fill('Staff spring sale');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await cells())[0]).toBe(`${code} Staff spring sale`);

    await row.getByRole('button', { name: `End ${code}, Staff spring sale` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'End this promotion?' });
    await confirm.getByRole('button', { name: 'End Promotion' }).click();
    await expect.poll(() => row.getByRole('cell').nth(4).innerText()).toBe('Ended');
    expect(await row.getByRole('button', { name: /^End / }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-promotions-1440', { animations: 'disabled' });

    await page.setViewportSize({ width: 360, height: 800 });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: code }) });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toContain('0 of 25');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'admin-promotions-360', { animations: 'disabled', fullPage: true });
    await page.close();
  });
});

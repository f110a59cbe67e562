import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { resumePdf } from '../support/resume-files';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { signInAsStaff } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

/** A surname only this run's applicant has. */
const lastName = `Applicant${randomBytes(3).toString('hex')}`;
const email = `${lastName.toLowerCase()}@example.com`;
/** The résumé the applicant sends, and what staff must download: made once (pdf-lib dates each file). */
const resume = resumePdf(`Ann ${lastName}`);

async function openApplyDialog(page: Page) {
  await gotoHydrated(page, `${baseUrl}/careers/field`);
  await page.getByRole('button', { name: 'Apply for Blind Installer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for Blind Installer' });
  await dialog.getByLabel('First name').waitFor();
  return dialog;
}

async function openApplicationsTab(page: Page, width: number) {
  await signInAsStaff(page, baseUrl, staff);
  if (width < 768) await page.getByLabel('Admin section').selectOption('applications');
  else await page.getByRole('tab', { name: 'Applications' }).click();
  return page
    .getByRole('list', { name: 'Applications, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `Ann ${lastName}` });
}

describe('applying for a job', () => {
  it('an applicant applies with a PDF: told what is missing, then submitted, and the dialog closes and resets', async () => {
    const pdf = await resume;
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const dialog = await openApplyDialog(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Submit Application' }).click();
      await expect
        .poll(() => dialog.getByLabel('First name').evaluate((input) => input === document.activeElement))
        .toBe(true);
      expect(await dialog.textContent()).toContain('Please enter your first name.');
      expect(await dialog.textContent()).toContain('Please upload your resume.');
      await dialog
        .getByLabel('Resume')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
      await expect.poll(() => dialog.textContent()).toContain('Please upload a PDF, DOC, or DOCX file');

      await dialog.getByLabel('First name').fill('Ann');
      await dialog.getByLabel('Last name').fill(lastName);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Cover letter (optional)').fill('Six years of installs across the metro.');
      await dialog
        .getByLabel('Resume')
        .setInputFiles({ name: 'ann-resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
      await dialog.getByRole('button', { name: 'Submit Application' }).click();

      await dialog.getByRole('status').filter({ hasText: 'Application submitted' }).waitFor();
      expect(await dialog.textContent()).toContain('will answer within 3-7 business days');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await dialog.waitFor({ state: 'hidden' });

      const reopened = await openApplyDialog(page);
      expect(await reopened.getByLabel('First name').inputValue()).toBe('');
      expect(await reopened.getByLabel('Resume').evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(
        0,
      );
    } finally {
      await context.close();
    }
  });

  it('the dialog has no serious accessibility problems at 360 px', async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await openApplyDialog(page);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('staff download the résumé from the Applications tab and mark the application reviewing', async () => {
    const pdf = await resume;
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    try {
      const page = await context.newPage();
      const card = await openApplicationsTab(page, 1440);
      await card.waitFor();
      expect(await card.textContent()).toContain('Blind Installer (Field)');
      expect(await card.textContent()).toContain(email);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: `Download resume of Ann ${lastName}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('ann-resume.pdf');
      expect(new Uint8Array(await readFile((await download.path())!))).toEqual(pdf);

      const status = card.getByLabel(`Status of Ann ${lastName}'s application`);
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/status') && response.ok()),
        status.selectOption('reviewing'),
      ]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await page.reload();
      await page.getByRole('tab', { name: 'Applications' }).click();
      await expect
        .poll(() => card.getByLabel(`Status of Ann ${lastName}'s application`).inputValue())
        .toBe('reviewing');
    } finally {
      await context.close();
    }
  });

  it('the Applications tab has no serious accessibility problems at 360 px', async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      const card = await openApplicationsTab(page, 360);
      await card.waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});

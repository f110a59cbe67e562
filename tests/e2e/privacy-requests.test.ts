/**
 * Privacy requests (issue 30), in Chromium: a customer downloads their data from Account Settings,
 * closes their account by typing its e-mail, is signed out and mailed, and cannot sign in again.
 */
import { readFile } from 'node:fs/promises';
import { expect, inject, it } from 'vitest';
import type { DataExport } from '#domain/accounts/privacy';
import { SIGN_IN_MESSAGES } from '../../frontend/src/auth/sign-in-form';
import { newShopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsCustomer, submitSignIn } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const browser = browserForThisFile();

it('downloads their data, closes their account, and cannot sign in again', async () => {
  const shopper = await newShopper(baseUrl, { firstName: 'Jordan', lastName: 'Privat' });
  const page = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
  await signInAsCustomer(page, baseUrl, shopper);
  await gotoHydrated(page, `${baseUrl}/account/settings?tab=privacy`);
  await page.getByRole('heading', { name: 'Download my data' }).waitFor();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as DataExport;
  expect(file.data.profile).toMatchObject({ email: shopper.email, firstName: 'Jordan' });
  await toast(page, 'Your data is downloaded.').waitFor();

  // By keyboard: a wrong e-mail is refused by the field, the right one closes the account.
  const confirm = page.getByLabel(`Type ${shopper.email} to confirm`);
  await confirm.fill('someone@example.com');
  await confirm.press('Enter');
  await page.getByText('Type the e-mail address of your account to confirm.').waitFor();
  await confirm.fill(shopper.email);
  await confirm.press('Enter');
  await toast(page, 'Your account is closed.').waitFor();
  await page.waitForURL(`${baseUrl}/`);
  await page
    .getByRole('link', { name: /Sign In/ })
    .first()
    .waitFor();

  const mails = await eventually(
    async () => (await mailsFor(baseUrl, shopper.email)).filter((mail) => mail.subject === 'Your account is closed'),
    (found) => found.length > 0,
  );
  expect(mails).toHaveLength(1);

  await gotoHydrated(page, `${baseUrl}/login`);
  await submitSignIn(page, shopper);
  await page.getByText(SIGN_IN_MESSAGES['invalid-credentials']).waitFor();
  expect(page.url()).toBe(`${baseUrl}/login`);
});

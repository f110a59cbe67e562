import type { Page } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { mailsFor, type OutboxMail } from '../../support/outbox';
import { gotoHydrated } from './browser';

/**
 * The link of the newest mail to `email` whose link goes to `path` (mails arrive asynchronously),
 * pointed at the shop under test.
 */
export async function mailedLink(baseUrl: string, email: string, path: string): Promise<string> {
  const linkIn = (mails: OutboxMail[]) =>
    mails.map((m) => m.text?.match(/https?:\/\/\S+/)?.[0]).find((l) => l?.includes(path));
  const link = linkIn(
    await eventually(
      () => mailsFor(baseUrl, email),
      (mails) => linkIn(mails) !== undefined,
    ),
  );
  if (!link) throw new Error(`no mail to ${email} links to ${path}`);
  return link.replace(/^https?:\/\/[^/]+/, baseUrl);
}

/** Signs in through the sign-in page at `loginUrl` (with its redirect, if any), ticking Remember me. */
export async function signInWithRememberMe(
  page: Page,
  loginUrl: string,
  email: string,
  password: string,
): Promise<void> {
  await gotoHydrated(page, loginUrl);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByText('Remember me').click();
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs the seeded staff account in through the sign-in page and waits for `path` (the admin area or the staff chat). */
export async function signInAsStaff(
  page: Page,
  baseUrl: string,
  staff: { email: string; password: string },
  path: '/admin' | '/chat' = '/admin',
): Promise<void> {
  await gotoHydrated(page, `${baseUrl}/login?redirect=${path}`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}${path}`);
}

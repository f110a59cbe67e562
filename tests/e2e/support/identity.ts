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

/** An account that signs in: a customer registered for the test, or the seeded staff account. */
export interface Credentials {
  email: string;
  password: string;
}

/** Fills the sign-in form the page shows and presses Sign In; the caller waits for what follows. */
export async function submitSignIn(page: Page, account: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the sign-in page redirecting to `path`, and waits until the shop has gone on to it. */
export async function signIn(page: Page, baseUrl: string, account: Credentials, path: string): Promise<void> {
  await gotoHydrated(page, `${baseUrl}/login?redirect=${encodeURIComponent(path)}`);
  await submitSignIn(page, account);
  await page.waitForURL(`${baseUrl}${path}`);
}

/** Signs the seeded staff account in through the sign-in page and waits for `path` (the admin area or the staff chat). */
export function signInAsStaff(
  page: Page,
  baseUrl: string,
  staff: Credentials,
  path: '/admin' | '/chat' = '/admin',
): Promise<void> {
  return signIn(page, baseUrl, staff, path);
}

/** Signs a customer in on /login with Remember me ticked, and waits for the header to greet them. */
export async function signInAsCustomer(page: Page, baseUrl: string, customer: Credentials): Promise<void> {
  await signInWithRememberMe(page, `${baseUrl}/login`, customer.email, customer.password);
  await page.getByRole('button', { name: /^Hi, / }).waitFor();
}

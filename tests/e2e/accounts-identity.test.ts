import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { mailedLink, signInWithRememberMe } from './support/identity';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

async function withPage(run: (page: Page) => Promise<void>, width = 1280) {
  const context = await browser().newContext({ viewport: { width, height: 900 } });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

describe('identity: register, confirm, sign in, reset', () => {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'Blinds2024';
  const newPassword = 'Shutters2025';

  it('registers through the form and shows the success dialog', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, `${baseUrl}/account-creation`);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect.poll(() => page.getByText('First name must be at least 2 characters.').isVisible()).toBe(true);
      await page.getByLabel('First Name').fill('Ana');
      await page.getByLabel('Last Name').fill('Lopez');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone').fill('214-555-0100');
      await page.locator('input[name="password"]').fill(password);
      await page.locator('input[name="confirmPassword"]').fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Account Created Successfully' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Go to Login' }).click();
      await page.waitForURL(`${baseUrl}/login`);
    });
  });

  it('confirms the e-mail from the outbox link, then signs in with Remember me and follows the redirect', async () => {
    await withPage(async (page) => {
      const confirmationLink = await mailedLink(baseUrl, email, '/email-confirmation');
      await gotoHydrated(page, confirmationLink);
      await page.getByText('Email confirmed successfully! You can now sign in.').waitFor();
      await gotoHydrated(page, confirmationLink);
      const alreadyConfirmed = page
        .getByRole('status')
        .filter({ hasText: 'Your email is already confirmed. You can sign in.' });
      await alreadyConfirmed.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
      await signInWithRememberMe(page, `${baseUrl}/login?redirect=/cart`, email, password);
      await page.getByText('Welcome! You have 1 property in your account.').waitFor();
      await page.waitForURL(`${baseUrl}/cart`);
      const stored = () => page.evaluate(() => ({ ...localStorage }));
      await expect
        .poll(stored)
        .toMatchObject({ clientName: 'Ana Lopez', clientEmail: email, accountType: 'residential' });
      await expect.poll(async () => (await stored()).defaultPropertyId).toBeTruthy();
    });
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, `${baseUrl}/forgot-password`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await gotoHydrated(page, await mailedLink(baseUrl, email, '/reset-password'));
      await page.getByRole('heading', { name: 'Set New Password' }).waitFor();
      await page.locator('input[name="password"]').fill('shutters');
      await page.locator('input[name="confirmPassword"]').fill('shutters');
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page
        .getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number.')
        .waitFor();
      await page.locator('input[name="password"]').fill(newPassword);
      await page.locator('input[name="confirmPassword"]').fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByRole('heading', { name: 'Password Updated' }).waitFor();
      await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });
      await signInWithRememberMe(page, `${baseUrl}/login`, email, newPassword);
      await page.getByText('Welcome! You have 1 property in your account.').waitFor();
    });
  });

  it('shows an invalid reset link as Invalid Reset Link', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, `${baseUrl}/reset-password?type=recovery&email=${encodeURIComponent(email)}`);
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: 'Request New Reset Link' }).isVisible()).toBe(true);
      await gotoHydrated(
        page,
        `${baseUrl}/reset-password?type=recovery&email=${encodeURIComponent(email)}&token=000000`,
      );
      await page.locator('input[name="password"]').fill(newPassword);
      await page.locator('input[name="confirmPassword"]').fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      await page.getByRole('button', { name: 'Debug information' }).waitFor();
    });
  });

  it('has no serious accessibility violations on /account-creation at 360 px', async () => {
    await withPage(async (page) => {
      await gotoHydrated(page, `${baseUrl}/account-creation`);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }, 360);
  });
});

import type { Locator, Page } from 'playwright-core';

/** The toast (a status message) whose text includes `text`; the first, should the same one show twice. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.getByRole('status').filter({ hasText: text }).first();

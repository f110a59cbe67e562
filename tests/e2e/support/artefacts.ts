import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, LocatorScreenshotOptions, Page, PageScreenshotOptions } from 'playwright-core';

/** Where end-to-end runs keep what a reviewer looks at afterwards (screenshots); ignored by git, kept by CI as artefacts. */
export const E2E_ARTEFACTS_DIR = join(import.meta.dirname, '../../../test-results/screenshots');

/** Saves a PNG of the page (or of one element) as `test-results/screenshots/<name>.png` and returns its path. */
export async function saveScreenshot(
  target: Page | Locator,
  name: string,
  options: Omit<PageScreenshotOptions & LocatorScreenshotOptions, 'path'> = {},
): Promise<string> {
  mkdirSync(E2E_ARTEFACTS_DIR, { recursive: true });
  const path = join(E2E_ARTEFACTS_DIR, `${name}.png`);
  await target.screenshot({ ...options, path });
  return path;
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe violations of what the page shows now, each as "rule: help (targets)".
 * Waits for running animations first: a dialog or menu fading in has translucent text for a moment,
 * which axe would report as low contrast although no visitor ever reads it that way.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

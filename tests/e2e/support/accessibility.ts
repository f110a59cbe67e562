import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's impacts, least first. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/**
 * The axe violations of what the page shows now of at least this impact, each as "rule: help (targets)".
 * Transitions and animations are switched off while axe looks: a dialog fading in, or a button
 * whose colour eases to its enabled state once the page's data arrives, has translucent or
 * in-between colours for a moment, which axe would report as low contrast although no visitor ever
 * reads it that way. With them off, every element shows the colours of its current state.
 * Legacy mode runs axe in the page itself: the default opens a blank page of its own to merge
 * the frames' results, which cost a second renderer and about a second per check, and the one
 * cross-origin frame (a video player) is not ours to fix.
 */
export async function accessibilityViolations(page: Page, leastImpact: (typeof IMPACTS)[number]): Promise<string[]> {
  const still = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  try {
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
    return violations
      .filter((violation) => violation.impact && IMPACTS.indexOf(violation.impact) >= IMPACTS.indexOf(leastImpact))
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      );
  } finally {
    await still.evaluate((style) => (style as Element).remove());
  }
}

/** The serious and critical axe violations of what the page shows now (accessibilityViolations). */
export function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  return accessibilityViolations(page, 'serious');
}

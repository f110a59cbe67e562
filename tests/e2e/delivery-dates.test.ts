/**
 * A product page states when blinds of its family ordered now arrive in Dallas–Fort Worth (issue
 * 29), once the page has hydrated and asked the server's calendar.
 */
import { describe, expect, inject, it } from 'vitest';
import { deliveryEstimate } from '#domain/calendar/calendar';
import { shortDate } from '#domain/calendar/date-text';
import { browserForThisFile, gotoHydrated } from './support/browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

const browser = browserForThisFile();

/** The sentence for an order placed at `now`, with no day closed by staff (a fresh stack). */
const sentenceAt = (now: Date) =>
  `Order now, delivered by ${shortDate(deliveryEstimate({ families: ['wood-blinds'], zone: 'dfw', now, closures: [] })!.deliveredBy)} to Dallas–Fort Worth`;

describe('delivered-by dates', () => {
  it("a product page shows its family's date to Dallas–Fort Worth among its facts", async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const before = sentenceAt(new Date());
      await gotoHydrated(page, `${baseUrl}/wood-blinds`);
      const date = page.getByRole('region', { name: 'Product facts' }).getByTestId('delivery-date');
      await expect.poll(() => date.count()).toBe(1);
      // The cut-off may pass while the page loads: either side's sentence is the promise.
      expect([before, sentenceAt(new Date())]).toContain(await date.innerText());
    } finally {
      await context.close();
    }
  });
});

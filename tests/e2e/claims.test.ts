import { describe, expect, inject, it } from 'vitest';
import {
  DELIVERY_CLAIM,
  DELIVERY_TIME,
  PRODUCTION_TIME,
  REFUND_TIME,
  SAMPLE_PROCESSING_TIME,
  WITHDRAWN_CLAIMS,
} from '#domain/claims';
import { publicRoutePaths } from '../../frontend/src/route-meta';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

/** The only production, delivery, processing and refund times the shop states: those of domain/claims.ts. */
const APPROVED_TIMES = new Set([PRODUCTION_TIME, DELIVERY_TIME, SAMPLE_PROCESSING_TIME, REFUND_TIME]);
const TIME_RANGE = /\b\d+\s*[-–]\s*\d+ (?:business )?days\b/gi;

/** What a reader and a search engine read of a prerendered page: its text, title, meta descriptions and structured data. */
async function printedWords(path: string): Promise<string> {
  const html = await (await fetch(baseUrl + path)).text();
  const metas = [...html.matchAll(/<meta [^>]*content="([^"]*)"/g)].map((match) => match[1]);
  const structured = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => match[1],
  );
  const body = html
    .replace(/<(script|style)[^>]*>.*?<\/\1>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  return [...metas, ...structured, body].join('\n').replace(/\s+/g, ' ');
}

describe('the claims the prerendered pages print (issue 25, defect 10)', () => {
  it('no page, title or meta description makes a withdrawn claim or states a time that domain/claims.ts does not', async () => {
    const found: string[] = [];
    for (const path of publicRoutePaths) {
      const words = await printedWords(path);
      for (const claim of WITHDRAWN_CLAIMS) {
        const match = claim.exec(words);
        if (match) found.push(`${path}: "${match[0]}"`);
      }
      for (const [time] of words.matchAll(TIME_RANGE)) if (!APPROVED_TIMES.has(time)) found.push(`${path}: "${time}"`);
    }
    expect(found).toEqual([]);
  });

  it('every page says when blinds arrive as the checkout and the shipping terms do: production, then delivery', async () => {
    for (const path of ['/', '/shipping-info', '/about-us']) {
      const words = await printedWords(path);
      expect(words).toContain(DELIVERY_CLAIM.note);
      expect(words).toContain(PRODUCTION_TIME);
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEED_PRICE_GRIDS } from './catalogue/grids';
import { RETURN_WINDOW_DAYS, RETURNS_CLAIM, WHOLESALE_SAVING_MAX_PERCENT, WITHDRAWN_CLAIMS } from './claims';
import { applyFactor, savingsPercent } from './pricing/money';
import { FAUX_WOOD_STANDARD_FACTOR, WOOD_FACTOR } from './pricing/rules';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Claims stated in a literal instead of through domain/claims.ts. */
const STATED_CLAIMS = [
  { what: 'a saving percentage', pattern: /\d+\s*%\s*(less|off|below)/i },
  { what: 'a saving percentage', pattern: /up to \d+\s*%/i },
  { what: 'the return window', pattern: new RegExp(`\\b${RETURN_WINDOW_DAYS} days of delivery`, 'i') },
  { what: 'the return window', pattern: /returns? within \d+ days/i },
  { what: 'the returns terms', pattern: /not returnable/i },
  { what: 'the Fit Assurance cap', pattern: /remake[^.]{0,60}\d+ (custom )?blinds/i },
  { what: 'a production, delivery or processing time', pattern: /\b\d+\s*[-–]\s*\d+ (business )?days\b/i },
  ...WITHDRAWN_CLAIMS.map((pattern) => ({ what: 'a withdrawn claim', pattern })),
];

describe('claims', () => {
  it('the wholesale claim holds over the seeded grids: no retail-priced blind saves more than it says', () => {
    const savings = [
      ...SEED_PRICE_GRIDS.wood.map((row) => savingsPercent(row.priceCents, applyFactor(row.priceCents, WOOD_FACTOR))),
      ...SEED_PRICE_GRIDS.fauxWoodStock.map((row) =>
        savingsPercent(row.totalPriceCents, applyFactor(row.totalPriceCents, FAUX_WOOD_STANDARD_FACTOR)),
      ),
      ...SEED_PRICE_GRIDS.roller.flatMap((row) =>
        row.salePriceCents === null ? [] : [savingsPercent(row.priceCents, row.salePriceCents)],
      ),
    ];
    expect(Math.max(...savings)).toBeLessThanOrEqual(WHOLESALE_SAVING_MAX_PERCENT);
    expect(Math.max(...savings)).toBeGreaterThanOrEqual(WHOLESALE_SAVING_MAX_PERCENT - 1);
  });

  it('the product facts and the Returns page promise the same thing', () => {
    expect(RETURNS_CLAIM.productFact).toContain('30 days of delivery');
    expect(RETURNS_CLAIM.returns).toContain('30 days of delivery');
    expect(RETURNS_CLAIM.productFact).not.toMatch(/^Made to measure: not returnable/);
  });

  it('no page, meta description, mail or quote text states a claim except through domain/claims.ts (issue 25, defect 10)', () => {
    const files = [
      ...sourceFiles(join(root, 'frontend/src')),
      ...sourceFiles(join(root, 'functions/mail')),
      join(root, 'domain/pricing/price.ts'),
      join(root, 'domain/orders/next-steps.ts'),
      join(root, 'domain/business.ts'),
    ];
    const stated = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      return STATED_CLAIMS.filter(({ pattern }) => pattern.test(source)).map(
        ({ what }) => `${relative(root, file)}: ${what}`,
      );
    });
    expect(stated).toEqual([]);
  });
});

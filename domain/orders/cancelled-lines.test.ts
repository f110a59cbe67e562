import { describe, expect, it } from 'vitest';
import { totalsWithoutCancelledLines } from './cancelled-lines';
import { lineRefundCents } from './line-status';
import type { OrderLine, OrderTotals } from './order';

const line = (position: number, quantity: number, unitCents: number, extra: Partial<OrderLine> = {}) =>
  ({ position, quantity, unitCents, family: 'faux-wood-blinds', title: `Blind ${position}`, ...extra }) as OrderLine;

describe('an order without its cancelled lines', () => {
  it('bills an order without its cancelled lines: their blinds, discount shares and tax off, shipping kept', () => {
    // 10% off $300 is $30 and 5% off is $15; tax 8% of $255 is $20.40. Line 2 ($100) had $10 and $5 off and $6.80 tax.
    const totals = {
      blindCount: 3,
      subtotalCents: 30000,
      discountCents: 4500,
      discounts: [
        { kind: 'volume', label: 'Volume', cents: 3000 },
        { kind: 'promotion', label: '5% off', cents: 1500 },
      ],
      taxCents: 2040,
      shippingCents: 1500,
      sampleShippingCents: 0,
      installationCents: 15000,
      totalCents: 30000 - 4500 + 2040 + 1500 + 15000,
    } as OrderTotals;
    const withCancelled = {
      lines: [line(1, 2, 10000), line(2, 1, 10000, { status: 'cancelled' })],
      totals,
    };
    const billed = totalsWithoutCancelledLines(withCancelled);
    expect(billed).toEqual({
      ...totals,
      blindCount: 2,
      subtotalCents: 20000,
      discountCents: 3000,
      discounts: [
        { kind: 'volume', label: 'Volume', cents: 2000 },
        { kind: 'promotion', label: '5% off', cents: 1000 },
      ],
      taxCents: 1360,
      totalCents: 20000 - 3000 + 1360 + 1500 + 15000,
    });
    expect(totals.totalCents - billed.totalCents).toBe(lineRefundCents(withCancelled, 2));
    expect(totalsWithoutCancelledLines({ ...withCancelled, lines: [line(1, 2, 10000), line(2, 1, 10000)] })).toBe(
      totals,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_ORDER_LINES } from '../checkout/totals';
import {
  ATTRIBUTE_LINE_PREFIX,
  PURCHASE_ORDER_ITEM_MAX_BYTES,
  PURCHASE_ORDER_MAX_BYTES,
  PURCHASE_ORDER_MAX_TOTAL_CENTS,
  PURCHASE_ORDER_MAX_UNIT_CENTS,
  PURCHASE_ORDER_MESSAGES,
  purchaseOrderProblem,
} from './purchase-order';

type Line = { lineNumber: number; quantity: number; unitCents: number; supplierPartId: string };

const line = (lineNumber: number, fields: Partial<Line> = {}): Line => ({
  lineNumber,
  quantity: 2,
  unitCents: 4140,
  supplierPartId: `FW-${lineNumber}`,
  ...fields,
});
const order = (
  items: Line[],
  documentTotalCents = items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0),
) => ({ items, documentTotalCents });

describe('purchaseOrderProblem', () => {
  it('accepts what a buyer sends for blinds, a zero-price attribute line and a Total that differs from the lines (a price review, not a refusal)', () => {
    expect(
      purchaseOrderProblem(
        order([line(1), line(2, { quantity: 9999, unitCents: PURCHASE_ORDER_MAX_UNIT_CENTS / 100 })]),
      ),
    ).toBeNull();
    expect(
      purchaseOrderProblem(
        order([line(10), line(20, { supplierPartId: `${ATTRIBUTE_LINE_PREFIX}WIDTH`, quantity: 1, unitCents: 0 })]),
      ),
    ).toBeNull();
    expect(purchaseOrderProblem(order([line(1)], 1))).toBeNull();
  });

  it('refuses a zero, negative or absurd unit price, naming the line', () => {
    expect(purchaseOrderProblem(order([line(1), line(2, { unitCents: -10_000 })]))).toBe(
      PURCHASE_ORDER_MESSAGES.unitPrice(2, -10_000),
    );
    expect(PURCHASE_ORDER_MESSAGES.unitPrice(2, -10_000)).toBe(
      'ItemOut line 2 has a unit price of -$100.00; a unit price must be more than $0.00 and at most $50,000.00.',
    );
    expect(purchaseOrderProblem(order([line(3, { unitCents: 0 })]))).toBe(PURCHASE_ORDER_MESSAGES.unitPrice(3, 0));
    // An attribute line's part id with a price is a priced line like any other.
    expect(purchaseOrderProblem(order([line(4, { supplierPartId: `${ATTRIBUTE_LINE_PREFIX}X`, unitCents: -1 })]))).toBe(
      PURCHASE_ORDER_MESSAGES.unitPrice(4, -1),
    );
    expect(purchaseOrderProblem(order([line(5, { quantity: 9999, unitCents: 999_999_999_999_999 })]))).toBe(
      PURCHASE_ORDER_MESSAGES.unitPrice(5, 999_999_999_999_999),
    );
    expect(purchaseOrderProblem(order([line(6, { unitCents: PURCHASE_ORDER_MAX_UNIT_CENTS + 1 })]))).toBe(
      PURCHASE_ORDER_MESSAGES.unitPrice(6, PURCHASE_ORDER_MAX_UNIT_CENTS + 1),
    );
  });

  it('refuses a quantity that is not a whole number from 1 to 9,999, naming the line', () => {
    for (const quantity of [0, -1, 1.5, 10_000]) {
      expect(purchaseOrderProblem(order([line(7, { quantity })])), String(quantity)).toBe(
        'ItemOut line 7 needs a whole quantity from 1 to 9,999.',
      );
    }
  });

  it('refuses a line, the lines together or the Total above what an order may total, every sum an exact integer', () => {
    const big = line(1, { quantity: 9999, unitCents: PURCHASE_ORDER_MAX_UNIT_CENTS });
    expect(purchaseOrderProblem(order([big]))).toBe(
      PURCHASE_ORDER_MESSAGES.lineTotal(1, 9999 * PURCHASE_ORDER_MAX_UNIT_CENTS),
    );
    const half = line(1, { quantity: 100, unitCents: PURCHASE_ORDER_MAX_TOTAL_CENTS / 200 });
    expect(purchaseOrderProblem(order([half, { ...half, lineNumber: 2 }]))).toBeNull();
    expect(purchaseOrderProblem(order([half, { ...half, lineNumber: 2 }, line(3)]))).toBe(
      PURCHASE_ORDER_MESSAGES.linesTotal(PURCHASE_ORDER_MAX_TOTAL_CENTS + 8280),
    );
    expect(purchaseOrderProblem(order([line(1)], -100))).toBe(
      "The OrderRequest's Total is -$1.00; it must be from $0.00 to $10,000,000.00.",
    );
    expect(purchaseOrderProblem(order([line(1)], PURCHASE_ORDER_MAX_TOTAL_CENTS + 1))).toBe(
      PURCHASE_ORDER_MESSAGES.documentTotal(PURCHASE_ORDER_MAX_TOTAL_CENTS + 1),
    );
  });

  it('refuses more lines than an order holds, line numbers out of range or used twice, and more text than an order keeps', () => {
    const lines = Array.from({ length: MAX_ORDER_LINES + 1 }, (_, index) => line(index + 1));
    expect(purchaseOrderProblem(order(lines))).toBe(PURCHASE_ORDER_MESSAGES.tooManyLines(MAX_ORDER_LINES + 1));
    // 96 lines: more than one order held before orders were written in batches (docs/decisions/0057).
    expect(purchaseOrderProblem(order(lines.slice(0, 96)))).toBeNull();
    expect(purchaseOrderProblem(order([line(1), line(0)]))).toBe(
      'ItemOut 2 has lineNumber 0; line numbers must be whole numbers from 1 to 999,999, each used once.',
    );
    expect(purchaseOrderProblem(order([line(1), line(1)]))).toBe(PURCHASE_ORDER_MESSAGES.lineNumber(2, 1));
    expect(purchaseOrderProblem(order([line(1_000_000)]))).toBe(PURCHASE_ORDER_MESSAGES.lineNumber(1, 1_000_000));
    const wordy = { ...order([line(1)]), comments: 'x'.repeat(PURCHASE_ORDER_MAX_BYTES) };
    expect(purchaseOrderProblem(wordy)).toMatch(
      /^The OrderRequest's addresses and comments come to 17 KB; an order can keep at most 16 KB/,
    );
    const described = { ...line(2), description: 'x'.repeat(PURCHASE_ORDER_ITEM_MAX_BYTES) };
    expect(purchaseOrderProblem(order([line(1), described]))).toBe(
      PURCHASE_ORDER_MESSAGES.itemTooLarge(2, JSON.stringify(described).length),
    );
  });

  it('accepts 1,000 lines of what a buyer sends back for blinds: the items are kept beside the lines, not in one 64 KB purchase order', () => {
    const described = (lineNumber: number) => ({
      ...line(lineNumber),
      supplierPartAuxiliaryId: `${'a'.repeat(32)}-${lineNumber}`,
      description: `Faux Wood Blinds: Standard; Size: 24" W x 36" H (window measurement); Mount: Inside mount; Color: Smooth White (E02); Wand tilt: Left (standard); Room: Building A, Unit ${lineNumber}`,
      unitOfMeasure: 'EA',
    });
    const lines = Array.from({ length: MAX_ORDER_LINES }, (_, index) => described(index + 1));
    expect(JSON.stringify(lines).length).toBeGreaterThan(200 * 1024);
    expect(purchaseOrderProblem(order(lines))).toBeNull();
  });
});

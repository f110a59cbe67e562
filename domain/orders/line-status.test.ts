import { describe, expect, it } from 'vitest';
import { decideLineTransition, LINE_MESSAGES, lineRefundCents, lineTransitionRequestSchema } from './line-status';
import type { Order, OrderLine } from './order';
import { lineStatusText } from './statuses';

const line = (position: number, quantity: number, unitCents: number, extra: Partial<OrderLine> = {}) =>
  ({ position, quantity, unitCents, family: 'faux-wood-blinds', title: `Blind ${position}`, ...extra }) as OrderLine;

// $300 of two lines, tax 8%: $24.00; shipping and installation charged besides.
const order = {
  status: 'inProduction',
  paymentStatus: 'paid',
  lines: [line(1, 2, 10000), line(2, 1, 10000)],
  totals: { subtotalCents: 30000, discountCents: 0, discounts: [], taxCents: 2400, shippingCents: 1500 },
} as unknown as Pick<Order, 'status' | 'paymentStatus' | 'lines' | 'totals'>;

describe('a line of an order', () => {
  it('refunds a cancelled line at its price with its share of the tax, never shipping', () => {
    expect(lineRefundCents(order, 2)).toBe(10000 + 800);
    expect(lineRefundCents(order, 1)).toBe(20000 + 1600);
    expect(lineRefundCents(order, 9)).toBe(0);
  });

  it("takes the line's share of the order's discount off what it refunds", () => {
    // 10% off $300 is $30; tax 8% of $270 is $21.60. The $100 line paid $90 and $7.20 tax.
    const discounted = {
      ...order,
      totals: {
        ...order.totals,
        discountCents: 3000,
        discounts: [{ kind: 'promotion', label: '10% off', cents: 3000 }],
        taxCents: 2160,
      },
    } as typeof order;
    expect(lineRefundCents(discounted, 2)).toBe(9000 + 720);
  });

  it('cancels a line of a paid order with a refund, and of an order on invoice with a credit', () => {
    expect(decideLineTransition(order, 2, 'cancelLine')).toEqual({
      ok: true,
      from: 'ordered',
      to: 'cancelled',
      giveBack: 'refund',
      amountCents: 10800,
    });
    expect(decideLineTransition({ ...order, paymentStatus: 'invoice' }, 2, 'cancelLine')).toMatchObject({
      ok: true,
      giveBack: 'credit',
      amountCents: 10800,
    });
  });

  it('backorders, remakes and resumes a line without money moving', () => {
    expect(decideLineTransition(order, 1, 'backorder')).toEqual({
      ok: true,
      from: 'ordered',
      to: 'backordered',
      giveBack: 'none',
      amountCents: 0,
    });
    const backordered = { ...order, lines: [line(1, 2, 10000, { status: 'backordered' }), order.lines[1]!] };
    expect(decideLineTransition(backordered, 1, 'resume')).toMatchObject({ ok: true, to: 'ordered' });
    expect(decideLineTransition(backordered, 1, 'remake')).toMatchObject({ ok: true, to: 'remake' });
    expect(decideLineTransition(order, 1, 'resume')).toEqual({
      ok: false,
      reason: 'This line is ordered: it can be put back in the order only when it is backordered or being remade.',
    });
  });

  it('refuses the last line left, a line in a return, a line the order lacks and an order that shipped', () => {
    const oneLeft = {
      ...order,
      lines: [line(1, 2, 10000, { status: 'cancelled', refundedCents: 21600 }), order.lines[1]!],
    };
    expect(decideLineTransition(oneLeft, 2, 'cancelLine')).toEqual({ ok: false, reason: LINE_MESSAGES.lastLine });
    const claimed = { ...order, lines: [order.lines[0]!, line(2, 1, 10000, { claimedQuantity: 1 })] };
    expect(decideLineTransition(claimed, 2, 'cancelLine')).toEqual({ ok: false, reason: LINE_MESSAGES.inReturn });
    expect(decideLineTransition(order, 3, 'backorder')).toEqual({ ok: false, reason: LINE_MESSAGES.notFound });
    expect(decideLineTransition({ ...order, status: 'shipped' }, 1, 'backorder')).toEqual({
      ok: false,
      reason:
        'This order is shipped: its lines can be changed only while it is processing, in production or ready to ship.',
    });
  });

  it('retries the refund of a cancelled line not yet refunded, and refuses one already refunded', () => {
    const cancelled = (refundedCents?: number) => ({
      ...order,
      lines: [order.lines[0]!, line(2, 1, 10000, { status: 'cancelled', refundedCents })],
    });
    expect(decideLineTransition(cancelled(), 2, 'cancelLine')).toMatchObject({
      ok: true,
      from: 'cancelled',
      amountCents: 10800,
    });
    expect(decideLineTransition(cancelled(10800), 2, 'cancelLine')).toMatchObject({ ok: false });
  });

  it("says a line's status with the staff note, nothing for a line simply ordered", () => {
    expect(lineStatusText({})).toBeNull();
    expect(lineStatusText({ status: 'backordered', statusNote: 'Fabric due Dec 10' })).toBe(
      'Backordered: Fabric due Dec 10',
    );
    expect(lineStatusText({ status: 'remake' })).toBe('Being remade');
  });

  it('reads a move with its note, and names the field of a bad one', () => {
    expect(lineTransitionRequestSchema.parse({ action: 'backorder' })).toEqual({ action: 'backorder', note: '' });
    const bad = lineTransitionRequestSchema.safeParse({ action: 'explode' });
    expect(bad.success || bad.error.issues[0]?.path).toEqual(['action']);
  });
});

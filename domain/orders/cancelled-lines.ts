/**
 * An order billed without the lines staff cancelled (docs/decisions/0076-line-status.md): what the
 * invoice of an order on account bills when it ships. Apart from line-status.ts so that the invoice
 * does not carry the returns' rules, only the refund's parts.
 */
import { refundPartsOf } from '../returns/refund-parts';
import type { Order, OrderTotals } from './order';
import { lineStatusOf } from './statuses';

/**
 * What an order bills once its cancelled lines are left out: each one's blinds, its share of each
 * discount and its tax taken off the totals, line by line as its cancel credited it (lineRefundCents'
 * parts, line-status.ts), so the total drops by exactly what was credited. Shipping, installation and charges stay.
 */
export function totalsWithoutCancelledLines(order: Pick<Order, 'totals' | 'lines'>): OrderTotals {
  const cancelled = order.lines.filter((line) => lineStatusOf(line) === 'cancelled');
  if (cancelled.length === 0) return order.totals;
  const parts = cancelled.map((line) => refundPartsOf(order, [{ position: line.position, quantity: line.quantity }]));
  const sum = (cents: (part: (typeof parts)[number]) => number) =>
    parts.reduce((total, part) => total + cents(part), 0);
  const discounts = order.totals.discounts
    .map((discount, index) => ({
      ...discount,
      cents: discount.cents - sum((part) => part.discountShares[index]?.cents ?? 0),
    }))
    .filter((discount) => discount.cents > 0);
  return {
    ...order.totals,
    blindCount: order.totals.blindCount - cancelled.reduce((total, line) => total + line.quantity, 0),
    subtotalCents: order.totals.subtotalCents - sum((part) => part.blindsCents),
    discountCents: order.totals.discountCents - sum((part) => part.discountShares.reduce((t, s) => t + s.cents, 0)),
    discounts,
    taxCents: order.totals.taxCents - sum((part) => part.taxCents),
    totalCents: order.totals.totalCents - sum((part) => part.refundCents),
  };
}

/**
 * The order as it is billed once its cancelled lines are left out: its other lines and
 * totalsWithoutCancelledLines (an order on account's invoice, issued when it ships).
 */
export function withoutCancelledLines<O extends Pick<Order, 'totals' | 'lines'>>(order: O): O {
  return {
    ...order,
    lines: order.lines.filter((line) => lineStatusOf(line) !== 'cancelled'),
    totals: totalsWithoutCancelledLines(order),
  };
}

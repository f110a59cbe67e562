/**
 * What some blinds of an order were charged, part by part: the one rule a return's refund
 * (refundCentsOf), a cancelled line's give-back (lineRefundCents) and the totals an order is billed
 * without its cancelled lines are made of. Apart from return-request.ts so that what bills an
 * order does not carry the returns' forms and lifecycle.
 */
import type { Order } from '../orders/order';
import type { Discount } from '../pricing/discounts';
import { mulDivRoundHalfUp } from '../pricing/money';
import { discountOnPart } from '../pricing/order-discounts';

/** What some blinds of an order were charged, part by part: their price, each discount's share, the tax. */
export interface RefundParts {
  blindsCents: number;
  /** Each of the order's discounts (in its order) and the share of it taken off these blinds. */
  discountShares: Array<{ discount: Discount; cents: number }>;
  taxCents: number;
  /** blindsCents less the discount shares, plus taxCents. */
  refundCents: number;
}

/** The parts of what these blinds were charged: each discount's share rounded once, half up, and the tax on what was left. */
export function refundPartsOf(
  order: Pick<Order, 'totals' | 'lines'>,
  lines: ReadonlyArray<{ position: number; quantity: number }>,
): RefundParts {
  const part = lines.flatMap((wanted) => {
    const line = order.lines.find((candidate) => candidate.position === wanted.position);
    return line ? [{ family: line.family, lineCents: line.unitCents * wanted.quantity }] : [];
  });
  const blindsCents = part.reduce((sum, line) => sum + line.lineCents, 0);
  const { subtotalCents, discountCents, discounts, taxCents } = order.totals;
  if (subtotalCents === 0) return { blindsCents: 0, discountShares: [], taxCents: 0, refundCents: 0 };
  const orderLines = order.lines.map((line) => ({ family: line.family, lineCents: line.unitCents * line.quantity }));
  // An order stored with a discount but no list of them (none should) spreads it over every blind.
  const taken: Discount[] =
    discounts.length > 0 || discountCents === 0
      ? discounts
      : [{ kind: 'volume' as const, label: '', cents: discountCents }];
  const discountShares = taken.map((discount) => ({ discount, cents: discountOnPart([discount], orderLines, part) }));
  const paid = blindsCents - discountShares.reduce((sum, share) => sum + share.cents, 0);
  const taxed = subtotalCents - discountCents;
  const tax = taxed > 0 ? mulDivRoundHalfUp(paid, taxCents, taxed) : 0;
  return { blindsCents, discountShares, taxCents: tax, refundCents: paid + tax };
}

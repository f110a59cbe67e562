/**
 * How an order and a checkout quote read on the pages: the rows of a summary, the status labels
 * and the tracking progress. Every figure is the server's; this only words and formats them.
 */
import { shortDate } from '#domain/calendar/date-text';
import { ESTIMATED_TAX_PERCENT } from '#domain/cart/totals';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { ESTIMATED_TAX_LABEL, orderAmountRows, shopDate } from '#domain/orders/invoice';
import type { Order, OrderChannel, OrderTotals } from '#domain/orders/order';
import {
  ACCOUNT_STATUS_LABELS,
  ORDER_TRANSITIONS,
  PAYMENT_STATUS_LABELS,
  STAFF_ACTIONS,
  TRACKING_STATUS_LABELS,
  UNKNOWN_STATUS_LABEL,
  type OrderListing,
  type StaffAction,
} from '#domain/orders/statuses';
import type { TimelineStep } from '#domain/orders/timeline';
import { formatCents } from '#domain/pricing/money';

export interface SummaryRow {
  label: string;
  value: string;
  /** The total. */
  strong?: boolean;
}

export const SHIPPING_TEXT = {
  unknown: 'Enter your state and ZIP code',
  free: 'Free (DFW delivery)',
  freight: 'By freight: contact us',
} as const;

/** The checkout's summary for the address entered so far. */
export function quoteSummaryRows(quote: CheckoutQuote): SummaryRow[] {
  const shipping =
    quote.shipping.status === 'charged' && quote.shipping.cents !== null
      ? formatCents(quote.shipping.cents)
      : SHIPPING_TEXT[quote.shipping.status === 'charged' ? 'unknown' : quote.shipping.status];
  const rows: SummaryRow[] = [
    { label: 'Subtotal', value: formatCents(quote.subtotalCents) },
    ...quote.discounts.map((discount) => ({ label: discount.label, value: formatCents(-discount.cents) })),
    { label: `Tax (${ESTIMATED_TAX_PERCENT}%)`, value: formatCents(quote.taxCents) },
    { label: 'Shipping', value: shipping },
  ];
  if (quote.sampleShippingCents > 0)
    rows.push({ label: 'Sample shipping', value: formatCents(quote.sampleShippingCents) });
  if (quote.installation.selected)
    rows.push({ label: 'Professional installation', value: formatCents(quote.installation.cents) });
  for (const charge of quote.installation.charges) rows.push({ label: charge.label, value: formatCents(charge.cents) });
  rows.push({
    label: 'Total',
    value:
      quote.totalCents === null
        ? quote.shipping.status === 'freight'
          ? SHIPPING_TEXT.freight
          : 'After shipping is known'
        : formatCents(quote.totalCents),
    strong: true,
  });
  return rows;
}

/**
 * What the tax row of an order billed on the buyer's purchase order (a punch-out order) says: the
 * shop adds no tax to it (domain/punchout/purchase-order.ts), so no rate and no amount of ours.
 */
export const PURCHASE_ORDER_TAX_ROW: SummaryRow = { label: 'Tax', value: 'Per the purchase order' };

/** A placed order's amounts, as its mails and invoice list them (an order on account is taxed as a card order). */
export function orderSummaryRows(totals: OrderTotals, channel: OrderChannel): SummaryRow[] {
  return orderAmountRows(totals).map((row) =>
    row.label === ESTIMATED_TAX_LABEL && channel === 'punchout'
      ? PURCHASE_ORDER_TAX_ROW
      : { label: row.label, value: formatCents(row.cents), strong: row.isTotal },
  );
}

function labelOf(labels: Record<string, string>, value: string): string {
  return Object.hasOwn(labels, value) ? labels[value]! : UNKNOWN_STATUS_LABEL;
}

/** Tracking's words for a status (pending is Order Received); anything it does not know is Unknown. */
export const trackingStatusLabel = (status: string) => labelOf(TRACKING_STATUS_LABELS, status);
/** My Account's words (pending is Pending). */
export const accountStatusLabel = (status: string) => labelOf(ACCOUNT_STATUS_LABELS, status);
export const paymentStatusLabel = (status: string) => labelOf(PAYMENT_STATUS_LABELS, status);

/** The admin Orders tab's filters: each status as My Account words it, and checkouts that ended unpaid. */
const LISTING_LABELS: Record<OrderListing, string> = { ...ACCOUNT_STATUS_LABELS, abandoned: 'Abandoned checkouts' };
export const orderListingLabel = (listing: string) => labelOf(LISTING_LABELS, listing);

/** What a timeline step says beside its name: the day it was reached, or the day it is expected by. */
export function timelineStepText(step: TimelineStep): string {
  if (step.state !== 'expected') return step.at ? shopDate(step.at) : 'Done';
  if (step.expectedBy) return `Expected by ${shortDate(step.expectedBy)}`;
  return step.stage === 'installed' ? 'After delivery: our team calls to schedule it' : 'Next';
}

/**
 * The staff actions the transition table allows from an order's status: what the admin Orders tab
 * offers (Mark Installed only where installation was bought).
 */
export function allowedStaffActions(order: Pick<Order, 'status' | 'installation'>): StaffAction[] {
  return STAFF_ACTIONS.filter(
    (action) =>
      (ORDER_TRANSITIONS[action].from as readonly string[]).includes(order.status) &&
      (action !== 'install' || order.installation),
  );
}

/** The statuses after which an order has arrived, or will not: no promised date is shown then. */
const ARRIVED_OR_ENDED: readonly string[] = ['delivered', 'installed', 'cancelled'];

/**
 * The date promised when the order was placed, while it is still on its way: none once delivered
 * or cancelled, or for an order placed before the shop promised dates.
 */
export function promisedDeliveryText(order: Pick<Order, 'estimate' | 'status'>): string | null {
  if (!order.estimate || ARRIVED_OR_ENDED.includes(order.status)) return null;
  return `Delivery by ${shortDate(order.estimate.deliveredBy)}, as promised when you ordered (ships by ${shortDate(order.estimate.shipsBy)}).`;
}

/**
 * The rules of an order's life, pure: its number, its lifecycle (ORDER_LIFECYCLE: the transition
 * table ORDER_TRANSITIONS of statuses.ts on the one state machine), what a staff action or a payment
 * does to it, and the carrier's tracking link. The store makes each decision stick with a condition
 * on the statuses it was made from.
 */
import { installationWhen, type InstallationVisitSummary } from '../appointments/installation-choices';
import { formatCents } from '../pricing/money';
import { readableCode } from '../readable-code';
import { defineStateMachine } from '../state-machine';
import { CARRIERS, type Carrier } from './carriers';
import { ORDER_MESSAGES } from './messages';
import type { HistoryEvent, Order, OrderHistoryEntry } from './order';
import type { CustomerCancelRequest, OrderTransitionInput } from './requests';
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderListing,
  type OrderStatus,
  type PaymentStatus,
  type StaffAction,
} from './statuses';

export const ORDER_NUMBER_LENGTH = 6;

/** HBB- and six characters chosen by the given random bytes (at least six). */
export function orderNumber(randomBytes: Uint8Array): string {
  return `HBB-${readableCode(randomBytes, ORDER_NUMBER_LENGTH)}`;
}

/** Money was taken for the order (a flagged payment too), so cancelling it refunds. */
export function paymentCaptured(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'flagged';
}

/** How a card order's payment page ended unpaid (it ran out, or its delayed payment failed), or null while it has not. */
export function paymentPageEnded(paymentStatus: PaymentStatus): 'expired' | 'failed' | null {
  return paymentStatus === 'expired' || paymentStatus === 'failed' ? paymentStatus : null;
}

/**
 * A checkout that ended unpaid (decision 0039): the order is still pending and its payment page ran
 * out or its payment failed. It is an attempt, not an order: out of the customer's history, and
 * listed for staff as `abandoned` rather than among pending orders, until a retried placement gives
 * it a new page (its payment is pending again) or staff cancel it.
 */
export function checkoutAbandoned(order: Pick<Order, 'status' | 'paymentStatus'>): boolean {
  return order.status === 'pending' && paymentPageEnded(order.paymentStatus) !== null;
}

/** Billed by an invoice (a punch-out or on-account order), whether or not that invoice is paid yet: no card payment to refund. */
export function billedOnInvoice(paymentStatus: PaymentStatus): paymentStatus is 'invoice' | 'invoicePaid' {
  return paymentStatus === 'invoice' || paymentStatus === 'invoicePaid';
}

/** The order's money is in: paid by card, or its invoice on account paid (what lists show in green). */
export function paymentSettled(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'invoicePaid';
}

/** Payment statuses of an order the customer bought: paid (a flagged or since refunded payment too), or billed on invoice. */
const BOUGHT_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'flagged', 'refunded', 'invoice', 'invoicePaid'];

/**
 * Whether an order is in its customer's Order History: only what they paid for or bought on
 * account. A checkout still waiting for its payment, or one that ended unpaid, is not.
 */
export function inOrderHistory(order: Pick<Order, 'paymentStatus'>): boolean {
  return BOUGHT_PAYMENT_STATUSES.includes(order.paymentStatus);
}

/** Where staff find an order: under its status, or under `abandoned` for a checkout that ended unpaid. */
export function staffListingOf(order: Pick<Order, 'status' | 'paymentStatus'>): OrderListing {
  return checkoutAbandoned(order) ? 'abandoned' : order.status;
}

/** Installation is booked once the order is paid (or on invoice) and while it is not cancelled; before, it is only asked for. */
export function installationBooked(order: Pick<Order, 'installation' | 'status' | 'paymentStatus'>): boolean {
  return (
    order.installation &&
    order.status !== 'cancelled' &&
    (order.paymentStatus === 'paid' || billedOnInvoice(order.paymentStatus))
  );
}

/** What an order's page may say of its installation (installationBooked): never "booked" before payment. */
export function installationNote(
  order: Pick<Order, 'installation' | 'status' | 'paymentStatus'>,
  visit: InstallationVisitSummary | null = null,
): string | null {
  if (!order.installation || order.status === 'cancelled') return null;
  if (!installationBooked(order))
    return 'Professional installation requested: it is booked once your payment is confirmed.';
  if (visit?.status === 'scheduled' && visit.date && visit.window)
    return `Professional installation booked: ${installationWhen({ date: visit.date, window: visit.window })}.`;
  if (visit?.status === 'completed') return 'Professional installation done.';
  if (visit?.status === 'cancelled') return null;
  if (visit?.status === 'unscheduled' || visit?.status === 'no-show')
    return 'Professional installation bought: choose its date with the installation link in your order confirmation e-mail.';
  return 'Professional installation booked: your installation e-mails give its date, or the link to choose one.';
}

/**
 * What an order's page may say of its invoice PDF: ready (a link), being prepared (a paid card
 * order: the OrderPaid consumer makes it within a minute or two), or nothing, for an order that
 * gets none (not paid, under review, or billed on invoice when it ships).
 */
export function invoiceState(
  order: Pick<Order, 'channel' | 'paidAt'> & { invoiceUrl: string | null },
): 'ready' | 'preparing' | 'none' {
  if (order.invoiceUrl) return 'ready';
  return order.channel === 'card' && order.paidAt !== null ? 'preparing' : 'none';
}

/**
 * What the refunds of an order may add up to, whoever makes them (a staff cancel, returns): what its
 * payment took, or for an order on invoice what its invoice bills (staff credit it there).
 */
export function refundableCentsOf(order: Pick<Order, 'paymentStatus' | 'amountPaidCents' | 'totals'>): number {
  return billedOnInvoice(order.paymentStatus) ? order.totals.totalCents : (order.amountPaidCents ?? 0);
}

/** What entering a status a staff member (or the customer) moves an order to sets besides the status, and the history event it records. */
export interface OrderEntryEffect {
  set: Partial<
    Pick<Order, 'productionStartedAt' | 'readyToShipAt' | 'shipment' | 'deliveredAt' | 'installedAt' | 'cancelledAt'>
  >;
  event: HistoryEvent;
}

/** What each move carries besides who and when: a staff action its request, the customer's cancel its reason. */
export type OrderMoveInputs = { [Action in StaffAction]: Extract<OrderTransitionInput, { action: Action }> } & {
  customerCancel: CustomerCancelRequest;
};

/**
 * The order's lifecycle. A card order is placed pending its payment, a punch-out or on-account
 * order is created processing (billed on invoice); installed and cancelled are final (delivered
 * is the end for an order without installation). A move carries its request (the carrier and
 * tracking number of a shipment, the reason of a cancel); entering the status it moves to sets
 * that status's time or shipment and names the history event.
 */
export const ORDER_LIFECYCLE = defineStateMachine<
  OrderStatus,
  typeof ORDER_TRANSITIONS,
  OrderHistoryEntry['actor'],
  OrderMoveInputs,
  OrderEntryEffect
>({
  subject: 'order',
  states: ORDER_STATUSES,
  initial: ['pending', 'processing'],
  terminal: ['installed', 'cancelled'],
  transitions: ORDER_TRANSITIONS,
  onEnter: {
    inProduction: ({ at }) => ({
      effect: { set: { productionStartedAt: at }, event: 'productionStarted' },
      note: null,
    }),
    readyToShip: ({ at }) => ({ effect: { set: { readyToShipAt: at }, event: 'readyToShip' }, note: null }),
    shipped: ({ at, input: { carrier, trackingNumber } }) => ({
      effect: {
        set: {
          shipment: { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber), shippedAt: at },
        },
        event: 'shipped',
      },
      note: `${carrier} ${trackingNumber}`,
    }),
    delivered: ({ at }) => ({ effect: { set: { deliveredAt: at }, event: 'delivered' }, note: null }),
    installed: ({ at }) => ({ effect: { set: { installedAt: at }, event: 'installed' }, note: null }),
    cancelled: ({ at, input }) => ({
      effect: { set: { cancelledAt: at }, event: 'cancelled' },
      note: input.reason || null,
    }),
  },
});

/** A status as a sentence says it ("This order is in production"). */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  pending: 'pending',
  processing: 'processing',
  inProduction: 'in production',
  readyToShip: 'ready to ship',
  shipped: 'shipped',
  delivered: 'delivered',
  installed: 'installed',
  cancelled: 'cancelled',
};

/** "a", "a or b", "a, b or c". */
function eitherOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const ACTION_VERBS: Record<StaffAction, string> = {
  startProduction: 'put in production',
  markReady: 'marked ready to ship',
  ship: 'shipped',
  deliver: 'marked delivered',
  install: 'marked installed',
  cancel: 'cancelled',
};

/** The staff actions that make or send the blinds: only for an order paid, or billed on invoice. */
const ACTIONS_NEEDING_PAYMENT: readonly StaffAction[] = ['startProduction', 'markReady', 'ship'];

export type StaffTransitionDecision =
  { ok: true; from: OrderStatus; to: OrderStatus; refund: boolean } | { ok: false; reason: string };

/**
 * What a staff action does to an order in its current statuses, or why it may not. A cancelled
 * order whose payment is still captured (the refund failed at the provider after the cancel was
 * recorded) may be cancelled again: that retries the refund, under the same idempotency key.
 */
export function decideStaffTransition(
  order: Pick<Order, 'status' | 'paymentStatus' | 'installation'>,
  action: StaffAction,
): StaffTransitionDecision {
  const transition = ORDER_LIFECYCLE.transitions[action];
  // Not a move (cancelled is final): the status stays, only the refund is tried again.
  if (action === 'cancel' && order.status === 'cancelled' && paymentCaptured(order.paymentStatus)) {
    return { ok: true, from: 'cancelled', to: 'cancelled', refund: true };
  }
  if (!ORDER_LIFECYCLE.can(order.status, action)) {
    return {
      ok: false,
      reason: `This order is ${ORDER_STATUS_WORDS[order.status]}: it can be ${ACTION_VERBS[action]} only when it is ${eitherOf(transition.from.map((status) => ORDER_STATUS_WORDS[status]))}.`,
    };
  }
  if (
    ACTIONS_NEEDING_PAYMENT.includes(action) &&
    order.paymentStatus !== 'paid' &&
    !billedOnInvoice(order.paymentStatus)
  ) {
    return {
      ok: false,
      reason: `This order's payment is ${order.paymentStatus}: only a paid order, or one on invoice, can be ${ACTION_VERBS[action]}.`,
    };
  }
  if (action === 'install' && !order.installation)
    return { ok: false, reason: 'This order has no installation: it cannot be marked installed.' };
  return {
    ok: true,
    from: order.status,
    to: transition.to,
    refund: action === 'cancel' && paymentCaptured(order.paymentStatus),
  };
}

export type CustomerCancelDecision = { ok: true; from: OrderStatus; refund: boolean } | { ok: false; reason: string };

/**
 * Whether the customer may cancel their order themselves: until it is in production (the blinds
 * are then being cut to their measurements), and not an order billed on a purchase order (its
 * buyer's procurement system changes or deletes it). A paid card order is refunded.
 */
export function decideCustomerCancel(
  order: Pick<Order, 'status' | 'paymentStatus' | 'channel'>,
): CustomerCancelDecision {
  const refusal = customerCancelRefusal(order.status);
  if (refusal) return { ok: false, reason: refusal };
  if (order.channel === 'punchout') return { ok: false, reason: ORDER_MESSAGES.cancelThroughPurchaseOrder };
  return { ok: true, from: order.status, refund: paymentCaptured(order.paymentStatus) };
}

/** Why an order's page offers no Cancel: it is in production or further along (null while it may be cancelled). */
export function customerCancelRefusal(status: OrderStatus): string | null {
  if (ORDER_LIFECYCLE.can(status, 'customerCancel')) return null;
  if (status === 'cancelled') return ORDER_MESSAGES.alreadyCancelled;
  return status === 'inProduction' || status === 'readyToShip'
    ? ORDER_MESSAGES.cancelInProduction
    : ORDER_MESSAGES.cancelAfterShipping;
}

/**
 * What the payment provider has said about a card order's payment, as recorded on the order. Its
 * events arrive in any order, each recorded as it comes; the payment status is decided from all
 * of them (decidePaymentStatus), so it does not hang on which came first.
 */
export interface PaymentRecord {
  totalCents: number;
  /** What a completed checkout took (null: no payment reported yet). */
  amountPaidCents: number | null;
  /** The checkout session that payment came through, and the one the order uses now. */
  paymentCheckoutSessionId: string | null;
  checkoutSessionId: string | null;
  /** The most the provider has reported refunded of the order's charge (its figure is the running total). */
  amountRefundedCents: number;
  /** The order's payment page ran out, or its delayed payment failed. */
  checkoutEnded: 'expired' | 'failed' | null;
  /** Staff cancelled the order. */
  cancelled: boolean;
  /** The order became paid (what follows a payment ran from then): only a refund in full moves it on. */
  paid: boolean;
}

export type PaymentDecision = {
  paymentStatus: Exclude<PaymentStatus, 'invoice' | 'invoicePaid'>;
  /** Why a flagged payment is not paid, for staff (the history entry's note); null otherwise. */
  reason: string | null;
};

/**
 * The payment status of a card order from what has been recorded of it. The order becomes paid
 * only when the money taken through its own checkout is its total to the cent, it was not
 * cancelled and nothing was refunded; once paid it stays paid until refunded in full. Money that
 * does not pay the order is flagged for staff with the reason (a refund in full settles it only
 * for an order paid or cancelled before: anything else is still an order staff must decide on).
 * A refund reported before any payment waits for the payment, which it then flags.
 */
export function decidePaymentStatus(record: PaymentRecord): PaymentDecision {
  const { amountPaidCents: paid, amountRefundedCents: refunded } = record;
  if (paid === null) return { paymentStatus: record.checkoutEnded ?? 'pending', reason: null };
  const refundedInFull = refunded >= paid;
  if (record.paid) return { paymentStatus: refundedInFull ? 'refunded' : 'paid', reason: null };
  const flagged = (reason: string): PaymentDecision => ({ paymentStatus: 'flagged', reason });
  if (record.cancelled) {
    return refundedInFull
      ? { paymentStatus: 'refunded', reason: null }
      : flagged(`Paid ${formatCents(paid)} after the order was cancelled: refund it with Cancel.`);
  }
  if (record.paymentCheckoutSessionId !== record.checkoutSessionId) {
    return flagged(
      `Paid ${formatCents(paid)} through checkout ${record.paymentCheckoutSessionId}, which this order no longer uses: check for a second payment.`,
    );
  }
  if (paid !== record.totalCents)
    return flagged(`Paid ${formatCents(paid)}, but the order total is ${formatCents(record.totalCents)}.`);
  if (refunded > 0) {
    return flagged(
      `Paid ${formatCents(paid)}, but the payment provider had refunded ${formatCents(refunded)} of it before the payment was recorded: the order is not paid. Cancel it, or ask the customer.`,
    );
  }
  return { paymentStatus: 'paid', reason: null };
}

/** The carrier's public tracking page for a number, or null (local delivery has none). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const base = CARRIERS[carrier];
  return base === null ? null : `${base}${encodeURIComponent(trackingNumber.replace(/\s+/g, ''))}`;
}

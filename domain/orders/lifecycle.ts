/**
 * The rules of an order's life, pure: its number, what a staff action or a payment does to it by
 * the transition table (ORDER_TRANSITIONS in order.ts), and the carrier's tracking link. The store
 * makes each decision stick with a condition on the statuses it was made from.
 */
import { readableCode } from '../readable-code';
import {
  CARRIERS,
  ORDER_TRANSITIONS,
  type Carrier,
  type Order,
  type OrderStatus,
  type PaymentStatus,
  type StaffAction,
} from './order';

export const ORDER_NUMBER_LENGTH = 6;

/** HBB- and six characters chosen by the given random bytes (at least six). */
export function orderNumber(randomBytes: Uint8Array): string {
  return `HBB-${readableCode(randomBytes, ORDER_NUMBER_LENGTH)}`;
}

/** Money was taken for the order (a flagged payment too), so cancelling it refunds. */
export function paymentCaptured(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'flagged';
}

/**
 * What the refunds of an order may add up to, whoever makes them (a staff cancel, returns): what its
 * payment took, or for an order on invoice what its invoice bills (staff credit it there).
 */
export function refundableCentsOf(order: Pick<Order, 'paymentStatus' | 'amountPaidCents' | 'totals'>): number {
  return order.paymentStatus === 'invoice' ? order.totals.totalCents : (order.amountPaidCents ?? 0);
}

const ACTION_VERBS: Record<StaffAction, string> = { ship: 'shipped', deliver: 'marked delivered', cancel: 'cancelled' };

export type StaffTransitionDecision =
  | { ok: true; from: OrderStatus; to: OrderStatus; refund: boolean }
  | { ok: false; reason: string };

/**
 * What a staff action does to an order in its current statuses, or why it may not. A cancelled
 * order whose payment is still captured (the refund failed at the provider after the cancel was
 * recorded) may be cancelled again: that retries the refund, under the same idempotency key.
 */
export function decideStaffTransition(order: Pick<Order, 'status' | 'paymentStatus'>, action: StaffAction): StaffTransitionDecision {
  const transition = ORDER_TRANSITIONS[action];
  if (action === 'cancel' && order.status === 'cancelled' && paymentCaptured(order.paymentStatus)) {
    return { ok: true, from: 'cancelled', to: 'cancelled', refund: true };
  }
  if (!(transition.from as readonly OrderStatus[]).includes(order.status)) {
    return { ok: false, reason: `This order is ${order.status}: it can be ${ACTION_VERBS[action]} only when it is ${transition.from.join(' or ')}.` };
  }
  if (action === 'ship' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'invoice') {
    return { ok: false, reason: `This order's payment is ${order.paymentStatus}: only a paid order, or one on invoice, can be shipped.` };
  }
  return { ok: true, from: order.status, to: transition.to, refund: action === 'cancel' && paymentCaptured(order.paymentStatus) };
}

/**
 * A completed payment: the order becomes paid only when the amount paid is its total to the cent;
 * any other amount is flagged for staff and the order stays pending.
 */
export function paymentOutcome(totalCents: number, amountPaidCents: number): 'paid' | 'flagged' {
  return amountPaidCents === totalCents ? 'paid' : 'flagged';
}

/** The carrier's public tracking page for a number, or null (local delivery has none). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const base = CARRIERS[carrier];
  return base === null ? null : `${base}${encodeURIComponent(trackingNumber.replace(/\s+/g, ''))}`;
}

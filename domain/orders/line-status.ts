/**
 * A line's own life beside its order's (issue 29, docs/decisions/0076-line-status.md): staff
 * backorder a line, have it remade, put it back in the order or cancel it, each with a note the
 * customer reads. Cancelling a line gives back its share of what the order charged: refunded to the
 * card of a paid order, credited on the invoice of an order billed on one. Pure; the store makes a
 * move stick with a condition on the line's status and the order's.
 */
import * as z from 'zod';
import { refundCentsOf } from '../returns/return-request';
import { defineStateMachine } from '../state-machine';
import { multiLineText } from '../text';
import { billedOnInvoice, ORDER_STATUS_WORDS, paymentCaptured } from './lifecycle';
import type { Order, OrderLine } from './order';
import {
  LINE_ACTIONS,
  LINE_STATUS_LABELS,
  LINE_STATUSES,
  LINE_TRANSITIONS,
  lineStatusOf,
  type LineAction,
  type LineStatus,
  type OrderStatus,
} from './statuses';

export const LINE_LIFECYCLE = defineStateMachine({
  subject: 'order line',
  states: LINE_STATUSES,
  initial: ['ordered'],
  terminal: ['cancelled'],
  transitions: LINE_TRANSITIONS,
});

/**
 * The order statuses a line may be moved in: once the order is placed (paid or on invoice) and
 * until it ships, when its lines are still being made. After that a line is returned or remade
 * through a return request.
 */
const LINE_MOVABLE_IN: readonly OrderStatus[] = ['processing', 'inProduction', 'readyToShip'];

const LINE_ACTION_VERBS: Record<LineAction, string> = {
  backorder: 'backordered',
  remake: 'remade',
  resume: 'put back in the order',
  cancelLine: 'cancelled',
};

export const LINE_MESSAGES = {
  notFound: 'This order has no such line.',
  lastLine: 'This is the order’s only line left: cancel the order instead.',
  inReturn: 'Some of this line’s blinds are in a return or remake request: decide that request instead.',
  changedMeanwhile: 'This line changed while you were working on it. Please reload the order and try again.',
  refundFailed:
    'The refund could not be made at the payment provider. The line is cancelled; please try Cancel line again to retry the refund.',
} as const;

/** POST /api/admin/orders/{orderId}/lines/{position}/transitions: a line's move and the note the customer reads with it. */
export const lineTransitionRequestSchema = z.object({
  action: z.enum(LINE_ACTIONS, { error: 'Please choose backorder, remake, resume or cancel line.' }),
  note: multiLineText('Note').max(500, 'Please shorten the note to 500 characters.').optional().default(''),
});
export type LineTransitionRequest = z.input<typeof lineTransitionRequestSchema>;

/**
 * What cancelling a line gives back: its blinds at what was paid for them (their price less their
 * share of the order's discounts) and the tax charged on that, as a return of the whole line is
 * refunded (refundCentsOf). Shipping and installation stay charged: the order still ships and is
 * installed, and their price is not per line.
 */
export function lineRefundCents(order: Pick<Order, 'totals' | 'lines'>, position: number): number {
  const line = order.lines.find((candidate) => candidate.position === position);
  return line ? refundCentsOf(order, 'return', [{ position, quantity: line.quantity }]) : 0;
}

/** How a cancelled line's share goes back: to the card (a captured payment), on the invoice, or not at all (nothing taken). */
export type LineGiveBack = 'refund' | 'credit' | 'none';

export type LineTransitionDecision =
  | { ok: true; from: LineStatus; to: LineStatus; giveBack: LineGiveBack; amountCents: number }
  | { ok: false; reason: string };

function giveBackOf(order: Pick<Order, 'paymentStatus'>): LineGiveBack {
  if (paymentCaptured(order.paymentStatus)) return 'refund';
  return billedOnInvoice(order.paymentStatus) ? 'credit' : 'none';
}

/**
 * What a staff action does to one line of an order, or why it may not. A cancelled line whose
 * share was not given back yet (the provider refused the refund after the cancel was recorded) may
 * be cancelled again: that retries the refund under the same idempotency key, never a second one.
 */
export function decideLineTransition(
  order: Pick<Order, 'status' | 'paymentStatus' | 'lines' | 'totals'>,
  position: number,
  action: LineAction,
): LineTransitionDecision {
  const line = order.lines.find((candidate) => candidate.position === position);
  if (!line) return { ok: false, reason: LINE_MESSAGES.notFound };
  const from = lineStatusOf(line);
  const giveBack = giveBackOf(order);
  const amountCents = action === 'cancelLine' && giveBack !== 'none' ? lineRefundCents(order, position) : 0;
  if (action === 'cancelLine' && from === 'cancelled' && line.refundedCents === undefined && giveBack !== 'none')
    return { ok: true, from, to: 'cancelled', giveBack, amountCents };
  if (!LINE_MOVABLE_IN.includes(order.status)) {
    return {
      ok: false,
      reason: `This order is ${ORDER_STATUS_WORDS[order.status]}: its lines can be changed only while it is processing, in production or ready to ship.`,
    };
  }
  if (!LINE_LIFECYCLE.can(from, action)) {
    const allowed = LINE_TRANSITIONS[action].from.map((status) => LINE_STATUS_LABELS[status].toLowerCase());
    return {
      ok: false,
      reason: `This line is ${LINE_STATUS_LABELS[from].toLowerCase()}: it can be ${LINE_ACTION_VERBS[action]} only when it is ${allowed.join(' or ')}.`,
    };
  }
  if (action === 'cancelLine') {
    if (order.lines.every((other) => other.position === position || lineStatusOf(other) === 'cancelled'))
      return { ok: false, reason: LINE_MESSAGES.lastLine };
    if ((line.claimedQuantity ?? 0) > 0) return { ok: false, reason: LINE_MESSAGES.inReturn };
  }
  return {
    ok: true,
    from,
    to: LINE_TRANSITIONS[action].to,
    giveBack: action === 'cancelLine' ? giveBack : 'none',
    amountCents,
  };
}

/** The history entry's note of a line's move: which line, where it went, and the staff note. */
export function lineMoveNote(line: Pick<OrderLine, 'position' | 'title'>, to: LineStatus, note: string): string {
  return `Line ${line.position} (${line.title}): ${LINE_STATUS_LABELS[to].toLowerCase()}${note ? `. ${note}` : ''}`;
}

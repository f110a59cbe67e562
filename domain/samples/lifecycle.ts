/**
 * A sample request's life (issue 29), on the one state machine (decision 0046). A request on its own
 * waits for its $15 sample shipping to be paid by card (`awaitingPayment`); paid, or made from a paid
 * order whose total carried the $15, it is `requested`: staff send it with a carrier and tracking
 * number (`sent`), then mark it `delivered`. A payment page that ran out unpaid ends it (`expired`);
 * its samples are still in the shopper's sample cart. Each move the shopper should hear of says so
 * in its effect (`mail`), and the store commits that event with the move.
 */
import * as z from 'zod';
import { trackingUrl } from '../orders/lifecycle';
import { CARRIER_NAMES, type Carrier } from '../orders/carriers';
import { formatCents } from '../pricing/money';
import { defineStateMachine, type HistoryEntry } from '../state-machine';
import { SAMPLE_SHIPPING_CENTS } from './messages';
import { SAMPLE_REFERENCE_PATTERN, SAMPLE_REQUEST_STATUSES, type SampleRequestStatus } from './sample';

export const SAMPLE_REQUEST_STATUS_LABELS: Record<SampleRequestStatus, string> = {
  awaitingPayment: 'Awaiting payment',
  requested: 'To send',
  sent: 'Sent',
  delivered: 'Delivered',
  expired: 'Payment not completed',
};

export const SAMPLE_REQUEST_TRANSITIONS = {
  /** The verified payment webhook: the $15 was paid. */
  pay: { from: ['awaitingPayment'], to: 'requested' },
  /** The payment page ran out unpaid. */
  expire: { from: ['awaitingPayment'], to: 'expired' },
  send: { from: ['requested'], to: 'sent' },
  deliver: { from: ['sent'], to: 'delivered' },
} as const satisfies Record<string, { from: readonly SampleRequestStatus[]; to: SampleRequestStatus }>;
export type SampleRequestTransition = keyof typeof SAMPLE_REQUEST_TRANSITIONS;

/** Staff's moves from the admin tab. */
export const SAMPLE_STAFF_ACTIONS = ['send', 'deliver'] as const satisfies readonly SampleRequestTransition[];
export type SampleStaffAction = (typeof SAMPLE_STAFF_ACTIONS)[number];

export interface SampleShipment {
  carrier: Carrier;
  trackingNumber: string;
  /** The carrier's tracking page; null for local delivery. */
  trackingUrl: string | null;
  shippedAt: string;
}

export interface SamplePayment {
  checkoutSessionId: string;
  paymentIntentId: string | null;
  amountPaidCents: number;
}

/** Who moved a request: a staff member's user id, or `payment` for the verified webhook. */
export type SampleRequestActor = string;
export type SampleRequestHistoryEntry = HistoryEntry<SampleRequestStatus, SampleRequestActor>;

/** What entering a status sets on the request, and whether the shopper is mailed of it. */
export interface SampleRequestEntryEffect {
  set: { paidAt?: string; payment?: SamplePayment; shipment?: SampleShipment; deliveredAt?: string };
  mail: boolean;
}

export const SAMPLE_REQUEST_LIFECYCLE = defineStateMachine<
  SampleRequestStatus,
  typeof SAMPLE_REQUEST_TRANSITIONS,
  SampleRequestActor,
  { pay: SamplePayment; send: { carrier: Carrier; trackingNumber: string } },
  SampleRequestEntryEffect
>({
  subject: 'sample request',
  states: SAMPLE_REQUEST_STATUSES,
  initial: ['awaitingPayment', 'requested'],
  terminal: ['delivered', 'expired'],
  transitions: SAMPLE_REQUEST_TRANSITIONS,
  onEnter: {
    requested: ({ at, input }) => ({
      effect: { set: { paidAt: at, payment: input }, mail: true },
      // A payment of another amount than the flat shipping is kept, and staff read why in the history.
      note:
        input.amountPaidCents === SAMPLE_SHIPPING_CENTS
          ? `Paid ${formatCents(input.amountPaidCents)}`
          : `Paid ${formatCents(input.amountPaidCents)}, not ${formatCents(SAMPLE_SHIPPING_CENTS)}: please check the payment`,
    }),
    expired: () => ({ effect: { set: {}, mail: false }, note: 'The payment page ran out unpaid' }),
    sent: ({ at, input: { carrier, trackingNumber } }) => ({
      effect: {
        set: {
          shipment: { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber), shippedAt: at },
        },
        mail: true,
      },
      note: `${carrier} ${trackingNumber}`,
    }),
    delivered: ({ at }) => ({ effect: { set: { deliveredAt: at }, mail: true }, note: null }),
  },
});

const ACTION_VERBS: Record<SampleStaffAction, string> = { send: 'sent', deliver: 'marked delivered' };

/** Why staff may not make the move from the request's status, or null when they may. */
export function sampleStaffRefusal(status: SampleRequestStatus, action: SampleStaffAction): string | null {
  if (SAMPLE_REQUEST_LIFECYCLE.can(status, action)) return null;
  const from = SAMPLE_REQUEST_TRANSITIONS[action].from.map((state) =>
    SAMPLE_REQUEST_STATUS_LABELS[state].toLowerCase(),
  );
  return `This request is ${SAMPLE_REQUEST_STATUS_LABELS[status].toLowerCase()}: it can be ${ACTION_VERBS[action]} only when it is ${from.join(' or ')}.`;
}

/** Requests one staff move takes at most: a day's post, and one answer the tab shows row by row. */
export const MAX_SAMPLE_REQUESTS_PER_MOVE = 50;

const referenceSchema = z.string().regex(SAMPLE_REFERENCE_PATTERN, 'Please choose sample requests from the list.');

/** POST /api/admin/sample-requests/send: each request with its own carrier and tracking number. */
export const sendSampleRequestsSchema = z.object({
  shipments: z
    .array(
      z.object({
        reference: referenceSchema,
        carrier: z.enum(CARRIER_NAMES, { error: 'Please choose a carrier.' }),
        trackingNumber: z
          .string({ error: 'Please enter the tracking number.' })
          .trim()
          .min(1, 'Please enter the tracking number.')
          .max(60, 'Please enter a tracking number of at most 60 characters.')
          .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has only letters, digits, spaces and hyphens.'),
      }),
    )
    .min(1, 'Please choose at least one sample request.')
    .max(MAX_SAMPLE_REQUESTS_PER_MOVE, `Please send at most ${MAX_SAMPLE_REQUESTS_PER_MOVE} requests at once.`)
    .refine(
      (shipments) => new Set(shipments.map((s) => s.reference)).size === shipments.length,
      'Each request once, please.',
    ),
});
export type SendSampleRequestsInput = z.input<typeof sendSampleRequestsSchema>;

/** POST /api/admin/sample-requests/deliver */
export const deliverSampleRequestsSchema = z.object({
  references: z
    .array(referenceSchema)
    .min(1, 'Please choose at least one sample request.')
    .max(MAX_SAMPLE_REQUESTS_PER_MOVE, `Please mark at most ${MAX_SAMPLE_REQUESTS_PER_MOVE} requests at once.`)
    .refine((references) => new Set(references).size === references.length, 'Each request once, please.'),
});

/** One request's outcome of a staff move: moved, or why not (the others are moved regardless). */
export type SampleMoveResult =
  { reference: string; ok: true; status: SampleRequestStatus } | { reference: string; ok: false; reason: string };

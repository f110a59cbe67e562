/**
 * The order record and its parts (channel, number, lines, totals, shipment, customer), where its
 * invoice PDF is kept, the one list of a new order's fields, and its history entries. Shared by the
 * handlers, the event contracts and the browser; the statuses are in statuses.ts, the routes'
 * bodies in requests.ts and responses.ts (README.md beside this file lists the routes).
 */
import * as z from 'zod';
import {
  checkoutAddressSchema,
  checkoutCustomerSchema,
  checkoutLineSchema,
  orderSampleSchema,
} from '../checkout/checkout';
import { deliveryEstimateSchema } from '../calendar/estimate-schema';
import { PAYMENT_TERMS } from '../accounts/payment-terms';
import { QUOTE_CHARGE_KINDS } from '../customer-quotes/charges';
import { discountSchema } from '../pricing/discount-schema';
import { priceReviewSchema, purchaseOrderSchema } from '../punchout/purchase-order';
import { CARRIER_NAMES } from './carriers';
import { ACTOR_KINDS, LINE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './statuses';

/**
 * Where an order came from: `card` the shop's checkout (paid by card through the hosted checkout),
 * `punchout` a procurement system's OrderRequest (paid on invoice), `account` the shop's checkout by
 * a client on payment terms (billed on invoice under their terms, holding credit until paid).
 * Records written before channels existed are card orders.
 */
export const ORDER_CHANNELS = ['card', 'punchout', 'account'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** HBB- and six characters without 0/O or 1/I, so a number read over the phone is not misheard. */
export const ORDER_NUMBER_PATTERN = /^HBB-[2-9A-HJ-NP-Z]{6}$/;

/**
 * Where the invoice PDF of an order lives in the uploads bucket. The OrderPaid consumer renders it
 * there; GET /api/orders/{orderId}/invoice answers a presigned URL once it exists.
 */
export function invoiceObjectKey(orderId: string): string {
  return `invoices/${orderId}.pdf`;
}

const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime();

/** An order line: a copy of the cart line at placing, so later grid changes never alter it. */
export const orderLineSchema = checkoutLineSchema.extend({
  /** 1-based position in the order. */
  position: z.number().int().positive(),
  /**
   * How many of the line's blinds are in a return or remake request that was not declined: each
   * blind is in at most one (decision 0022). Absent until the first request.
   */
  claimedQuantity: z.number().int().nonnegative().optional(),
  /** What staff should know of the line: "measure check: confirmed by customer" (a size the fit check questioned, kept). */
  note: z.string().optional(),
  /** The line's own status (absent: `ordered`), the note staff gave with its last move (the customer reads it) and when. */
  status: z.enum(LINE_STATUSES).optional(),
  statusNote: z.string().optional(),
  statusChangedAt: isoTime.optional(),
  /** What cancelling the line gave back (refunded to the card, or credited on the invoice), once recorded. */
  refundedCents: cents.optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The order's amounts, in cents; `subtotalCents` is the old shop's total_amount and `totalCents` its final_amount. */
export const orderTotalsSchema = z.object({
  blindCount: z.number().int().nonnegative(),
  /** The blinds at their unit prices, before any discount. */
  subtotalCents: cents,
  /** The sum of `discounts`, taken off the blinds (orders placed before discounts existed have none). */
  discountCents: cents.default(0),
  discounts: z.array(discountSchema).default([]),
  /** 8% of the blinds less their discount. */
  taxCents: cents,
  shippingCents: cents,
  sampleShippingCents: cents,
  installationCents: cents,
  /** What staff added to the quote the order was accepted from (freight, old-blind removal, high-ladder work); absent otherwise. */
  charges: z.array(z.object({ kind: z.enum(QUOTE_CHARGE_KINDS), label: z.string().max(80), cents })).optional(),
  totalCents: cents,
});
export type OrderTotals = z.infer<typeof orderTotalsSchema>;

export const shipmentSchema = z.object({
  carrier: z.enum(CARRIER_NAMES),
  trackingNumber: z.string(),
  /** The carrier's tracking page for the number; null for local delivery. */
  trackingUrl: z.url().nullable(),
  shippedAt: isoTime,
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const orderCustomerSchema = checkoutCustomerSchema;
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** The order record, as the table stores it without its keys. */
export const orderSchema = z.object({
  id: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  clientId: z.string(),
  customer: orderCustomerSchema,
  shippingAddress: checkoutAddressSchema,
  billingAddress: checkoutAddressSchema,
  /** Professional installation asked for (DFW metro only); booked once the order is paid. */
  installation: z.boolean(),
  notes: z.string(),
  lines: z.array(orderLineSchema),
  samples: z.array(orderSampleSchema),
  totals: orderTotalsSchema,
  /** The hosted checkout session: the spec's stripe_session_id, shown as Payment ID. Null until created. */
  checkoutSessionId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  /** What the payment provider reported as paid, in cents; null before any payment. */
  amountPaidCents: cents.nullable(),
  paidAt: isoTime.nullable(),
  /** When each production stage was entered (null until then, and for a stage the order passed without a move). */
  productionStartedAt: isoTime.nullable(),
  readyToShipAt: isoTime.nullable(),
  shipment: shipmentSchema.nullable(),
  deliveredAt: isoTime.nullable(),
  installedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  refundedAt: isoTime.nullable(),
  /** The buyer's purchase order a punch-out order was made from; null for a card order. */
  purchaseOrder: purchaseOrderSchema.nullable(),
  /** A punch-out order's lines whose price or identity staff must check; null for a card order. */
  priceReview: priceReviewSchema.nullable(),
  /** The buyer's PO number an on-account order was placed with (poNumberField); null for other orders. */
  poNumber: z.string().nullable(),
  /** The payment terms an on-account order was placed under, kept as they were then; null for other orders. */
  paymentTerms: z.enum(PAYMENT_TERMS).nullable(),
  /** The dates promised when the order was placed at checkout (calendar/calendar.ts); null for older orders and those placed otherwise. */
  estimate: deliveryEstimateSchema.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * The fields of an order that start null and get their value as it goes on: its checkout, payment,
 * shipment and end (a card order's purchase order and price review stay null, as do the PO number
 * and terms of any order not placed on account), and the ones only some orders have (the delivery
 * estimate of an order placed at checkout).
 */
export const ORDER_FIELDS_STARTING_NULL = [
  'checkoutSessionId',
  'paymentIntentId',
  'amountPaidCents',
  'paidAt',
  'productionStartedAt',
  'readyToShipAt',
  'shipment',
  'deliveredAt',
  'installedAt',
  'cancelledAt',
  'refundedAt',
  'purchaseOrder',
  'priceReview',
  'poNumber',
  'paymentTerms',
  'estimate',
] as const satisfies ReadonlyArray<keyof Order>;
type FieldStartingNull = (typeof ORDER_FIELDS_STARTING_NULL)[number];

/** What placing decides about an order (a punch-out order its purchase order and price review too). */
export type NewOrderInput = Omit<Order, 'orderNumber' | 'updatedAt' | FieldStartingNull> &
  Partial<Pick<Order, FieldStartingNull>>;

/** A new order, the one list of its fields: what placing decided, the rest null; its number is drawn as it is stored. */
export function newOrder(input: NewOrderInput): Omit<Order, 'orderNumber'> {
  const nulls = Object.fromEntries(ORDER_FIELDS_STARTING_NULL.map((field) => [field, null])) as {
    [F in FieldStartingNull]: null;
  };
  return { ...nulls, ...input, updatedAt: input.createdAt };
}

/** What happened to an order, who did it and when; staff see the list in the order's detail. */
export const HISTORY_EVENTS = [
  'placed',
  'paid',
  'paymentFlagged',
  'paymentFailed',
  'paymentExpired',
  /** A retried placement of an order whose payment page ran out or whose payment failed opened a new page. */
  'checkoutReopened',
  'productionStarted',
  'readyToShip',
  'shipped',
  'delivered',
  'installed',
  'cancelled',
  'refunded',
  /** The buyer sent an OrderRequest of type update (or delete) for a punch-out order. */
  'purchaseOrderChanged',
  /** The Stripe invoice of an order on account was paid (decision 0061). */
  'invoicePaid',
  /** Staff moved one line (backordered, remade, back in the order, cancelled): the note names the line. */
  'lineChanged',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

export const orderHistoryEntrySchema = z.object({
  at: isoTime,
  event: z.enum(HISTORY_EVENTS),
  actor: z.object({
    kind: z.enum(ACTOR_KINDS),
    /** The client or staff user id (Cognito sub); the payment provider's event id for `payment`. */
    id: z.string().nullable(),
  }),
  /** The order's statuses after the change. */
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** E.g. the carrier and tracking number, the amounts of a flagged payment, a cancel reason. */
  note: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

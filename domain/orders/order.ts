/**
 * Orders: the order and order-line records, the statuses and their transition table, and the
 * request and response bodies of the order routes (listed in README.md beside this file). Shared by
 * the handlers, the event contracts and the browser.
 */
import * as z from 'zod';
import {
  checkoutAddressSchema,
  checkoutCustomerSchema,
  checkoutLineSchema,
  orderSampleSchema,
} from '../checkout/checkout';
import { installationVisitSummarySchema } from '../appointments/installation-choices';
import { deliveryEstimateSchema } from '../calendar/estimate-schema';
import { DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../accounts/customer-directory';
import { PAYMENT_TERMS } from '../accounts/payment-terms';
import { QUOTE_CHARGE_KINDS } from '../customer-quotes/charges';
import { discountSchema } from '../pricing/discount-schema';
import { priceReviewSchema, purchaseOrderSchema } from '../punchout/purchase-order';

/**
 * The old shop's statuses, `cancelled` for the staff cancel of issue 9, and the production stages
 * of issue 29 (docs/decisions/0065-production-stages.md): `processing` is the stage "placed" (paid,
 * or on invoice, and not yet in production; every order stored before the stages reads so), then
 * `inProduction`, `readyToShip`, `shipped`, `delivered` and, where installation was bought,
 * `installed`. Tracking shows pending as Order Received; anything it does not know as Unknown.
 */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'inProduction',
  'readyToShip',
  'shipped',
  'delivered',
  'installed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where an order came from: `card` the shop's checkout (paid by card through the hosted checkout),
 * `punchout` a procurement system's OrderRequest (paid on invoice), `account` the shop's checkout by
 * a client on payment terms (billed on invoice under their terms, holding credit until paid).
 * Records written before channels existed are card orders.
 */
export const ORDER_CHANNELS = ['card', 'punchout', 'account'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/**
 * The payment of an order: `pending` until the payment provider's webhook says otherwise; `paid`
 * once (with the order total, to the cent); `flagged` when the amount paid is not the order's
 * total (staff decide, the order is not paid); `failed` / `expired` when the hosted checkout failed
 * or ran out; `refunded` once the provider refunded the charge; `invoice` a punch-out or on-account
 * order, billed by an invoice (no card payment, nothing to refund); `invoicePaid` an on-account
 * order whose Stripe invoice was paid (still billed on invoice: its channel says it was on account,
 * and what is returned is credited by staff, not refunded to a card).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'flagged',
  'failed',
  'expired',
  'refunded',
  'invoice',
  'invoicePaid',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Where staff find an order in the admin Orders tab: under its status, or a checkout whose payment
 * page ended unpaid under `abandoned`, never among pending orders (staffListingOf, decision 0039).
 */
export const ORDER_LISTINGS = [...ORDER_STATUSES, 'abandoned'] as const;
export type OrderListing = (typeof ORDER_LISTINGS)[number];

/** Pending shows Order Received on tracking and Pending in My Account. */
export const TRACKING_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Order Received',
  processing: 'Processing',
  inProduction: 'In Production',
  readyToShip: 'Ready to Ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  installed: 'Installed',
  cancelled: 'Cancelled',
};
export const ACCOUNT_STATUS_LABELS: Record<OrderStatus, string> = { ...TRACKING_STATUS_LABELS, pending: 'Pending' };
export const UNKNOWN_STATUS_LABEL = 'Unknown';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  flagged: 'Under review',
  failed: 'Failed',
  expired: 'Expired',
  refunded: 'Refunded',
  invoice: 'On invoice',
  invoicePaid: 'Invoice paid',
};

/** Who moves an order. */
export const ACTOR_KINDS = ['customer', 'staff', 'payment'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/**
 * The lifecycle, declared once: which status each transition leaves from, where it goes and who
 * may make it. pending → processing only by payment (the verified webhook); then the production
 * stages, each a staff move: processing → inProduction → readyToShip → shipped (with a carrier and
 * tracking number; also straight from processing or inProduction, for stock and for orders made
 * before stages were recorded) → delivered → installed (only an order with installation bought;
 * also what a crew's completed installation will make). Staff cancel until the order ships,
 * the customer until it is in production; a cancel refunds a paid order through the payment
 * provider. Anything else is refused with 409 and a reason.
 */
export const ORDER_TRANSITIONS = {
  pay: { from: ['pending'], to: 'processing', by: 'payment' },
  startProduction: { from: ['processing'], to: 'inProduction', by: 'staff' },
  markReady: { from: ['inProduction'], to: 'readyToShip', by: 'staff' },
  ship: { from: ['processing', 'inProduction', 'readyToShip'], to: 'shipped', by: 'staff' },
  deliver: { from: ['shipped'], to: 'delivered', by: 'staff' },
  install: { from: ['delivered'], to: 'installed', by: 'staff' },
  cancel: { from: ['pending', 'processing', 'inProduction', 'readyToShip'], to: 'cancelled', by: 'staff' },
  customerCancel: { from: ['pending', 'processing'], to: 'cancelled', by: 'customer' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: ActorKind }>;
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** What staff may ask for in the admin Orders tab. */
export const STAFF_ACTIONS = [
  'startProduction',
  'markReady',
  'ship',
  'deliver',
  'install',
  'cancel',
] as const satisfies readonly OrderTransition[];
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** What staff may do to many selected orders at once (a production batch): the moves that carry nothing of their own. */
export const BATCH_ACTIONS = [
  'startProduction',
  'markReady',
  'deliver',
  'install',
] as const satisfies readonly StaffAction[];
export type BatchAction = (typeof BATCH_ACTIONS)[number];

/** The most orders one batch move takes: each is its own conditional write, made one after another. */
export const MAX_BATCH_ORDERS = 100;

/**
 * A line's own status, beside its order's (issue 29): `ordered` (made with the order; lines stored
 * before line statuses read so), `backordered` (waiting for its material), `remake` (being made
 * again), `cancelled` (taken out of the order, its share refunded or credited). Moved by staff,
 * each move with a note the customer reads (line-status.ts has the rules).
 */
export const LINE_STATUSES = ['ordered', 'backordered', 'remake', 'cancelled'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export const LINE_STATUS_LABELS: Record<LineStatus, string> = {
  ordered: 'Ordered',
  backordered: 'Backordered',
  remake: 'Being remade',
  cancelled: 'Cancelled',
};

/** A line's status: lines stored before line statuses are `ordered`. */
export function lineStatusOf(line: { status?: LineStatus }): LineStatus {
  return line.status ?? 'ordered';
}

/** What the customer reads of a line's status ("Backordered: fabric due Dec 10"), or null for a line simply ordered. */
export function lineStatusText(line: { status?: LineStatus; statusNote?: string }): string | null {
  const status = lineStatusOf(line);
  if (status === 'ordered') return null;
  return line.statusNote ? `${LINE_STATUS_LABELS[status]}: ${line.statusNote}` : LINE_STATUS_LABELS[status];
}

/** A line's transitions, all staff moves; cancelled is final. */
export const LINE_TRANSITIONS = {
  backorder: { from: ['ordered', 'remake'], to: 'backordered' },
  remake: { from: ['ordered', 'backordered'], to: 'remake' },
  resume: { from: ['backordered', 'remake'], to: 'ordered' },
  cancelLine: { from: ['ordered', 'backordered', 'remake'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly LineStatus[]; to: LineStatus }>;
export type LineAction = keyof typeof LINE_TRANSITIONS;
export const LINE_ACTIONS = Object.keys(LINE_TRANSITIONS) as [LineAction, ...LineAction[]];

/** Carriers staff ship with, and the public tracking page of each (null: no public page). */
export const CARRIERS = {
  UPS: 'https://www.ups.com/track?tracknum=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  DHL: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=',
  'Local delivery': null,
} as const satisfies Record<string, string | null>;
export const CARRIER_NAMES = Object.keys(CARRIERS) as [keyof typeof CARRIERS, ...(keyof typeof CARRIERS)[]];
export type Carrier = keyof typeof CARRIERS;

/** HBB- and six characters without 0/O or 1/I, so a number read over the phone is not misheard. */
export const ORDER_NUMBER_PATTERN = /^HBB-[2-9A-HJ-NP-Z]{6}$/;

/**
 * An order id or a hosted checkout session id as a path may name one: order ids are base64url
 * digests (22 characters), Stripe's ids `cs_…` of at most 255. Anything else names no order, and is
 * never used as a table key (an over-long one is refused by DynamoDB: a 500, not the 404 it is).
 */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,252}$/);

/**
 * Where the invoice PDF of an order lives in the uploads bucket. The OrderPaid consumer renders it
 * there; GET /api/orders/{orderId}/invoice answers a presigned URL once it exists.
 */
export function invoiceObjectKey(orderId: string): string {
  return `invoices/${orderId}.pdf`;
}

/**
 * Order look-ups at /track-order from one client address in an hour. The page needs a number and the
 * e-mail it was placed with, and a wrong pair answers like a missing order; counting look-ups per
 * address keeps anyone from trying pairs at the API's whole throttle. A customer checking an order
 * now and then never comes near it.
 */
export const TRACKING_LOOKUPS_PER_ADDRESS = { limit: 30, windowSeconds: 3600 } as const;

/** The old shop's texts, and ours where it had none. */
export const ORDER_MESSAGES = {
  /** The success page, and every order a caller may not see: one answer, whether it exists or not. */
  notFound: 'Order Not Found',
  /** A wrong number and a wrong e-mail give the same answer. */
  trackingNotFound: 'Order not found. Please check your order number and email address.',
  trackingFailed: 'An error occurred while tracking your order. Please try again.',
  /** Tracking needs both fields. */
  trackingMissing: 'Please enter both order number and email address',
  successLoadFailed: 'Could not load order details.',
  invoiceNotReady: 'Your invoice is not ready yet. Please try again in a minute.',
  refundFailed:
    'The refund could not be made at the payment provider. The order is cancelled; please try Cancel again to retry the refund.',
  searchInvalid: 'Search by an order number (HBB-…) or an e-mail address.',
  /** The customer's Cancel: offered until production starts, and why not after. */
  cancelInProduction:
    'Your order is in production: your blinds are being made to your measurements, so it can no longer be cancelled online. Please contact us if something is wrong.',
  cancelAfterShipping:
    'Your order has left our workshop, so it can no longer be cancelled. If something is not right once it arrives, you can start a return.',
  alreadyCancelled: 'This order is already cancelled.',
  customerChangedMeanwhile:
    'Your order changed while you were cancelling it. Please reload the page to see where it stands.',
  customerRefundFailed:
    'Your order is cancelled, but the refund could not be started just now. We will refund it to your card and e-mail you when it is done.',
  cancelThroughPurchaseOrder: 'This order was placed through your purchasing system: please change or cancel it there.',
  /** Another staff member, or the payment provider, changed the order between reading and writing. */
  changedMeanwhile: 'This order changed while you were working on it. Please reload it and try again.',
} as const;

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

/* ---------- Responses ---------- */

/** A row of My Account's Order History. */
export const orderSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: isoTime,
  totalCents: cents,
  blindCount: z.number().int().nonnegative(),
  sampleCount: z.number().int().nonnegative(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** 200 of GET /api/orders: the caller's orders, newest first. */
export const myOrdersResponseSchema = z.object({ orders: z.array(orderSummarySchema) });
export type MyOrdersResponse = z.infer<typeof myOrdersResponseSchema>;

/**
 * 200 of GET /api/orders/{orderId} and GET /api/checkout/sessions/{checkoutSessionId} (the success
 * page): the whole order. `invoiceUrl` is a short-lived download link once the invoice exists.
 */
export const orderDetailSchema = orderSchema.omit({ clientId: true }).extend({
  invoiceUrl: z.url().nullable(),
  /** The installation visit of an order that bought installation (null otherwise, or for an order placed before visits). */
  installationVisit: installationVisitSummarySchema.nullable(),
  /**
   * For the signed-in owner (My Account), the page that books or moves the visit (the signed link
   * the order's mail carries) while the visit can still be booked; null otherwise.
   */
  installationManagePath: z.string().nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** 200 of GET /api/orders/{orderId}/invoice. */
export const invoiceLinkSchema = z.object({ url: z.url(), expiresAt: isoTime });
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

/** 200 of GET /api/track-order: what anyone with the number and e-mail may see (no billing address, no payment ids). */
export const trackedOrderSchema = orderSchema
  .pick({
    orderNumber: true,
    channel: true,
    status: true,
    paymentStatus: true,
    createdAt: true,
    lines: true,
    samples: true,
    totals: true,
    shippingAddress: true,
    shipment: true,
    installation: true,
    productionStartedAt: true,
    readyToShipAt: true,
    deliveredAt: true,
    installedAt: true,
    cancelledAt: true,
    estimate: true,
  })
  .extend({ statusLabel: z.string() });
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** A row of the admin Orders tab; `missesPromise`: it can no longer arrive by the date promised (promiseOutlook). */
export const adminOrderSummarySchema = orderSummarySchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
  deliveredBy: z.string().nullable(),
  missesPromise: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

/** 200 of GET /api/admin/orders; `nextCursor` is null on the last page. */
export const adminOrdersPageSchema = z.object({
  orders: z.array(adminOrderSummarySchema),
  nextCursor: z.string().nullable(),
});
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

/**
 * A history entry as staff read it: with who acted by name (the order's customer, a staff member's
 * name or e-mail), null when no name is known (the page then says Customer or Staff).
 */
export const adminHistoryEntrySchema = orderHistoryEntrySchema.extend({ actorName: z.string().nullable() });
export type AdminHistoryEntry = z.infer<typeof adminHistoryEntrySchema>;

/** 200 of GET /api/admin/orders/{orderId} and of a transition: the order with its history, oldest first. */
export const adminOrderDetailSchema = orderSchema.extend({
  invoiceUrl: z.url().nullable(),
  history: z.array(adminHistoryEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/* ---------- Requests ---------- */

/** GET /api/track-order?orderNumber=&email= (both required, e-mail trimmed and lower-cased). */
export const trackOrderQuerySchema = z.object({
  orderNumber: z
    .string({ error: ORDER_MESSAGES.trackingMissing })
    .trim()
    .toUpperCase()
    .min(1, ORDER_MESSAGES.trackingMissing)
    .max(40),
  email: z
    .string({ error: ORDER_MESSAGES.trackingMissing })
    .trim()
    .toLowerCase()
    .min(1, ORDER_MESSAGES.trackingMissing)
    .max(254),
});
export type TrackOrderQuery = z.infer<typeof trackOrderQuerySchema>;

const pageSizeMessage = `The page size must be a whole number from 1 to ${DIRECTORY_MAX_PAGE_SIZE}.`;

/**
 * GET /api/admin/orders?status=&q=&cursor=&limit=&missesPromise=: newest first, optionally of one listing (a status, or abandoned checkouts), or the
 * orders matching `q` (an order number, or a customer's e-mail: all their orders on one page), or
 * with `missesPromise=true` every open order that will miss its promised date, on one page.
 */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(ORDER_LISTINGS, { error: 'Please choose a status from the list.' }).optional(),
  missesPromise: z
    .enum(['true', 'false'], { error: 'missesPromise must be true or false.' })
    .optional()
    .transform((flag) => flag === 'true'),
  q: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((q) => (q ? q : undefined)),
  cursor: z.string().min(1).max(2048).optional(),
  limit: z.coerce
    .number()
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(DIRECTORY_MAX_PAGE_SIZE, pageSizeMessage)
    .default(DIRECTORY_PAGE_SIZE),
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

const cancelReasonSchema = z
  .string()
  .trim()
  .max(500, 'Please shorten the reason to 500 characters.')
  .optional()
  .default('');

/** POST /api/admin/orders/{orderId}/transitions: one of the staff actions of the transition table. */
export const orderTransitionRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('ship'),
      carrier: z.enum(CARRIER_NAMES, { error: 'Please choose a carrier.' }),
      trackingNumber: z
        .string({ error: 'Please enter the tracking number.' })
        .trim()
        .min(1, 'Please enter the tracking number.')
        .max(60, 'Please enter a tracking number of at most 60 characters.')
        .regex(/^[A-Za-z0-9 -]+$/, 'A tracking number has only letters, digits, spaces and hyphens.'),
    }),
    z.object({ action: z.literal('startProduction') }),
    z.object({ action: z.literal('markReady') }),
    z.object({ action: z.literal('deliver') }),
    z.object({ action: z.literal('install') }),
    z.object({ action: z.literal('cancel'), reason: cancelReasonSchema }),
  ],
  { error: 'Please choose start production, mark ready, ship, deliver, install or cancel.' },
);
export type OrderTransitionRequest = z.input<typeof orderTransitionRequestSchema>;
export type OrderTransitionInput = z.output<typeof orderTransitionRequestSchema>;

/** POST /api/admin/orders/transitions: one move for each selected order (a production batch). */
export const orderBatchRequestSchema = z.object({
  action: z.enum(BATCH_ACTIONS, { error: 'Please choose start production, mark ready, deliver or install.' }),
  orderIds: z
    .array(orderIdSchema, { error: 'Please select the orders to move.' })
    .min(1, 'Please select the orders to move.')
    .max(MAX_BATCH_ORDERS, `Please select at most ${MAX_BATCH_ORDERS} orders at once.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each order may be selected once.'),
});
export type OrderBatchRequest = z.input<typeof orderBatchRequestSchema>;

/** 200 of POST /api/admin/orders/transitions: the orders moved (with their new status) and the ones not moved, each with why. */
export const orderBatchResultSchema = z.object({
  moved: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), status: z.enum(ORDER_STATUSES) })),
  notMoved: z.array(z.object({ orderId: z.string(), orderNumber: z.string().nullable(), reason: z.string() })),
});
export type OrderBatchResult = z.infer<typeof orderBatchResultSchema>;

/** POST /api/orders/{orderId}/cancel: the customer cancels their own order before it is in production. */
export const customerCancelRequestSchema = z.object({ reason: cancelReasonSchema });
export type CustomerCancelRequest = z.input<typeof customerCancelRequestSchema>;

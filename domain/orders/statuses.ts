/**
 * The statuses of an order, of its payment and of its lines, their labels, and the transition
 * tables saying who may move an order or a line from where (lifecycle.ts and line-status.ts put them
 * on the state machine). Plain constants, no zod: the browser's order pages read them without the
 * schemas.
 */

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

/** The CloudWatch namespace of every metric the shop emits (EMF through Powertools Metrics). */
export const METRICS_NAMESPACE = 'HillbrookBlinds';

/**
 * The business metric each event counts, by the event's name, once per event id (the counting
 * consumer is idempotent as every consumer is, so a redelivered or twice-published event is counted
 * once). Names, not the declarations: every function that counts a metric imports this module, and
 * the declarations would bring their schemas (business-metrics.test.ts checks each name is declared).
 */
export const METRIC_OF_EVENT = {
  OrderPlaced: 'OrdersPlaced',
  OrderPaid: 'OrdersPaid',
  OrderPaymentFlagged: 'PaymentsFlagged',
  OrderPaymentFailed: 'PaymentsFailed',
  PunchoutSetupStarted: 'PunchoutSetups',
  PunchoutSubmitted: 'PunchoutCartsReturned',
  ChatStarted: 'ChatsStarted',
  ReturnRequested: 'ReturnsRequested',
  AppointmentBooked: 'AppointmentsBooked',
  SampleRequestSubmitted: 'SampleRequests',
} as const satisfies Record<string, string>;

/** Orders placed by a buyer's OrderRequest: OrderPlaced events carrying its purchase order, counted once more. */
export const PUNCHOUT_ORDERS_METRIC = 'PunchoutOrders';

/** Metrics emitted where the thing happens, not counted from an event. */
export const OPERATIONAL_METRICS = {
  /** A checkout the payment provider refused to open (the customer was told to try again). */
  checkoutFailed: 'CheckoutFailures',
  /** A chat started while nobody from staff was connected to answer it (staff were mailed instead). */
  chatWithNobodyOnline: 'ChatsWithNobodyOnline',
  /** A Stripe webhook whose signature the shop refused. */
  paymentWebhookRefused: 'PaymentWebhooksRefused',
  /** A webhook delivery that used up its attempts. */
  webhookDeliveryFailed: 'WebhookDeliveriesFailed',
  /** A mail SES refused to send. */
  mailRefused: 'MailsRefused',
} as const;

export type BusinessMetric =
  | (typeof METRIC_OF_EVENT)[keyof typeof METRIC_OF_EVENT]
  | typeof PUNCHOUT_ORDERS_METRIC
  | (typeof OPERATIONAL_METRICS)[keyof typeof OPERATIONAL_METRICS];

/** The metrics one event counts: its own, and PunchoutOrders too for an order a buyer's OrderRequest placed. */
export function metricsCountedBy(eventName: keyof typeof METRIC_OF_EVENT, detail: unknown): BusinessMetric[] {
  const byPurchaseOrder = eventName === 'OrderPlaced' && (detail as { purchaseOrder?: unknown }).purchaseOrder != null;
  return byPurchaseOrder ? [METRIC_OF_EVENT[eventName], PUNCHOUT_ORDERS_METRIC] : [METRIC_OF_EVENT[eventName]];
}

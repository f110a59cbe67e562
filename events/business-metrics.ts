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

/** Metrics emitted where the thing happens, not counted from an event. */
export const OPERATIONAL_METRICS = {
  /** A Stripe webhook whose signature the shop refused. */
  paymentWebhookRefused: 'PaymentWebhooksRefused',
  /** A webhook delivery that used up its attempts. */
  webhookDeliveryFailed: 'WebhookDeliveriesFailed',
  /** A mail SES refused to send. */
  mailRefused: 'MailsRefused',
} as const;

export type BusinessMetric =
  | (typeof METRIC_OF_EVENT)[keyof typeof METRIC_OF_EVENT]
  | (typeof OPERATIONAL_METRICS)[keyof typeof OPERATIONAL_METRICS];

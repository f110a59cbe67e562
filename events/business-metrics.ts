import { AppointmentBooked } from './appointments';
import { ChatStarted } from './chat';
import { OrderPaid, OrderPaymentFailed, OrderPaymentFlagged, OrderPlaced } from './orders';
import { PunchoutSetupStarted, PunchoutSubmitted } from './punchout';
import { ReturnRequested } from './returns';
import { SampleRequestSubmitted } from './samples';

/** The CloudWatch namespace of every metric the shop emits (EMF through Powertools Metrics). */
export const METRICS_NAMESPACE = 'HillbrookBlinds';

/**
 * The business metric each event counts, once per event id (the counting consumer is idempotent as
 * every consumer is, so a redelivered or twice-published event is counted once).
 */
export const METRIC_OF_EVENT = {
  [OrderPlaced.name]: 'OrdersPlaced',
  [OrderPaid.name]: 'OrdersPaid',
  [OrderPaymentFlagged.name]: 'PaymentsFlagged',
  [OrderPaymentFailed.name]: 'PaymentsFailed',
  [PunchoutSetupStarted.name]: 'PunchoutSetups',
  [PunchoutSubmitted.name]: 'PunchoutCartsReturned',
  [ChatStarted.name]: 'ChatsStarted',
  [ReturnRequested.name]: 'ReturnsRequested',
  [AppointmentBooked.name]: 'AppointmentsBooked',
  [SampleRequestSubmitted.name]: 'SampleRequests',
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

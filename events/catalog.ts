import { WEBHOOK_EVENT_TYPES } from '#domain/webhooks/payloads';
import { AccountClosed } from './accounts';
import {
  AppointmentBooked,
  AppointmentCancelled,
  AppointmentDayFilledFast,
  AppointmentRescheduled,
  InstallationCancelled,
  InstallationCompleted,
  InstallationNoShow,
  InstallationRescheduled,
} from './appointments';
import { JobApplicationSubmitted } from './careers';
import { CartAbandoned, CartItemAdded, CartItemsAdded } from './cart';
import { PriceGridReplaced } from './catalogue';
import { ChatMessagePosted, ChatStarted } from './chat';
import { ContactMessageSubmitted } from './contact';
import { CustomerQuoteEmailed, CustomerQuoteFreightRequested, CustomerQuoteVersionIssued } from './customer-quotes';
import { METRIC_OF_EVENT } from './business-metrics';
import type { EventDeclaration, MultiEventConsumer } from './declaration';
import {
  OrderLineChanged,
  OrderPaid,
  OrderPaymentFailed,
  OrderPaymentFlagged,
  OrderPlaced,
  OrderRefunded,
  OrderStatusChanged,
} from './orders';
import { PriceMatchDecided, PriceMatchRequested } from './price-match';
import { PunchoutInvoiceIssued, PunchoutSetupStarted, PunchoutSubmitted } from './punchout';
import { RemakeRequested, ReturnRequested, ReturnStatusChanged } from './returns';
import { SampleRequestStatusChanged, SampleRequestSubmitted } from './samples';
import { StaffMemberChanged } from './staff';

/**
 * The event contracts: each event's name, versioned detail schema and the consumers that receive
 * it. The CDK events stack makes one rule per consumer; the local bus applies the same list.
 * Producers publish only after their write committed, and an order's, a payment's, a status
 * change's or a return's event is committed with the write (the event outbox, docs/decisions/0033);
 * consumers may receive an event twice or out of order and must produce one effect (idempotent by
 * event id: `eventIdOf` in functions/lib/events.ts, the outbox's stable id when there is one).
 * Each context declares its events in `events/<context>.ts`, where handlers import them from (a
 * handler that imported this module would carry every context's schemas); this module collects
 * them for the stacks, the local bus and the consumers of every event.
 */
export { EVENT_SOURCE } from './declaration';
export type { EventConsumer, EventDeclaration, EventDetail, MultiEventConsumer } from './declaration';
export * from './accounts';
export * from './appointments';
export * from './careers';
export * from './cart';
export * from './catalogue';
export * from './chat';
export * from './contact';
export * from './customer-quotes';
export * from './orders';
export * from './price-match';
export * from './punchout';
export * from './returns';
export * from './samples';
export * from './staff';

export const eventCatalog: EventDeclaration[] = [
  ContactMessageSubmitted,
  PriceGridReplaced,
  CartItemAdded,
  CartItemsAdded,
  CartAbandoned,
  SampleRequestSubmitted,
  SampleRequestStatusChanged,
  OrderPlaced,
  OrderPaid,
  OrderPaymentFailed,
  OrderPaymentFlagged,
  OrderStatusChanged,
  OrderLineChanged,
  OrderRefunded,
  ChatStarted,
  ChatMessagePosted,
  PunchoutSetupStarted,
  PunchoutSubmitted,
  PunchoutInvoiceIssued,
  AppointmentBooked,
  AppointmentRescheduled,
  AppointmentCancelled,
  AppointmentDayFilledFast,
  InstallationRescheduled,
  InstallationCancelled,
  InstallationCompleted,
  InstallationNoShow,
  JobApplicationSubmitted,
  ReturnRequested,
  RemakeRequested,
  ReturnStatusChanged,
  PriceMatchRequested,
  PriceMatchDecided,
  CustomerQuoteEmailed,
  CustomerQuoteFreightRequested,
  CustomerQuoteVersionIssued,
  AccountClosed,
  StaffMemberChanged,
];

/**
 * Consumers of many events: the webhook fan-out receives every event WEBHOOK_PAYLOADS lists and
 * queues one delivery per active subscription to it (docs/decisions/0020); the day watch looks at
 * the day each booking or move went to, and tells of one that filled fast (docs/decisions/0034); the
 * business events are counted as CloudWatch metrics (events/business-metrics.ts).
 */
export const multiEventConsumers: MultiEventConsumer[] = [
  {
    id: 'FanOutWebhooks',
    events: WEBHOOK_EVENT_TYPES,
    handler: { file: 'functions/webhooks/fan-out.ts', export: 'handler' },
    grants: ['table:write', 'webhooks:enqueue'],
  },
  {
    id: 'WatchAppointmentDays',
    events: [AppointmentBooked.name, AppointmentRescheduled.name],
    handler: { file: 'functions/appointments/day-watch.ts', export: 'watch' },
    grants: ['table:read', 'bus:publish'],
  },
  {
    id: 'CountBusinessEvents',
    events: Object.keys(METRIC_OF_EVENT),
    handler: { file: 'functions/monitor/count-business-events.ts', export: 'count' },
    grants: ['table:write'],
  },
];

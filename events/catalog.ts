import * as z from 'zod';
import { APPOINTMENT_STATUSES, measurementBookingSchema } from '#domain/appointments/appointment';
import { SLOT_LABELS } from '#domain/appointments/schedule';
import { GRID_KINDS } from '#domain/catalogue/grids/types';
import { checkoutAddressSchema, orderSampleSchema } from '#domain/checkout/checkout';
import { contactMessageSchema } from '#domain/contact';
import {
  ACTOR_KINDS,
  ORDER_CHANNELS,
  ORDER_STATUSES,
  orderCustomerSchema,
  orderLineSchema,
  orderTotalsSchema,
  PAYMENT_STATUSES,
  shipmentSchema,
} from '#domain/orders/order';
import { jobApplicationSchema } from '#domain/job-application';
import { RESUME_KINDS } from '#domain/resume-file';
import { sampleRequestSchema } from '#domain/samples/sample';
import { WEBHOOK_EVENT_TYPES } from '#domain/webhooks/payloads';
import { priceReviewSchema, purchaseOrderSchema } from '#domain/punchout/purchase-order';
import { RETURN_KINDS, RETURN_REASON_IDS, RETURN_STATUSES, returnLineSchema } from '#domain/returns/return-request';

/**
 * The event contracts: each event's name, versioned detail schema and the consumers that receive
 * it. The CDK events stack makes one rule per consumer; the local bus applies the same list.
 * Producers publish only after their write committed, and an order's, a payment's, a status
 * change's or a return's event is committed with the write (the event outbox, docs/decisions/0033);
 * consumers may receive an event twice or out of order and must produce one effect (idempotent by
 * event id: `eventIdOf` in functions/lib/events.ts, the outbox's stable id when there is one).
 */
export const EVENT_SOURCE = 'shop';

export interface EventConsumer {
  /** Stable id: names the rule and the Lambda function. PascalCase. */
  id: string;
  handler: { file: string; export: string };
  grants: Array<
    | 'table:read'
    | 'table:write'
    | 'mail:send'
    | 'storage:read'
    | 'storage:write'
    | 'bus:publish'
    | 'webhooks:enqueue'
    | 'appointments:token'
  >;
}

/** A consumer of several events through one rule (its pattern lists their names). */
export interface MultiEventConsumer extends EventConsumer {
  events: readonly string[];
}

export interface EventDeclaration<S extends z.ZodType = z.ZodType> {
  /** detail-type on the bus; past tense. */
  name: string;
  version: number;
  detail: S;
  consumers: EventConsumer[];
}

function declare<S extends z.ZodType>(event: EventDeclaration<S>): EventDeclaration<S> {
  return event;
}

export const ContactMessageSubmitted = declare({
  name: 'ContactMessageSubmitted',
  version: 1,
  detail: z.object({
    messageId: z.string(),
    submittedAt: z.iso.datetime(),
    message: contactMessageSchema,
  }),
  consumers: [
    {
      id: 'NotifyStaffOfContactMessage',
      handler: { file: 'functions/contact/notify-staff.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff replaced a price grid; the shop prices with it within a minute (grid cache). */
export const PriceGridReplaced = declare({
  name: 'PriceGridReplaced',
  version: 1,
  detail: z.object({
    kind: z.enum(GRID_KINDS),
    version: z.string(),
    previousVersion: z.string().nullable(),
    rowCount: z.number().int().positive(),
    uploadedBy: z.string(),
    uploadedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A configuration was added to a cart (or added to the quantity of its line), priced by the server. */
export const CartItemAdded = declare({
  name: 'CartItemAdded',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    lineId: z.string(),
    clientId: z.string().nullable(),
    family: z.string(),
    series: z.string(),
    quantityAdded: z.number().int().positive(),
    unitCents: z.number().int().nonnegative(),
    addedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A cart became abandoned: idle for 24 hours, replaced by a new cart of its session, or its client signed out. */
export const CartAbandoned = declare({
  name: 'CartAbandoned',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    clientId: z.string().nullable(),
    reason: z.enum(['idle', 'replaced', 'signed-out']),
    lastUpdatedAt: z.iso.datetime(),
    abandonedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A shopper requested the samples of their sample cart; staff send them, the shopper gets an acknowledgement. */
export const SampleRequestSubmitted = declare({
  name: 'SampleRequestSubmitted',
  version: 1,
  detail: z.object({
    requestId: z.string(),
    reference: z.string(),
    submittedAt: z.iso.datetime(),
    shopper: sampleRequestSchema,
    samples: z.array(z.object({ productName: z.string(), color: z.string(), material: z.string() })).min(1),
  }),
  consumers: [
    {
      id: 'NotifyOfSampleRequest',
      handler: { file: 'functions/samples/notify-sample-request.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/**
 * What every order event carries, so a consumer (confirmation and staff mail, invoice, status mail,
 * the old shop's spreadsheet) needs no read: the order as placed, with its lines, totals and
 * addresses. `invoiceKey` is where the invoice PDF goes in the uploads bucket (invoiceObjectKey).
 */
const orderSnapshot = {
  orderId: z.string(),
  /** Events published before channels existed were card orders. */
  channel: z.enum(ORDER_CHANNELS).default('card'),
  orderNumber: z.string(),
  clientId: z.string(),
  customer: orderCustomerSchema,
  lines: z.array(orderLineSchema),
  samples: z.array(orderSampleSchema),
  totals: orderTotalsSchema,
  shippingAddress: checkoutAddressSchema,
  billingAddress: checkoutAddressSchema,
  installation: z.boolean(),
  notes: z.string(),
  placedAt: z.iso.datetime(),
  invoiceKey: z.string(),
};

/**
 * An order was placed. A card order: a signed-in customer's (status pending, payment pending),
 * committed with the order before its hosted checkout opens, so `checkoutSessionId` is null (OrderPaid
 * names the session); its mails wait for OrderPaid. A punch-out order: a
 * buyer's OrderRequest (status processing, payment on invoice, no checkout session), with the
 * purchase order and its price review; the consumers mail the buyer and staff for these only.
 */
export const OrderPlaced = declare({
  name: 'OrderPlaced',
  version: 1,
  detail: z.object({
    ...orderSnapshot,
    checkoutSessionId: z.string().nullable(),
    purchaseOrder: purchaseOrderSchema.nullable().default(null),
    priceReview: priceReviewSchema.nullable().default(null),
  }),
  consumers: [
    {
      id: 'SendPurchaseOrderConfirmation',
      handler: { file: 'functions/orders/notify-purchase-order.ts', export: 'sendConfirmation' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'NotifyStaffOfPurchaseOrder',
      handler: { file: 'functions/orders/notify-purchase-order.ts', export: 'notifyStaff' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/**
 * The payment provider's verified webhook paid the order with its total, to the cent: status
 * processing, payment paid. Committed once per order, with the end of the after-payment steps
 * (carts purchased, sample request); the outbox may publish it again under the same `eventId`, and
 * consumers make their effect once per `orderId`.
 */
export const OrderPaid = declare({
  name: 'OrderPaid',
  version: 1,
  detail: z.object({
    ...orderSnapshot,
    paidAt: z.iso.datetime(),
    checkoutSessionId: z.string(),
    paymentIntentId: z.string().nullable(),
    amountPaidCents: z.number().int().nonnegative(),
    /** The sample request the order's samples became, if it had samples. */
    sampleRequestReference: z.string().nullable(),
  }),
  consumers: [
    {
      id: 'SendOrderConfirmation',
      handler: { file: 'functions/orders/notify-order-paid.ts', export: 'sendConfirmation' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'NotifyStaffOfPaidOrder',
      handler: { file: 'functions/orders/notify-order-paid.ts', export: 'notifyStaff' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'RenderOrderInvoice',
      handler: { file: 'functions/orders/invoice-render.ts', export: 'handler' },
      grants: ['table:write', 'storage:write'],
    },
  ],
});

/** The hosted checkout expired or its asynchronous payment failed: the order stays pending, the cart as it was. */
export const OrderPaymentFailed = declare({
  name: 'OrderPaymentFailed',
  version: 1,
  detail: z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    clientId: z.string(),
    customer: orderCustomerSchema,
    reason: z.enum(['expired', 'failed']),
    checkoutSessionId: z.string(),
    totals: orderTotalsSchema,
    at: z.iso.datetime(),
  }),
  consumers: [],
});

/** A payment arrived whose amount is not the order's total: never marked paid, staff must look. */
export const OrderPaymentFlagged = declare({
  name: 'OrderPaymentFlagged',
  version: 1,
  detail: z.object({
    ...orderSnapshot,
    checkoutSessionId: z.string(),
    paymentIntentId: z.string().nullable(),
    amountPaidCents: z.number().int().nonnegative(),
    flaggedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** Staff (or payment) moved an order along the transition table; the customer is mailed as their notification preferences allow. */
export const OrderStatusChanged = declare({
  name: 'OrderStatusChanged',
  version: 1,
  detail: z.object({
    ...orderSnapshot,
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    shipment: shipmentSchema.nullable(),
    changedBy: z.object({ kind: z.enum(ACTOR_KINDS), id: z.string().nullable() }),
    changedAt: z.iso.datetime(),
    /** The staff's reason for a cancel; empty otherwise. */
    note: z.string(),
  }),
  consumers: [
    {
      id: 'NotifyCustomerOfOrderStatus',
      handler: { file: 'functions/orders/notify-order-status.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'IssuePunchoutInvoice',
      handler: { file: 'functions/punchout/invoices.ts', export: 'issueOnShipping' },
      grants: ['table:read', 'table:write', 'bus:publish'],
    },
  ],
});

/**
 * A punch-out order shipped and its invoice was made (once per order). Its consumer sends the cXML
 * InvoiceDetailRequest to the configuration's invoice address, if it has one; a failed delivery is
 * retried by the bus's retry policy (then the dead letters, where staff retry it) and each attempt's
 * outcome is recorded on the invoice.
 */
export const PunchoutInvoiceIssued = declare({
  name: 'PunchoutInvoiceIssued',
  version: 1,
  detail: z.object({
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    configurationId: z.string(),
    totalCents: z.number().int().nonnegative(),
    issuedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'DeliverPunchoutInvoice',
      handler: { file: 'functions/punchout/invoices.ts', export: 'deliverInvoice' },
      grants: ['table:read', 'table:write'],
    },
  ],
});

/** The payment provider refunded the order's charge (a staff cancel of a paid order, or a refund made at the provider). */
export const OrderRefunded = declare({
  name: 'OrderRefunded',
  version: 1,
  detail: z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    clientId: z.string(),
    customer: orderCustomerSchema,
    status: z.enum(ORDER_STATUSES),
    amountRefundedCents: z.number().int().nonnegative(),
    totals: orderTotalsSchema,
    refundedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/**
 * A customer started a live chat (after its session and greeting were stored). Staff are mailed if
 * nobody is connected to answer, at most once per chat per 10 minutes together with ChatMessagePosted.
 */
export const ChatStarted = declare({
  name: 'ChatStarted',
  version: 1,
  detail: z.object({
    sessionId: z.string(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    clientId: z.string().nullable(),
    startedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfChatStarted',
      handler: { file: 'functions/chat/notify-staff.ts', export: 'chatStarted' },
      grants: ['table:read', 'table:write', 'mail:send'],
    },
  ],
});

/** A customer's chat message was stored (support replies are not published). */
export const ChatMessagePosted = declare({
  name: 'ChatMessagePosted',
  version: 1,
  detail: z.object({
    sessionId: z.string(),
    messageId: z.string(),
    seq: z.number().int().positive(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    text: z.string(),
    postedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfChatMessage',
      handler: { file: 'functions/chat/notify-staff.ts', export: 'chatMessagePosted' },
      grants: ['table:read', 'table:write', 'mail:send'],
    },
  ],
});

/**
 * A buyer's setup request was accepted and its start page issued (domain/punchout). No credential,
 * buyer cookie or return URL: only what staff and the monitor count.
 */
export const PunchoutSetupStarted = declare({
  name: 'PunchoutSetupStarted',
  version: 1,
  detail: z.object({
    startId: z.string(),
    configId: z.string(),
    buyerSystem: z.string(),
    operation: z.enum(['create', 'edit', 'inspect']),
    restoredLineCount: z.number().int().nonnegative(),
    startedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A partner cart was returned to the buyer's procurement system (the cart is `submitted`). Staff are mailed. */
export const PunchoutSubmitted = declare({
  name: 'PunchoutSubmitted',
  version: 1,
  detail: z.object({
    submissionId: z.string(),
    configId: z.string(),
    accountNumber: z.string(),
    propertyName: z.string(),
    buyerSystem: z.string(),
    operationAllowed: z.enum(['edit', 'inspect']),
    buyer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
    lines: z.array(
      z.object({
        position: z.number().int().positive(),
        quantity: z.number().int().positive(),
        unitCents: z.number().int().nonnegative(),
        description: z.string(),
      }),
    ),
    totalCents: z.number().int().nonnegative(),
    submittedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfPunchoutSubmitted',
      handler: { file: 'functions/punchout/notify-punchout-submitted.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** The appointment as the appointment events carry it: where, when (date and time in its zone, and the instant) and who. */
const appointmentDetailSchema = z.object({
  appointmentId: z.string(),
  /** The appointment's version after this change: the mailed link is signed for it. (`version` is the event's own.) */
  appointmentVersion: z.number().int().positive(),
  status: z.enum(APPOINTMENT_STATUSES),
  date: z.string(),
  time: z.enum(SLOT_LABELS),
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  contact: measurementBookingSchema.omit({ date: true, time: true }),
  clientId: z.string().nullable(),
  propertyName: z.string().nullable(),
});

const NOTIFY_APPOINTMENT_GRANTS: EventConsumer['grants'] = ['table:write', 'mail:send', 'appointments:token'];

/** A free measurement was booked (a guest's or a client's): the customer's confirmation with its .ics and manage link, and staff's notice. */
export const AppointmentBooked = declare({
  name: 'AppointmentBooked',
  version: 1,
  detail: appointmentDetailSchema.extend({ bookedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyAppointmentBooked',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'booked' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/** A scheduled appointment moved to another slot (by the customer's link or by staff); its old place is free. */
export const AppointmentRescheduled = declare({
  name: 'AppointmentRescheduled',
  version: 1,
  detail: appointmentDetailSchema.extend({
    previous: z.object({ date: z.string(), time: z.enum(SLOT_LABELS) }),
    by: z.enum(['customer', 'staff']),
    rescheduledAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyAppointmentRescheduled',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'rescheduled' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/** A scheduled appointment was cancelled (by the customer's link or by staff); its place is free. */
export const AppointmentCancelled = declare({
  name: 'AppointmentCancelled',
  version: 1,
  detail: appointmentDetailSchema.extend({ by: z.enum(['customer', 'staff']), cancelledAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyAppointmentCancelled',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'cancelled' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/**
 * The places of one day's measurements all went within an hour (domain/appointments/holders.ts):
 * faster than people book, so staff are told, once per day.
 */
export const AppointmentDayFilledFast = declare({
  name: 'AppointmentDayFilledFast',
  version: 1,
  detail: z.object({
    date: z.string(),
    places: z.number().int().positive(),
    firstTakenAt: z.iso.datetime(),
    lastTakenAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfFastFilledDay',
      handler: { file: 'functions/appointments/day-watch.ts', export: 'notifyStaff' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/**
 * An applicant applied for a role; their résumé, checked by its bytes, is kept at `resumeKey` in the
 * uploads bucket. Staff get the application with a short-lived link to the résumé, the applicant an acknowledgement.
 */
export const JobApplicationSubmitted = declare({
  name: 'JobApplicationSubmitted',
  version: 1,
  detail: z.object({
    applicationId: z.string(),
    submittedAt: z.iso.datetime(),
    application: jobApplicationSchema.omit({ resume: true }),
    resume: z.object({
      key: z.string(),
      fileName: z.string(),
      kind: z.enum(RESUME_KINDS),
      bytes: z.number().int().positive(),
    }),
  }),
  consumers: [
    {
      id: 'NotifyOfJobApplication',
      handler: { file: 'functions/careers/notify-job-application.ts', export: 'handler' },
      // storage:read: the staff mail's presigned link works only for a role that may read the résumé.
      grants: ['table:write', 'mail:send', 'storage:read'],
    },
  ],
});

/** What every return event carries, so its consumers need no read: the request as the customer sent it. */
const returnSnapshot = {
  returnId: z.string(),
  returnNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  reason: z.enum(RETURN_REASON_IDS),
  note: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(returnLineSchema),
  photoCount: z.number().int().nonnegative(),
  refundCents: z.number().int().nonnegative(),
};

/** A customer asked to return blinds of a delivered order (status requested). Staff are mailed, and the customer's request acknowledged. */
export const ReturnRequested = declare({
  name: 'ReturnRequested',
  version: 1,
  detail: z.object({ ...returnSnapshot, requestedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyOfReturnRequested',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'returnRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** A customer asked for the order's one Fit Assurance remake (status requested). Staff are mailed, and the customer's request acknowledged. */
export const RemakeRequested = declare({
  name: 'RemakeRequested',
  version: 1,
  detail: z.object({ ...returnSnapshot, requestedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyOfRemakeRequested',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'remakeRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff moved a return or remake request along its lifecycle (RETURN_TRANSITIONS). The customer is mailed. */
export const ReturnStatusChanged = declare({
  name: 'ReturnStatusChanged',
  version: 1,
  detail: z.object({
    ...returnSnapshot,
    from: z.enum(RETURN_STATUSES),
    to: z.enum(RETURN_STATUSES),
    staffNote: z.string(),
    changedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyCustomerOfReturnStatus',
      handler: { file: 'functions/returns/notify-returns.ts', export: 'returnStatusChanged' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

export const eventCatalog: EventDeclaration[] = [
  ContactMessageSubmitted,
  PriceGridReplaced,
  CartItemAdded,
  CartAbandoned,
  SampleRequestSubmitted,
  OrderPlaced,
  OrderPaid,
  OrderPaymentFailed,
  OrderPaymentFlagged,
  OrderStatusChanged,
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
  JobApplicationSubmitted,
  ReturnRequested,
  RemakeRequested,
  ReturnStatusChanged,
];

export type EventDetail<E extends EventDeclaration> = z.infer<E['detail']>;

/**
 * Consumers of many events: the webhook fan-out receives every event WEBHOOK_PAYLOADS lists and
 * queues one delivery per active subscription to it (docs/decisions/0020); the day watch looks at
 * the day each booking or move went to, and tells of one that filled fast (docs/decisions/0034).
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
];

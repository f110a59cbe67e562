import { z } from 'zod';
import { GRID_KINDS } from '../domain/catalogue/grids/types';
import { checkoutAddressSchema, orderSampleSchema } from '../domain/checkout/checkout';
import { contactMessageSchema } from '../domain/contact';
import {
  ACTOR_KINDS,
  ORDER_STATUSES,
  orderCustomerSchema,
  orderLineSchema,
  orderTotalsSchema,
  PAYMENT_STATUSES,
  shipmentSchema,
} from '../domain/orders/order';
import { sampleRequestSchema } from '../domain/samples/sample';

/**
 * The event contracts: each event's name, versioned detail schema and the consumers that receive
 * it. The CDK events stack makes one rule per consumer; the local bus applies the same list.
 * Producers publish only after their write committed; consumers may receive an event twice or out
 * of order and must produce one effect (idempotent by event id).
 */
export const EVENT_SOURCE = 'shop';

export interface EventConsumer {
  /** Stable id: names the rule and the Lambda function. PascalCase. */
  id: string;
  handler: { file: string; export: string };
  grants: Array<'table:read' | 'table:write' | 'mail:send' | 'storage:read' | 'storage:write' | 'bus:publish'>;
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

/** A signed-in customer placed an order (status pending, payment pending) and was sent to the hosted checkout. */
export const OrderPlaced = declare({
  name: 'OrderPlaced',
  version: 1,
  detail: z.object({ ...orderSnapshot, checkoutSessionId: z.string() }),
  consumers: [],
});

/**
 * The payment provider's verified webhook paid the order with its total, to the cent: status
 * processing, payment paid. Published once per order after the paid write committed and the
 * after-payment steps (carts purchased, sample request) ran; only a crash between publishing and
 * recording it can publish it again, so consumers make their effect once per `orderId`.
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
];

export type EventDetail<E extends EventDeclaration> = z.infer<E['detail']>;

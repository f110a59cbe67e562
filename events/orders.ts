import * as z from 'zod';
import { PAYMENT_TERMS } from '#domain/accounts/payment-terms';
import { deliveryEstimateSchema } from '#domain/calendar/estimate-schema';
import { checkoutAddressSchema, orderSampleSchema } from '#domain/checkout/checkout';
import {
  ORDER_CHANNELS,
  orderCustomerSchema,
  orderLineSchema,
  orderTotalsSchema,
  shipmentSchema,
} from '#domain/orders/order';
import { ACTOR_KINDS, LINE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '#domain/orders/statuses';
import { priceReviewSchema, purchaseOrderSchema } from '#domain/punchout/purchase-order';
import { declare } from './declaration';

/**
 * What every order event carries, so a consumer (confirmation and staff mail, invoice, status mail,
 * the old shop's spreadsheet) needs no read: the order as placed, with its lines, totals and
 * addresses. A property's order can have more lines than an event can carry: its events then carry
 * none (`linesIncluded` false, `totals.blindCount` still counts them), and the shop's consumers read
 * them from the order (docs/decisions/0057). `invoiceKey` is where the invoice PDF goes in the
 * uploads bucket (invoiceObjectKey).
 */
const orderSnapshot = {
  orderId: z.string(),
  /** Events published before channels existed were card orders. */
  channel: z.enum(ORDER_CHANNELS).default('card'),
  orderNumber: z.string(),
  clientId: z.string(),
  customer: orderCustomerSchema,
  lines: z.array(orderLineSchema),
  /** False when the order's lines are too many to carry: `lines` is then empty. Events published before it carried them all. */
  linesIncluded: z.boolean().default(true),
  samples: z.array(orderSampleSchema),
  totals: orderTotalsSchema,
  shippingAddress: checkoutAddressSchema,
  billingAddress: checkoutAddressSchema,
  installation: z.boolean(),
  notes: z.string(),
  /** An on-account order's PO number and the terms it was placed under; null for other orders (and events published before them). */
  poNumber: z.string().nullable().default(null),
  paymentTerms: z.enum(PAYMENT_TERMS).nullable().default(null),
  placedAt: z.iso.datetime(),
  invoiceKey: z.string(),
  /** The dates promised at placement (a card order's); events published before it carry none. */
  estimate: deliveryEstimateSchema.nullable().default(null),
};

/**
 * An order was placed. A card order: a signed-in customer's (status pending, payment pending),
 * committed with the order before its hosted checkout opens, so `checkoutSessionId` is null (OrderPaid
 * names the session); its mails wait for OrderPaid. A punch-out order: a
 * buyer's OrderRequest (status processing, payment on invoice, no checkout session), with the
 * purchase order and its price review (its items while they fit, docs/decisions/0057); the consumers
 * mail the buyer and staff for these. An order on account: a client on payment terms (status
 * processing, payment on invoice, its PO number and terms); never paid through OrderPaid, so its
 * consumers here mail it and start it as OrderPaid's do a card order.
 */
export const OrderPlaced = declare({
  name: 'OrderPlaced',
  version: 1,
  detail: z.object({
    ...orderSnapshot,
    checkoutSessionId: z.string().nullable(),
    purchaseOrder: purchaseOrderSchema.nullable().default(null),
    priceReview: priceReviewSchema.nullable().default(null),
    /**
     * False when the purchase order's items are too many to carry: `purchaseOrder.items` is then
     * empty and `priceReview.issues` holds only those about the whole document (`flagged` is the
     * order's). Events published before it carried them all.
     */
    purchaseOrderItemsIncluded: z.boolean().default(true),
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
    {
      id: 'StartAccountOrder',
      handler: { file: 'functions/orders/account-order-placed.ts', export: 'startOrder' },
      grants: ['table:read', 'table:write'],
    },
    {
      id: 'SendAccountOrderConfirmation',
      handler: { file: 'functions/orders/account-order-placed.ts', export: 'sendConfirmation' },
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'MailInstallationOfAccountOrder',
      handler: { file: 'functions/appointments/notify-installation.ts', export: 'visitOfAccountOrder' },
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'NotifyStaffOfAccountOrder',
      handler: { file: 'functions/orders/account-order-placed.ts', export: 'notifyStaff' },
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'RecordWindowsOrderedOnAccount',
      handler: { file: 'functions/properties/windows-ordered.ts', export: 'onAccountOrder' },
      grants: ['table:read', 'table:write'],
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
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'MailInstallationOfPaidOrder',
      handler: { file: 'functions/appointments/notify-installation.ts', export: 'visitOfPaidOrder' },
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'NotifyStaffOfPaidOrder',
      handler: { file: 'functions/orders/notify-order-paid.ts', export: 'notifyStaff' },
      grants: ['table:read', 'table:write', 'mail:send', 'appointments:token'],
    },
    {
      id: 'RenderOrderInvoice',
      handler: { file: 'functions/orders/invoice-render.ts', export: 'handler' },
      grants: ['table:write', 'storage:write'],
    },
    {
      id: 'RecordWindowsOrdered',
      handler: { file: 'functions/properties/windows-ordered.ts', export: 'handler' },
      grants: ['table:read', 'table:write'],
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
    {
      id: 'ReleaseCreditHoldOnCancel',
      handler: { file: 'functions/accounts/release-credit.ts', export: 'handler' },
      grants: ['table:read', 'table:write'],
    },
    {
      id: 'CancelInstallationWithOrder',
      handler: { file: 'functions/appointments/cancel-with-order.ts', export: 'handler' },
      grants: ['table:read', 'table:write', 'bus:publish'],
    },
    {
      id: 'IssueAccountInvoice',
      handler: { file: 'functions/account-invoices/issue-invoice.ts', export: 'issueOnShipping' },
      grants: ['table:read', 'table:write', 'storage:write', 'payments'],
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
 * Staff moved one line of an order on its own (backordered, remade, back in the order, cancelled),
 * with the note the customer reads; a cancelled line's share goes back (`giveBack`: refunded to
 * the card, credited on the invoice, or nothing taken), `amountCents` of it. The customer is
 * mailed as their notification preferences allow; a credited line of an order on account stops
 * holding the client's credit.
 */
export const OrderLineChanged = declare({
  name: 'OrderLineChanged',
  version: 1,
  detail: z.object({
    orderId: z.string(),
    orderNumber: z.string(),
    channel: z.enum(ORDER_CHANNELS),
    clientId: z.string(),
    customer: orderCustomerSchema,
    line: orderLineSchema,
    from: z.enum(LINE_STATUSES),
    to: z.enum(LINE_STATUSES),
    note: z.string(),
    giveBack: z.enum(['refund', 'credit', 'none']),
    amountCents: z.number().int().nonnegative(),
    changedBy: z.object({ kind: z.enum(ACTOR_KINDS), id: z.string().nullable() }),
    changedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyCustomerOfLineChange',
      handler: { file: 'functions/orders/notify-line-change.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'ReleaseLineCreditOnCancel',
      handler: { file: 'functions/accounts/release-credit.ts', export: 'releaseOnLineCancel' },
      grants: ['table:read', 'table:write'],
    },
  ],
});

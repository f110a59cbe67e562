/** The response bodies of the order routes (README.md beside this file lists the routes). */
import * as z from 'zod';
import { installationVisitSummarySchema } from '../appointments/installation-choices';
import { ORDER_CHANNELS, orderHistoryEntrySchema, orderSchema } from './order';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './statuses';

/** A row of My Account's Order History. */
export const orderSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: z.iso.datetime(),
  totalCents: z.number().int().nonnegative(),
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
export const invoiceLinkSchema = z.object({ url: z.url(), expiresAt: z.iso.datetime() });
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

/** 200 of POST /api/admin/orders/transitions: the orders moved (with their new status) and the ones not moved, each with why. */
export const orderBatchResultSchema = z.object({
  moved: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), status: z.enum(ORDER_STATUSES) })),
  notMoved: z.array(z.object({ orderId: z.string(), orderNumber: z.string().nullable(), reason: z.string() })),
});
export type OrderBatchResult = z.infer<typeof orderBatchResultSchema>;

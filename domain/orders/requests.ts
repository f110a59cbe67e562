/**
 * The request bodies, queries and path parameters of the order routes (README.md beside this file
 * lists the routes), and how often one address may look an order up.
 */
import * as z from 'zod';
import { DIRECTORY_MAX_PAGE_SIZE, DIRECTORY_PAGE_SIZE } from '../accounts/customer-directory';
import { CARRIER_NAMES } from './carriers';
import { ORDER_MESSAGES } from './messages';
import { BATCH_ACTIONS, MAX_BATCH_ORDERS, ORDER_LISTINGS } from './statuses';

/**
 * An order id or a hosted checkout session id as a path may name one: order ids are base64url
 * digests (22 characters), Stripe's ids `cs_…` of at most 255. Anything else names no order, and is
 * never used as a table key (an over-long one is refused by DynamoDB: a 500, not the 404 it is).
 */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,252}$/);

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

/**
 * Order look-ups at /track-order from one client address in an hour. The page needs a number and the
 * e-mail it was placed with, and a wrong pair answers like a missing order; counting look-ups per
 * address keeps anyone from trying pairs at the API's whole throttle. A customer checking an order
 * now and then never comes near it.
 */
export const TRACKING_LOOKUPS_PER_ADDRESS = { limit: 30, windowSeconds: 3600 } as const;

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

/** POST /api/orders/{orderId}/cancel: the customer cancels their own order before it is in production. */
export const customerCancelRequestSchema = z.object({ reason: cancelReasonSchema });
export type CustomerCancelRequest = z.input<typeof customerCancelRequestSchema>;

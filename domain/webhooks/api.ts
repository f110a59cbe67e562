/**
 * The HTTP answers of the webhook admin routes (README.md beside this file), shared by the handlers
 * and the admin screen.
 */
import * as z from 'zod';
import { deadLetterSchema, deliveryAttemptSchema } from './delivery';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PAYLOADS } from './payloads';
import { subscriptionViewSchema } from './subscription';

/** Attempts and dead letters are listed this many a page, newest first. */
export const WEBHOOK_PAGE_SIZE = 25;

/** The events a subscription can choose, and whether each has a spreadsheet shape. */
export const WEBHOOK_EVENT_CHOICES = WEBHOOK_EVENT_TYPES.map((type) => ({
  type,
  spreadsheet: WEBHOOK_PAYLOADS[type] !== null,
}));

/** 200 of GET /api/admin/webhooks: every subscription, newest first, and the events to choose from. */
export const subscriptionListResponseSchema = z.object({
  subscriptions: z.array(subscriptionViewSchema),
  eventTypes: z.array(z.object({ type: z.string(), spreadsheet: z.boolean() })),
});
export type SubscriptionListResponse = z.infer<typeof subscriptionListResponseSchema>;

/** 200 of PATCH …/{subscriptionId}. */
export const subscriptionResponseSchema = z.object({ subscription: subscriptionViewSchema });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/**
 * 201 of POST /api/admin/webhooks and 200 of POST …/{subscriptionId}/secret: the signing secret
 * (`whsec_` and base64 of 32 random bytes), in this answer only.
 */
export const subscriptionWithSecretResponseSchema = z.object({
  subscription: subscriptionViewSchema,
  secret: z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/),
});
export type SubscriptionWithSecretResponse = z.infer<typeof subscriptionWithSecretResponseSchema>;

/** 200 of POST …/{subscriptionId}/test: one attempt made now, whatever the receiver answered. */
export const testDeliveryResponseSchema = z.object({
  webhookId: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  /** The start of the receiver's answer (at most BODY_EXCERPT_LENGTH bytes of it). */
  bodyExcerpt: z.string(),
  error: z.string().nullable(),
});
export type TestDeliveryResponse = z.infer<typeof testDeliveryResponseSchema>;

/** ?cursor= of the paged lists: the `nextCursor` of the page before (absent: the newest page). */
export const pageQuerySchema = z.object({ cursor: z.string().max(1_000).optional() });

/** 200 of GET …/{subscriptionId}/attempts. */
export const attemptsPageSchema = z.object({
  attempts: z.array(deliveryAttemptSchema),
  nextCursor: z.string().nullable(),
});
export type AttemptsPage = z.infer<typeof attemptsPageSchema>;

/** 200 of GET …/{subscriptionId}/dead-letters. */
export const deadLettersPageSchema = z.object({
  deadLetters: z.array(deadLetterSchema),
  nextCursor: z.string().nullable(),
});
export type DeadLettersPage = z.infer<typeof deadLettersPageSchema>;

/** POST …/{subscriptionId}/redeliveries: any event the subscription's log or dead letters name. */
export const redeliverRequestSchema = z.object({
  eventId: z.string({ error: 'Please choose an event.' }).trim().min(1, 'Please choose an event.').max(100),
});
export type RedeliverRequest = z.infer<typeof redeliverRequestSchema>;

/** 202 of POST …/redeliveries: queued now, with the event's own webhook-id, on the whole retry schedule again. */
export const redeliverResponseSchema = z.object({ eventId: z.string(), subscriptionId: z.string() });
export type RedeliverResponse = z.infer<typeof redeliverResponseSchema>;

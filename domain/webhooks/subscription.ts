/**
 * Webhook subscriptions: what staff set (URL, description, event types with the shape of each,
 * active) and what the admin screen shows of them. README.md beside this file has the routes.
 */
import * as z from 'zod';
import { singleLineText } from '../text';
import { hasSpreadsheetShape, WEBHOOK_EVENT_TYPES, WEBHOOK_SHAPES } from './payloads';

export const URL_MAX_LENGTH = 2_000;
export const DESCRIPTION_MAX_LENGTH = 200;

export const URL_MESSAGE = 'Please enter the receiver’s URL (https://…).';
export const SPREADSHEET_SHAPE_MESSAGE =
  'Only Order, chat and measurement events can be sent in the spreadsheet shape.';
export const EVENTS_MESSAGE = 'Please choose at least one event.';
export const DUPLICATE_EVENT_MESSAGE = 'Each event can be chosen once.';

/** One event type a subscription receives and the shape it receives it in. */
export const subscribedEventSchema = z
  .object({
    type: z.enum(WEBHOOK_EVENT_TYPES, { error: 'Please choose an event from the list.' }),
    shape: z.enum(WEBHOOK_SHAPES, { error: 'Shape must be envelope or spreadsheet.' }).default('envelope'),
  })
  .refine((event) => event.shape === 'envelope' || hasSpreadsheetShape(event.type), {
    message: SPREADSHEET_SHAPE_MESSAGE,
    path: ['shape'],
  });
export type SubscribedEvent = z.infer<typeof subscribedEventSchema>;

const eventsSchema = z
  .array(subscribedEventSchema, { error: EVENTS_MESSAGE })
  .min(1, EVENTS_MESSAGE)
  .refine((events) => new Set(events.map((event) => event.type)).size === events.length, DUPLICATE_EVENT_MESSAGE);

/**
 * The URL as a string of the right form; whether http is allowed (only on the local stack) and
 * whether its host is public are the server's checks (domain/outgoing-address.ts).
 */
const urlSchema = singleLineText('URL', { error: URL_MESSAGE })
  .max(URL_MAX_LENGTH, 'Please enter a shorter URL.')
  .refine((text) => {
    try {
      const url = new URL(text);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.hostname !== '' &&
        url.username === '' &&
        url.password === ''
      );
    } catch {
      return false;
    }
  }, URL_MESSAGE);

/** POST /api/admin/webhooks. */
export const createSubscriptionSchema = z.object({
  url: urlSchema,
  description: singleLineText('Description')
    .max(DESCRIPTION_MAX_LENGTH, 'Please enter a shorter description.')
    .default(''),
  events: eventsSchema,
  active: z.boolean({ error: 'active must be true or false.' }).default(true),
});
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;

/** PATCH /api/admin/webhooks/{subscriptionId}: any of the fields; `events` replaces the whole list. */
export const updateSubscriptionSchema = z
  .object({
    url: urlSchema.optional(),
    description: singleLineText('Description')
      .max(DESCRIPTION_MAX_LENGTH, 'Please enter a shorter description.')
      .optional(),
    events: eventsSchema.optional(),
    active: z.boolean({ error: 'active must be true or false.' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change.');
export type UpdateSubscription = z.infer<typeof updateSubscriptionSchema>;

/** Why a subscription is off: staff switched it off, or it failed for days (DISABLE_AFTER_FAILING_MS). */
export const DISABLED_REASONS = ['staff', 'failing'] as const;

/** The subscription's health: the success rate of its latest attempts (HEALTH_WINDOW_ATTEMPTS). */
export const subscriptionHealthSchema = z.object({
  /** Attempts counted (at most HEALTH_WINDOW_ATTEMPTS, newest first). */
  attempts: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  /** succeeded / attempts, 0 to 1; null before the first attempt. */
  successRate: z.number().min(0).max(1).nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** Since when every attempt failed; null while the latest attempt succeeded. */
  failingSince: z.iso.datetime().nullable(),
});
export type SubscriptionHealth = z.infer<typeof subscriptionHealthSchema>;

/** A subscription as staff see it; the signing secret is never shown again after create or rotate. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(subscribedEventSchema),
  active: z.boolean(),
  /** null while active. */
  disabledReason: z.enum(DISABLED_REASONS).nullable(),
  disabledAt: z.iso.datetime().nullable(),
  /** The secret's first characters (`whsec_AbCd…`), to tell which one a receiver has. */
  secretHint: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  health: subscriptionHealthSchema,
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/**
 * How deliveries are retried, judged and given up on (docs/decisions/0020-webhook-delivery.md).
 */
import * as z from 'zod';

/** A receiver answering later than this has failed the attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The waits before each retry, in seconds: 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, about
 * 22 h 43 min in all (a day with the jitter). An event is attempted at most 9 times, then it lands in
 * the subscription's dead-letter list.
 */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 1_800, 3_600, 10_800, 21_600, 43_200] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Each wait is stretched or shrunk by up to this fraction at random, so receivers that failed together are not retried together. */
export const RETRY_JITTER = 0.2;

/**
 * The wait before the attempt after `failedAttempt` (1-based), in whole seconds; null when that
 * was the last attempt. `random` is in [0, 1).
 */
export function retryDelaySeconds(failedAttempt: number, random: number): number | null {
  const base = RETRY_DELAYS_SECONDS[failedAttempt - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random));
}

/** The longest a retry can be waited for (the jitter's upper end): what tests advance the clock by. */
export function longestRetryDelaySeconds(failedAttempt: number): number {
  return Math.ceil((RETRY_DELAYS_SECONDS[failedAttempt - 1] ?? 0) * (1 + RETRY_JITTER));
}

/** A 2xx answer is a success; anything else, a network error or the time-out is a failure. */
export function isSuccessStatus(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/** The health counts this many of a subscription's latest attempts. */
export const HEALTH_WINDOW_ATTEMPTS = 50;

/**
 * A subscription whose attempts have all failed for 3 days is switched off and staff are mailed
 * (checked at each failed attempt). With a day of retries per event, that is at least two events
 * dead-lettered in a row, or one event retried through a receiver's long outage.
 */
export const DISABLE_AFTER_FAILING_MS = 3 * 24 * 60 * 60 * 1000;

export function shouldDisable(failingSince: string | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_FAILING_MS;
}

/** How much of the receiver's answer is read and kept in the attempt log, in bytes. */
export const BODY_EXCERPT_LENGTH = 500;

/** What caused an attempt: the event's own delivery and its retries, a staff redelivery, or "Send test event". */
export const ATTEMPT_TRIGGERS = ['delivery', 'redelivery', 'test'] as const;

/** One attempt in a subscription's log. */
export const deliveryAttemptSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  trigger: z.enum(ATTEMPT_TRIGGERS),
  /** 1-based within its delivery (a redelivery starts again at 1). */
  attempt: z.number().int().positive(),
  at: z.iso.datetime(),
  ok: z.boolean(),
  /** The receiver's HTTP status; null for a network error, a time-out or a refused address. */
  status: z.number().int().nullable(),
  durationMs: z.number().int().nonnegative(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** An event the subscription's receiver did not take after the whole schedule; staff can redeliver it. */
export const deadLetterSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  eventTime: z.iso.datetime(),
  attempts: z.number().int().positive(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deadAt: z.iso.datetime(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

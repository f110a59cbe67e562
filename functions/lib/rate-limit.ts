import {
  clientAddressKey,
  decideAttempt,
  RATE_LIMITS,
  recipientKey,
  tooManyRequestsMessage,
  windowAt,
  type RateLimit,
  type RateLimitedAction,
} from '#domain/rate-limits';
import { clientAddressOf } from './client-address';
import { HttpError, requestTime, type HttpEvent } from './http';
import { logger } from './logger';
import { updateItem } from './table/items';
import { rateCounterKeys } from './table/keys/rate-limits';

/**
 * Counts an attempt at `action` for the address it mails and for the caller's address, and throws
 * a 429 (with Retry-After in seconds) when either limit is spent. Call it after validating the body
 * and before storing or sending anything, so a refused request leaves nothing behind.
 */
export async function limitAttempt(event: HttpEvent, action: RateLimitedAction, recipientEmail: string): Promise<void> {
  const now = requestTime(event);
  const limits = RATE_LIMITS[action];
  const [perRecipient, perClientAddress] = await Promise.all([
    countAttempt(action, 'perRecipient', recipientKey(recipientEmail), limits.perRecipient, now),
    countAttempt(action, 'perClientAddress', clientAddressKey(clientAddressOf(event)), limits.perClientAddress, now),
  ]);
  const decision = decideAttempt(limits, { perRecipient, perClientAddress }, now);
  if (decision.allowed) return;
  logger.warn('Rate limit refused an attempt', {
    action,
    perRecipient,
    perClientAddress,
    retryAfterSeconds: decision.retryAfterSeconds,
  });
  throw tooManyRequests(decision.retryAfterSeconds);
}

/**
 * Counts an attempt at `action` for the caller's address alone (an action that mails staff rather
 * than an address the caller names), and throws the same 429 as limitAttempt once the limit is spent.
 */
export async function limitAttemptFromAddress(event: HttpEvent, action: string, limit: RateLimit): Promise<void> {
  const now = requestTime(event);
  const perClientAddress = await countAttempt(
    action,
    'perClientAddress',
    clientAddressKey(clientAddressOf(event)),
    limit,
    now,
  );
  if (perClientAddress <= limit.limit) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(windowAt(limit, now).end - now.getTime() / 1000));
  logger.warn('Rate limit refused an attempt', { action, perClientAddress, retryAfterSeconds });
  throw tooManyRequests(retryAfterSeconds);
}

function tooManyRequests(retryAfterSeconds: number): HttpError {
  return new HttpError(429, tooManyRequestsMessage(retryAfterSeconds), undefined, {
    'retry-after': String(retryAfterSeconds),
  });
}

/**
 * Adds one to the window's counter and answers its new value: one atomic ADD, so concurrent
 * attempts on any number of instances each get their own count. Refused attempts count too,
 * which only keeps a sender refused until the window ends. Also counts the chat's flood limits
 * (functions/chat/flood.ts).
 */
export async function countAttempt(
  action: string,
  dimension: string,
  subject: string,
  limit: RateLimit,
  now: Date,
): Promise<number> {
  const window = windowAt(limit, now);
  const counted = await updateItem({
    Key: rateCounterKeys(action, dimension, subject, window.start),
    UpdateExpression: 'ADD attempts :one SET entity = :entity, expiresAt = :end',
    ExpressionAttributeValues: { ':one': 1, ':entity': 'rateCounter', ':end': window.end },
    ReturnValues: 'UPDATED_NEW',
  });
  return Number(counted?.attempts);
}

/**
 * Takes back one attempt countAttempt counted in the same window (`now` is the same request time):
 * for limits that count an attempt before knowing it is one to limit, as the punch-out guess limit
 * counts a credential check before it runs and takes it back when the credentials were right.
 */
export async function uncountAttempt(
  action: string,
  dimension: string,
  subject: string,
  limit: RateLimit,
  now: Date,
): Promise<void> {
  await updateItem({
    Key: rateCounterKeys(action, dimension, subject, windowAt(limit, now).start),
    UpdateExpression: 'ADD attempts :minusOne',
    ExpressionAttributeValues: { ':minusOne': -1 },
  });
}

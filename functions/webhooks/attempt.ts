/**
 * One signed attempt to deliver an event to a subscription, shared by the delivery function and
 * staff's test send; apart from deliver.ts, whose switched-off notice brings the mail renderer.
 */
import {
  BODY_EXCERPT_LENGTH,
  DELIVERY_TIMEOUT_MS,
  isSuccessStatus,
  type DeliveryAttempt,
} from '#domain/webhooks/delivery';
import type { WebhookShape } from '#domain/webhooks/payloads';
import { signWebhook } from '#domain/webhooks/signing';
import { postOutgoing } from '../lib/outgoing-request';
import { webhookBody, type WebhookEvent } from './payload';
import type { StoredSubscription } from './store';

export interface AttemptOutcome {
  /** Any 2xx within DELIVERY_TIMEOUT_MS. */
  ok: boolean;
  status: number | null;
  durationMs: number;
  bodyExcerpt: string;
  error: string | null;
}

/**
 * Signs and sends one attempt of `event` to the subscription, in `shape`, under the rules of every
 * request to a typed address (functions/lib/outgoing-request.ts); nothing is logged here.
 */
export async function sendEvent(
  subscription: StoredSubscription,
  event: WebhookEvent,
  shape: WebhookShape,
): Promise<AttemptOutcome> {
  const { body, contentType } = webhookBody(event, shape);
  const signature = await signWebhook(subscription.secret, event.id, new Date(), body);
  const answer = await postOutgoing({
    url: subscription.url,
    body,
    headers: { 'content-type': contentType, 'user-agent': 'shop-webhooks', ...signature },
    timeoutMs: DELIVERY_TIMEOUT_MS,
    maxBodyBytes: BODY_EXCERPT_LENGTH,
  });
  const ok = answer.error === null && isSuccessStatus(answer.status);
  return {
    ok,
    status: answer.status,
    durationMs: answer.durationMs,
    bodyExcerpt: answer.body,
    error: answer.error ?? (ok ? null : `HTTP ${answer.status}`),
  };
}

export function attemptOf(
  event: WebhookEvent,
  trigger: DeliveryAttempt['trigger'],
  attempt: number,
  at: Date,
  outcome: AttemptOutcome,
): DeliveryAttempt {
  return {
    eventId: event.id,
    eventType: event.type,
    trigger,
    attempt,
    at: at.toISOString(),
    ok: outcome.ok,
    status: outcome.status,
    durationMs: outcome.durationMs,
    error: outcome.error,
  };
}

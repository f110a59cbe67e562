/** The webhook admin routes (domain/webhooks/README.md); each sends the signed-in staff member's access token. */
import {
  attemptsPageSchema,
  deadLettersPageSchema,
  redeliverResponseSchema,
  subscriptionListResponseSchema,
  subscriptionResponseSchema,
  subscriptionWithSecretResponseSchema,
  testDeliveryResponseSchema,
  type AttemptsPage,
  type DeadLettersPage,
  type SubscriptionListResponse,
  type SubscriptionWithSecretResponse,
  type TestDeliveryResponse,
} from '#domain/webhooks/api';
import type { CreateSubscription, SubscriptionView, UpdateSubscription } from '#domain/webhooks/subscription';
import { apiRequest } from '../../api/client';

const subscriptionPath = (subscriptionId: string) => `/admin/webhooks/${encodeURIComponent(subscriptionId)}`;
const pagePath = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

/** Every subscription, newest first, with its health, and the events a subscription can choose. */
export async function fetchWebhookSubscriptions(): Promise<SubscriptionListResponse> {
  return subscriptionListResponseSchema.parse(await apiRequest('/admin/webhooks', { auth: true }));
}

/** Rejects with an ApiError 400 whose fieldErrors name the fields (`url`, `events`, `events.0.shape`…). */
export async function createWebhookSubscription(input: CreateSubscription): Promise<SubscriptionWithSecretResponse> {
  return subscriptionWithSecretResponseSchema.parse(
    await apiRequest('/admin/webhooks', { method: 'POST', body: input, auth: true }),
  );
}

export async function updateWebhookSubscription(
  subscriptionId: string,
  patch: UpdateSubscription,
): Promise<SubscriptionView> {
  const answer = await apiRequest(subscriptionPath(subscriptionId), { method: 'PATCH', body: patch, auth: true });
  return subscriptionResponseSchema.parse(answer).subscription;
}

export async function deleteWebhookSubscription(subscriptionId: string): Promise<void> {
  await apiRequest(subscriptionPath(subscriptionId), { method: 'DELETE', auth: true });
}

/** A new signing secret, in force at once; this answer is the only place it is shown. */
export async function rotateWebhookSecret(subscriptionId: string): Promise<SubscriptionWithSecretResponse> {
  return subscriptionWithSecretResponseSchema.parse(
    await apiRequest(`${subscriptionPath(subscriptionId)}/secret`, { method: 'POST', auth: true }),
  );
}

/** One test delivery now; answers what the receiver answered. The server waits up to its 10 s time-out, so this waits longer. */
export async function sendWebhookTestEvent(subscriptionId: string): Promise<TestDeliveryResponse> {
  const answer = await apiRequest(`${subscriptionPath(subscriptionId)}/test`, {
    method: 'POST',
    auth: true,
    timeoutMs: 20_000,
  });
  return testDeliveryResponseSchema.parse(answer);
}

export async function fetchWebhookAttempts(subscriptionId: string, cursor: string | null): Promise<AttemptsPage> {
  return attemptsPageSchema.parse(
    await apiRequest(pagePath(`${subscriptionPath(subscriptionId)}/attempts`, cursor), { auth: true }),
  );
}

export async function fetchWebhookDeadLetters(subscriptionId: string, cursor: string | null): Promise<DeadLettersPage> {
  return deadLettersPageSchema.parse(
    await apiRequest(pagePath(`${subscriptionPath(subscriptionId)}/dead-letters`, cursor), { auth: true }),
  );
}

/** Queues the event again with its own webhook-id; rejects 409 while its retries are still running. */
export async function redeliverWebhookEvent(subscriptionId: string, eventId: string): Promise<void> {
  redeliverResponseSchema.parse(
    await apiRequest(`${subscriptionPath(subscriptionId)}/redeliveries`, {
      method: 'POST',
      body: { eventId },
      auth: true,
    }),
  );
}

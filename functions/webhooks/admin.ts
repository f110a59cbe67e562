/**
 * The staff routes of the Webhooks tab (domain/webhooks/README.md): subscriptions, their secret,
 * a test event, the attempt log, dead letters and redelivery.
 */
import { randomUUID } from 'node:crypto';
import {
  pageQuerySchema,
  redeliverRequestSchema,
  WEBHOOK_EVENT_CHOICES,
  type AttemptsPage,
  type DeadLettersPage,
  type RedeliverResponse,
  type SubscriptionListResponse,
  type SubscriptionResponse,
  type SubscriptionWithSecretResponse,
  type TestDeliveryResponse,
} from '#domain/webhooks/api';
import { WEBHOOK_TEST_EVENT_TYPE } from '#domain/webhooks/payloads';
import { newSigningSecret } from '#domain/webhooks/signing';
import { createSubscriptionSchema, updateSubscriptionSchema } from '#domain/webhooks/subscription';
import { staffCaller } from '../lib/caller';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { outgoingUrlProblem } from '../lib/outgoing-request';
import { writeAsRead } from '../lib/table/audit';
import { attemptOf, sendEvent } from './attempt';
import { queueAttempt } from './queue';
import {
  attemptsPage,
  claimDelivery,
  deadLettersPage,
  deleteSubscription,
  listSubscriptions,
  putSubscription,
  readEvent,
  readSubscription,
  recordAttempt,
  updateSubscription,
  viewOf,
  type StoredSubscription,
} from './store';

const NOT_FOUND = 'This webhook was not found.';
const EVENT_NOT_FOUND = 'This event was not found.';
const STILL_DELIVERING = 'This event is still being delivered.';

async function checkUrl(url: string): Promise<void> {
  const problem = await outgoingUrlProblem(url);
  if (problem) throw new HttpError(400, 'Please correct the highlighted fields.', { url: problem });
}

async function subscriptionOfPath(event: HttpEvent): Promise<StoredSubscription> {
  const id = event.pathParameters?.subscriptionId ?? '';
  const found = /^[\w-]{1,100}$/.test(id) ? await readSubscription(id) : undefined;
  if (!found) throw new HttpError(404, NOT_FOUND);
  return found;
}

/** GET /api/admin/webhooks */
export const listWebhooks = httpHandler(async () => {
  const subscriptions = await Promise.all((await listSubscriptions()).map(viewOf));
  return json(200, { subscriptions, eventTypes: WEBHOOK_EVENT_CHOICES } satisfies SubscriptionListResponse);
});

/** POST /api/admin/webhooks */
export const createWebhook = httpHandler(async (event) => {
  const { userId } = staffCaller(event);
  const input = parseBody(event, createSubscriptionSchema);
  await checkUrl(input.url);
  const now = new Date().toISOString();
  const subscription: StoredSubscription = {
    id: randomUUID(),
    ...input,
    disabledReason: input.active ? null : 'staff',
    disabledAt: input.active ? null : now,
    secret: newSigningSecret(),
    secretSetAt: now,
    createdAt: now,
    updatedAt: now,
  };
  await putSubscription(subscription, userId);
  return json(201, {
    subscription: await viewOf(subscription),
    secret: subscription.secret,
  } satisfies SubscriptionWithSecretResponse);
});

/** PATCH /api/admin/webhooks/{subscriptionId}: decided from the subscription as read, again if it changed meanwhile (writeAsRead). */
export const updateWebhook = httpHandler(async (event) => {
  const { userId } = staffCaller(event);
  const patch = parseBody(event, updateSubscriptionSchema);
  if (patch.url !== undefined) await checkUrl(patch.url);
  const updated = await writeAsRead(async (at) => {
    const current = await subscriptionOfPath(event);
    const now = at.toISOString();
    const switched = patch.active !== undefined && patch.active !== current.active;
    const fields = {
      ...(Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as Partial<StoredSubscription>),
      updatedAt: now,
      ...(switched &&
        (patch.active
          ? { disabledReason: null, disabledAt: null }
          : { disabledReason: 'staff' as const, disabledAt: now })),
    };
    // Switched back on: a fresh start, not the failure streak that switched it off.
    return updateSubscription(current, fields, {
      staffId: userId,
      action: 'update',
      remove: switched && patch.active ? ['failingSince'] : [],
    });
  });
  return json(200, { subscription: await viewOf(updated) } satisfies SubscriptionResponse);
});

/** DELETE /api/admin/webhooks/{subscriptionId} */
export const deleteWebhook = httpHandler(async (event) => {
  const { userId } = staffCaller(event);
  const id = event.pathParameters?.subscriptionId ?? '';
  if (!/^[\w-]{1,100}$/.test(id) || !(await deleteSubscription(id, userId))) throw new HttpError(404, NOT_FOUND);
  return { statusCode: 204 };
});

/** POST /api/admin/webhooks/{subscriptionId}/secret: audited as rotated, with when, never the secret. */
export const rotateWebhookSecret = httpHandler(async (event) => {
  const { userId } = staffCaller(event);
  const secret = newSigningSecret();
  const updated = await writeAsRead(async (at) => {
    const current = await subscriptionOfPath(event);
    const now = at.toISOString();
    return updateSubscription(
      current,
      { secret, secretSetAt: now, updatedAt: now },
      { staffId: userId, action: 'rotateSecret' },
    );
  });
  return json(200, { subscription: await viewOf(updated), secret } satisfies SubscriptionWithSecretResponse);
});

/** POST /api/admin/webhooks/{subscriptionId}/test: one attempt now, logged, never retried. */
export const sendTestWebhook = httpHandler(async (event) => {
  const subscription = await subscriptionOfPath(event);
  const now = new Date();
  const testEvent = {
    id: `test_${randomUUID()}`,
    type: WEBHOOK_TEST_EVENT_TYPE,
    time: now.toISOString(),
    data: { message: 'A test event from the shop’s admin.', subscriptionId: subscription.id },
  };
  const outcome = await sendEvent(subscription, testEvent, 'envelope');
  await recordAttempt(subscription.id, attemptOf(testEvent, 'test', 1, now, outcome), now);
  return json(200, { webhookId: testEvent.id, ...outcome } satisfies TestDeliveryResponse);
});

/** GET /api/admin/webhooks/{subscriptionId}/attempts */
export const listWebhookAttempts = httpHandler(async (event) => {
  const subscription = await subscriptionOfPath(event);
  const { items, nextCursor } = await attemptsPage(subscription.id, parseQuery(event, pageQuerySchema).cursor);
  return json(200, { attempts: items, nextCursor } satisfies AttemptsPage);
});

/** GET /api/admin/webhooks/{subscriptionId}/dead-letters */
export const listWebhookDeadLetters = httpHandler(async (event) => {
  const subscription = await subscriptionOfPath(event);
  const { items, nextCursor } = await deadLettersPage(subscription.id, parseQuery(event, pageQuerySchema).cursor);
  return json(200, { deadLetters: items, nextCursor } satisfies DeadLettersPage);
});

/** POST /api/admin/webhooks/{subscriptionId}/redeliveries: the event again, same webhook-id, whole schedule. */
export const redeliverWebhookEvent = httpHandler(async (event) => {
  const subscription = await subscriptionOfPath(event);
  const { eventId } = parseBody(event, redeliverRequestSchema);
  const stored = await readEvent(eventId);
  if (!stored) throw new HttpError(404, EVENT_NOT_FOUND);
  if (!(await claimDelivery(eventId, subscription.id, new Date(), true))) throw new HttpError(409, STILL_DELIVERING);
  await queueAttempt({ eventId, subscriptionId: subscription.id, trigger: 'redelivery', attempt: 1 }, 0);
  return json(202, { eventId, subscriptionId: subscription.id } satisfies RedeliverResponse);
});

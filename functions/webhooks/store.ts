/**
 * The webhooks' table access: subscriptions, each one's attempt log and dead letters (its
 * partition), the per-event delivery claims and the events kept for retries and redeliveries.
 * Entities and access patterns: functions/lib/table/README.md.
 */
import { randomUUID } from 'node:crypto';
import { HEALTH_WINDOW_ATTEMPTS, type DeadLetter, type DeliveryAttempt } from '#domain/webhooks/delivery';
import { WEBHOOK_PAGE_SIZE } from '#domain/webhooks/api';
import type {
  DISABLED_REASONS,
  SubscribedEvent,
  SubscriptionHealth,
  SubscriptionView,
} from '#domain/webhooks/subscription';
import { secretHint } from '#domain/webhooks/signing';
import { epochSeconds, isExpired } from '../lib/table/expiry';
import { auditEntryWrite, CHANGED_SINCE_READ, writeAsRead } from '../lib/table/audit';
import {
  deleteItem,
  deleteItems,
  getItem,
  putItem,
  queryAll,
  queryPage,
  recordOf,
  tryConditional,
  updateItem,
} from '../lib/table/items';
import {
  WEBHOOK_ATTEMPT_SK_PREFIX,
  WEBHOOK_DEAD_LETTER_SK_PREFIX,
  WEBHOOK_SUBSCRIPTIONS_PARTITION,
  webhookAttemptKeys,
  webhookDeadLetterKeys,
  webhookDeliveryKeys,
  webhookEventKeys,
  webhookPartitionKey,
  webhookSubscriptionKeys,
} from '../lib/table/keys/webhooks';
import { cursorOf, startKeyInPartition } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import type { WebhookEvent } from './payload';

/** Events, attempts, dead letters and delivery claims are kept this long: staff can redeliver within it. */
const KEPT_FOR_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredSubscription {
  id: string;
  url: string;
  description: string;
  events: SubscribedEvent[];
  active: boolean;
  disabledReason: (typeof DISABLED_REASONS)[number] | null;
  disabledAt: string | null;
  secret: string;
  /** When the secret was made or last rotated (absent for a subscription older than this field): what the audit log records of a secret. */
  secretSetAt?: string;
  createdAt: string;
  updatedAt: string;
  /** Since when every attempt failed; absent after a success. */
  failingSince?: string;
}

const keptUntil = (now: Date) => epochSeconds(new Date(now.getTime() + KEPT_FOR_MS));

/** A subscription's own item in its partition. */
const subscriptionKey = (subscriptionId: string) => ({ pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' });

/**
 * A staff change of a subscription, for its audit log entry: what staff set, and when its secret
 * was set, never the secret (not even its hint).
 */
function subscriptionAudit(
  staffId: string,
  action: string,
  before: StoredSubscription | undefined,
  after: StoredSubscription | undefined,
  at: string,
): WriteItem | null {
  const fields = (subscription: StoredSubscription | undefined) =>
    subscription
      ? {
          url: subscription.url,
          description: subscription.description,
          events: subscription.events,
          active: subscription.active,
          disabledReason: subscription.disabledReason,
          secretSetAt: subscription.secretSetAt ?? null,
        }
      : null;
  const { id } = (after ?? before)!;
  return auditEntryWrite({
    staffId,
    at,
    action,
    record: { kind: 'webhook', id },
    before: fields(before),
    after: fields(after),
  });
}

/** Stores a new subscription, with the audit log entry of the member of staff who made it (`staffId`; a seed has none). */
export async function putSubscription(subscription: StoredSubscription, staffId?: string): Promise<void> {
  const outcome = await transact({
    subscription: {
      Put: {
        Item: {
          ...webhookSubscriptionKeys(subscription.id, subscription.createdAt),
          entity: 'WebhookSubscription',
          ...subscription,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    audit: staffId ? subscriptionAudit(staffId, 'create', undefined, subscription, subscription.createdAt) : null,
  });
  if (!outcome.committed) throw new TransactionCancelled(outcome.failed);
}

export async function readSubscription(subscriptionId: string): Promise<StoredSubscription | undefined> {
  const item = await getItem(subscriptionKey(subscriptionId), { consistent: true });
  return item ? recordOf<StoredSubscription>(item) : undefined;
}

/** Every subscription, newest first (a handful: staff make them one by one). */
export async function listSubscriptions(): Promise<StoredSubscription[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    ExpressionAttributeValues: { ':partition': WEBHOOK_SUBSCRIPTIONS_PARTITION },
    ScanIndexForward: false,
  });
  return items.map((item) => recordOf<StoredSubscription>(item));
}

/**
 * A staff member's change of a subscription as read (`current`): sets `fields` and removes
 * `remove`, with the audit log entry of `action`, in one transaction conditioned on the
 * subscription being still as read (its `updatedAt`, which every change but a delivery's failure
 * streak moves), so the entry's before is exact. Answers the subscription as changed, or
 * CHANGED_SINCE_READ (changed or deleted since: writeAsRead reads again).
 */
export async function updateSubscription(
  current: StoredSubscription,
  fields: Partial<StoredSubscription> & { updatedAt: string },
  change: { staffId: string; action: string; remove?: Array<keyof StoredSubscription> },
): Promise<StoredSubscription | typeof CHANGED_SINCE_READ> {
  const remove = change.remove ?? [];
  const names = Object.keys(fields);
  const set = names.map((name) => `#${name} = :${name}`).join(', ');
  const removed = remove.map((name) => `#${name}`).join(', ');
  const updated: StoredSubscription = { ...current, ...fields };
  for (const name of remove) delete updated[name as 'failingSince'];
  const outcome = await transact({
    subscription: {
      Update: {
        Key: subscriptionKey(current.id),
        UpdateExpression: [`SET ${set}`, removed && `REMOVE ${removed}`].filter(Boolean).join(' '),
        ConditionExpression: 'attribute_exists(pk) AND #updatedAt = :read',
        ExpressionAttributeNames: Object.fromEntries(
          [...names, ...remove, 'updatedAt'].map((name) => [`#${name}`, name]),
        ),
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((name) => [`:${name}`, fields[name as keyof StoredSubscription]])),
          ':read': current.updatedAt,
        },
      },
    },
    audit: subscriptionAudit(change.staffId, change.action, current, updated, fields.updatedAt),
  });
  if (outcome.committed) return updated;
  if (outcome.failed.has('subscription')) return CHANGED_SINCE_READ;
  throw new TransactionCancelled(outcome.failed);
}

/**
 * Deletes the subscription with its log and dead letters, and the audit log entry of the member of
 * staff who deleted it (the subscription as read: writeAsRead); false when it did not exist.
 */
export async function deleteSubscription(subscriptionId: string, staffId: string): Promise<boolean> {
  const deleted = await writeAsRead(async (now) => {
    const current = await readSubscription(subscriptionId);
    if (!current) return false;
    const outcome = await transact({
      subscription: {
        Delete: {
          Key: subscriptionKey(subscriptionId),
          ConditionExpression: 'updatedAt = :read',
          ExpressionAttributeValues: { ':read': current.updatedAt },
        },
      },
      audit: subscriptionAudit(staffId, 'delete', current, undefined, now.toISOString()),
    });
    if (outcome.committed) return true;
    if (outcome.failed.has('subscription')) return CHANGED_SINCE_READ;
    throw new TransactionCancelled(outcome.failed);
  });
  if (!deleted) return false;
  const rest = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': webhookPartitionKey(subscriptionId) },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(rest.map((item) => ({ pk: item.pk as string, sk: item.sk as string })));
  return true;
}

/** The success rate of the subscription's latest attempts. */
export async function healthOf(subscription: StoredSubscription): Promise<SubscriptionHealth> {
  const { items: Items } = await queryPage({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': webhookPartitionKey(subscription.id), ':prefix': WEBHOOK_ATTEMPT_SK_PREFIX },
    ProjectionExpression: '#ok, #at',
    ExpressionAttributeNames: { '#ok': 'ok', '#at': 'at' },
    ScanIndexForward: false,
    Limit: HEALTH_WINDOW_ATTEMPTS,
  });
  const succeeded = Items.filter((item) => item.ok === true).length;
  return {
    attempts: Items.length,
    succeeded,
    successRate: Items.length === 0 ? null : succeeded / Items.length,
    lastAttemptAt: (Items[0]?.at as string | undefined) ?? null,
    failingSince: subscription.failingSince ?? null,
  };
}

export async function viewOf(subscription: StoredSubscription): Promise<SubscriptionView> {
  const { secret, secretSetAt: _secretSetAt, failingSince: _failingSince, ...shown } = subscription;
  return { ...shown, secretHint: secretHint(secret), health: await healthOf(subscription) };
}

/**
 * Logs an attempt and keeps the subscription's failure streak: cleared by a success, started by the
 * first failure after one. Answers the subscription as it is after the attempt (undefined if deleted).
 */
export async function recordAttempt(
  subscriptionId: string,
  attempt: DeliveryAttempt,
  now: Date,
): Promise<StoredSubscription | undefined> {
  await putItem({
    Item: {
      ...webhookAttemptKeys(subscriptionId, attempt.at, randomUUID()),
      entity: 'WebhookAttempt',
      ...attempt,
      expiresAt: keptUntil(now),
    },
  });
  const streak = updateItem({
    Key: subscriptionKey(subscriptionId),
    UpdateExpression: attempt.ok ? 'REMOVE failingSince' : 'SET failingSince = if_not_exists(failingSince, :at)',
    ConditionExpression: 'attribute_exists(pk)',
    ...(!attempt.ok && { ExpressionAttributeValues: { ':at': attempt.at } }),
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(streak))) return undefined;
  return recordOf<StoredSubscription>((await streak)!);
}

/** Switches off a subscription that has failed for days; true only for the call that switched it (one staff mail). */
export function disableFailingSubscription(subscriptionId: string, now: Date): Promise<boolean> {
  return tryConditional(
    updateItem({
      Key: subscriptionKey(subscriptionId),
      UpdateExpression: 'SET active = :off, disabledReason = :reason, disabledAt = :now, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND active = :on',
      ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': 'failing', ':now': now.toISOString() },
    }),
  );
}

async function pageOf<T>(
  subscriptionId: string,
  prefix: string,
  cursor: string | undefined,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const partition = webhookPartitionKey(subscriptionId);
  const page = await queryPage(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: WEBHOOK_PAGE_SIZE,
    },
    startKeyInPartition(cursor, partition, prefix),
  );
  const items = page.items
    .filter((item) => !isExpired(item))
    .map((item) => {
      const { expiresAt: _expiresAt, ...record } = recordOf<T & { expiresAt?: number }>(item);
      return record as T;
    });
  return { items, nextCursor: cursorOf(page.lastKey) };
}

export function attemptsPage(subscriptionId: string, cursor: string | undefined) {
  return pageOf<DeliveryAttempt>(subscriptionId, WEBHOOK_ATTEMPT_SK_PREFIX, cursor);
}

export function deadLettersPage(subscriptionId: string, cursor: string | undefined) {
  return pageOf<DeadLetter>(subscriptionId, WEBHOOK_DEAD_LETTER_SK_PREFIX, cursor);
}

export async function putDeadLetter(subscriptionId: string, deadLetter: DeadLetter, now: Date): Promise<void> {
  await putItem({
    Item: {
      ...webhookDeadLetterKeys(subscriptionId, deadLetter.deadAt, deadLetter.eventId),
      entity: 'WebhookDeadLetter',
      ...deadLetter,
      expiresAt: keptUntil(now),
    },
  });
}

/** Keeps an event for its retries and redeliveries (the same event put twice stays one item). */
export async function putEvent(event: WebhookEvent, now: Date): Promise<void> {
  await putItem({
    Item: { ...webhookEventKeys(event.id), entity: 'WebhookEvent', ...event, expiresAt: keptUntil(now) },
  });
}

export async function readEvent(eventId: string): Promise<WebhookEvent | undefined> {
  const item = await getItem(webhookEventKeys(eventId));
  if (!item || isExpired(item)) return undefined;
  const { expiresAt: _expiresAt, ...event } = recordOf<WebhookEvent & { expiresAt: number }>(item);
  return event;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'dead';

/**
 * Claims the delivery of an event to a subscription: true for the first claim only, so a duplicate
 * of the event on the bus queues nothing more. A redelivery claims it again once it is no longer
 * pending (succeeded, dead, or never made); false while its retries are still running.
 */
export function claimDelivery(
  eventId: string,
  subscriptionId: string,
  now: Date,
  redelivery = false,
): Promise<boolean> {
  return tryConditional(
    putItem({
      Item: {
        ...webhookDeliveryKeys(eventId, subscriptionId),
        entity: 'WebhookDelivery',
        eventId,
        subscriptionId,
        status: 'pending',
        expiresAt: keptUntil(now),
      },
      ConditionExpression: redelivery ? 'attribute_not_exists(pk) OR #status <> :pending' : 'attribute_not_exists(pk)',
      ...(redelivery && {
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending' },
      }),
    }),
  );
}

export async function settleDelivery(
  eventId: string,
  subscriptionId: string,
  status: Exclude<DeliveryStatus, 'pending'>,
): Promise<void> {
  await updateItem({
    Key: webhookDeliveryKeys(eventId, subscriptionId),
    UpdateExpression: 'SET #status = :status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': status },
  });
}

/** Gives a claim back when its message could not be queued, so the bus's retry of the event queues it. */
export async function releaseDelivery(eventId: string, subscriptionId: string): Promise<void> {
  await deleteItem({ Key: webhookDeliveryKeys(eventId, subscriptionId) });
}

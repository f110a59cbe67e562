/**
 * The webhooks' table access: subscriptions, each one's attempt log and dead letters (its
 * partition), the per-event delivery claims and the events kept for retries and redeliveries.
 * Entities and access patterns: functions/lib/table/README.md.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { epochSeconds, isExpired } from '../lib/table/expiry';
import { deleteItems, isConditionFailure, queryAll, recordOf } from '../lib/table/items';
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
} from '../lib/table/keys';
import { cursorOf, startKeyInPartition } from '../lib/table/page-cursor';
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
  createdAt: string;
  updatedAt: string;
  /** Since when every attempt failed; absent after a success. */
  failingSince?: string;
}

const table = () => config().TABLE_NAME;
const keptUntil = (now: Date) => epochSeconds(new Date(now.getTime() + KEPT_FOR_MS));

export async function putSubscription(subscription: StoredSubscription): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...webhookSubscriptionKeys(subscription.id, subscription.createdAt),
        entity: 'WebhookSubscription',
        ...subscription,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function readSubscription(subscriptionId: string): Promise<StoredSubscription | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: table(),
      Key: { pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' },
      ConsistentRead: true,
    }),
  );
  return Item ? recordOf<StoredSubscription>(Item) : undefined;
}

/** Every subscription, newest first (a handful: staff make them one by one). */
export async function listSubscriptions(): Promise<StoredSubscription[]> {
  const items = await queryAll({
    TableName: table(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :partition',
    ExpressionAttributeValues: { ':partition': WEBHOOK_SUBSCRIPTIONS_PARTITION },
    ScanIndexForward: false,
  });
  return items.map((item) => recordOf<StoredSubscription>(item));
}

/** Sets the given fields of an existing subscription; undefined when it does not exist. */
export async function updateSubscription(
  subscriptionId: string,
  fields: Partial<StoredSubscription>,
  remove: Array<keyof StoredSubscription> = [],
): Promise<StoredSubscription | undefined> {
  const names = Object.keys(fields);
  const set = names.map((name) => `#${name} = :${name}`).join(', ');
  const removed = remove.map((name) => `#${name}`).join(', ');
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' },
        UpdateExpression: [set && `SET ${set}`, removed && `REMOVE ${removed}`].filter(Boolean).join(' '),
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries([...names, ...remove].map((name) => [`#${name}`, name])),
        ...(names.length > 0 && {
          ExpressionAttributeValues: Object.fromEntries(
            names.map((name) => [`:${name}`, fields[name as keyof StoredSubscription]]),
          ),
        }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf<StoredSubscription>(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Deletes the subscription with its log and dead letters; false when it did not exist. */
export async function deleteSubscription(subscriptionId: string): Promise<boolean> {
  const { Attributes } = await documentClient().send(
    new DeleteCommand({
      TableName: table(),
      Key: { pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' },
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes) return false;
  const rest = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': webhookPartitionKey(subscriptionId) },
    ProjectionExpression: 'pk, sk',
  });
  await deleteItems(
    table(),
    rest.map((item) => ({ pk: item.pk as string, sk: item.sk as string })),
  );
  return true;
}

/** The success rate of the subscription's latest attempts. */
export async function healthOf(subscription: StoredSubscription): Promise<SubscriptionHealth> {
  const { Items = [] } = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': webhookPartitionKey(subscription.id), ':prefix': WEBHOOK_ATTEMPT_SK_PREFIX },
      ProjectionExpression: '#ok, #at',
      ExpressionAttributeNames: { '#ok': 'ok', '#at': 'at' },
      ScanIndexForward: false,
      Limit: HEALTH_WINDOW_ATTEMPTS,
    }),
  );
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
  const { secret, failingSince: _failingSince, ...shown } = subscription;
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
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...webhookAttemptKeys(subscriptionId, attempt.at, randomUUID()),
        entity: 'WebhookAttempt',
        ...attempt,
        expiresAt: keptUntil(now),
      },
    }),
  );
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' },
        UpdateExpression: attempt.ok ? 'REMOVE failingSince' : 'SET failingSince = if_not_exists(failingSince, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ...(!attempt.ok && { ExpressionAttributeValues: { ':at': attempt.at } }),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf<StoredSubscription>(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Switches off a subscription that has failed for days; true only for the call that switched it (one staff mail). */
export async function disableFailingSubscription(subscriptionId: string, now: Date): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: webhookPartitionKey(subscriptionId), sk: 'SUBSCRIPTION' },
        UpdateExpression: 'SET active = :off, disabledReason = :reason, disabledAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND active = :on',
        ExpressionAttributeValues: { ':off': false, ':on': true, ':reason': 'failing', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function pageOf<T>(
  subscriptionId: string,
  prefix: string,
  cursor: string | undefined,
): Promise<{ items: T[]; nextCursor: string | null }> {
  const partition = webhookPartitionKey(subscriptionId);
  const result = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: WEBHOOK_PAGE_SIZE,
      ExclusiveStartKey: startKeyInPartition(cursor, partition, prefix),
    }),
  );
  const items = (result.Items ?? [])
    .filter((item) => !isExpired(item))
    .map((item) => {
      const { expiresAt: _expiresAt, ...record } = recordOf<T & { expiresAt?: number }>(item);
      return record as T;
    });
  return { items, nextCursor: cursorOf(result.LastEvaluatedKey) };
}

export function attemptsPage(subscriptionId: string, cursor: string | undefined) {
  return pageOf<DeliveryAttempt>(subscriptionId, WEBHOOK_ATTEMPT_SK_PREFIX, cursor);
}

export function deadLettersPage(subscriptionId: string, cursor: string | undefined) {
  return pageOf<DeadLetter>(subscriptionId, WEBHOOK_DEAD_LETTER_SK_PREFIX, cursor);
}

export async function putDeadLetter(subscriptionId: string, deadLetter: DeadLetter, now: Date): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...webhookDeadLetterKeys(subscriptionId, deadLetter.deadAt, deadLetter.eventId),
        entity: 'WebhookDeadLetter',
        ...deadLetter,
        expiresAt: keptUntil(now),
      },
    }),
  );
}

/** Keeps an event for its retries and redeliveries (the same event put twice stays one item). */
export async function putEvent(event: WebhookEvent, now: Date): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...webhookEventKeys(event.id), entity: 'WebhookEvent', ...event, expiresAt: keptUntil(now) },
    }),
  );
}

export async function readEvent(eventId: string): Promise<WebhookEvent | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: table(), Key: webhookEventKeys(eventId) }));
  if (!Item || isExpired(Item)) return undefined;
  const { expiresAt: _expiresAt, ...event } = recordOf<WebhookEvent & { expiresAt: number }>(Item);
  return event;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'dead';

/**
 * Claims the delivery of an event to a subscription: true for the first claim only, so a duplicate
 * of the event on the bus queues nothing more. A redelivery claims it again once it is no longer
 * pending (succeeded, dead, or never made); false while its retries are still running.
 */
export async function claimDelivery(
  eventId: string,
  subscriptionId: string,
  now: Date,
  redelivery = false,
): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...webhookDeliveryKeys(eventId, subscriptionId),
          entity: 'WebhookDelivery',
          eventId,
          subscriptionId,
          status: 'pending',
          expiresAt: keptUntil(now),
        },
        ConditionExpression: redelivery
          ? 'attribute_not_exists(pk) OR #status <> :pending'
          : 'attribute_not_exists(pk)',
        ...(redelivery && {
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function settleDelivery(
  eventId: string,
  subscriptionId: string,
  status: Exclude<DeliveryStatus, 'pending'>,
): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: webhookDeliveryKeys(eventId, subscriptionId),
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}

/** Gives a claim back when its message could not be queued, so the bus's retry of the event queues it. */
export async function releaseDelivery(eventId: string, subscriptionId: string): Promise<void> {
  await documentClient().send(
    new DeleteCommand({ TableName: table(), Key: webhookDeliveryKeys(eventId, subscriptionId) }),
  );
}

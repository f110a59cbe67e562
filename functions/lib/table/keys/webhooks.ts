/**
 * The table's keys of webhook subscriptions, their attempts, dead letters and deliveries
 * (functions/webhooks); see ../README.md.
 */

/**
 * A webhook subscription. Its attempt log and dead letters share its partition (each a Query,
 * newest first); subscriptions are listed (staff, and the fan-out of each event) through gsi1.
 */
export function webhookSubscriptionKeys(subscriptionId: string, createdAt: string) {
  return {
    pk: webhookPartitionKey(subscriptionId),
    sk: 'SUBSCRIPTION',
    gsi1pk: WEBHOOK_SUBSCRIPTIONS_PARTITION,
    gsi1sk: `${createdAt}#${subscriptionId}`,
  };
}

export function webhookPartitionKey(subscriptionId: string) {
  return `WEBHOOK#${subscriptionId}`;
}

export const WEBHOOK_SUBSCRIPTIONS_PARTITION = 'WEBHOOKS';
export const WEBHOOK_ATTEMPT_SK_PREFIX = 'ATTEMPT#';
export const WEBHOOK_DEAD_LETTER_SK_PREFIX = 'DEAD#';

export function webhookAttemptKeys(subscriptionId: string, at: string, attemptId: string) {
  return { pk: webhookPartitionKey(subscriptionId), sk: `${WEBHOOK_ATTEMPT_SK_PREFIX}${at}#${attemptId}` };
}

export function webhookDeadLetterKeys(subscriptionId: string, deadAt: string, eventId: string) {
  return { pk: webhookPartitionKey(subscriptionId), sk: `${WEBHOOK_DEAD_LETTER_SK_PREFIX}${deadAt}#${eventId}` };
}

/** One event's delivery to one subscription, claimed by a conditional put: a duplicate bus delivery adds none. */
export function webhookDeliveryKeys(eventId: string, subscriptionId: string) {
  return { pk: `DELIVERY#${eventId}#${subscriptionId}`, sk: 'DELIVERY' };
}

/** An event as delivered to webhooks, kept for retries and staff redeliveries. */
export function webhookEventKeys(eventId: string) {
  return { pk: `WEBHOOK_EVENT#${eventId}`, sk: 'EVENT' };
}

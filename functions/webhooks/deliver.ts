/**
 * The delivery function: one SQS message, one attempt (docs/decisions/0020). A message whose wait
 * is not over goes back on the queue for the next step of it. Otherwise the event is signed and
 * sent to the subscription's URL; the attempt is logged; a failure queues the next attempt on the
 * retry schedule, or after the last one puts the event in the subscription's dead letters. A
 * subscription failing for days is switched off and staff are mailed.
 *
 * "Now" is when SQS handed the message over (its ApproximateFirstReceiveTimestamp): on AWS that is
 * the attempt's time; the local queue sets it from its clock, which tests drive.
 */
import type { SQSEvent } from 'aws-lambda';
import { MAX_ATTEMPTS, retryDelaySeconds, shouldDisable } from '#domain/webhooks/delivery';
import { OPERATIONAL_METRICS } from '#events/business-metrics';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { attemptOf, sendEvent } from './attempt';
import type { WebhookEvent } from './payload';
import { deliveryMessageSchema, queueAttempt, type DeliveryMessage } from './queue';
import {
  disableFailingSubscription,
  putDeadLetter,
  readEvent,
  readSubscription,
  recordAttempt,
  settleDelivery,
  type StoredSubscription,
} from './store';

/** Staff's notice that a webhook failing for 3 days was switched off. */
export function webhookSwitchedOffMail(
  subscription: Pick<StoredSubscription, 'url' | 'description'>,
  { siteUrl, staffEmail }: MailSettings,
): Mail {
  return brandedMail({
    to: [staffEmail],
    subject: 'A webhook was switched off after failing for 3 days',
    preview: `Deliveries to ${subscription.url} stopped`,
    siteUrl,
    blocks: [
      {
        kind: 'paragraph',
        text: `The webhook to ${subscription.url}${subscription.description ? ` (${subscription.description})` : ''} has failed every delivery for 3 days and has been switched off.`,
      },
      {
        kind: 'paragraph',
        text: 'Its events wait in its dead letters: once the receiver works again, switch it back on and redeliver them in Admin → Webhooks.',
      },
      { kind: 'link', label: 'Open Admin', url: `${siteUrl}/admin`, primary: true },
    ],
  });
}

async function deadLetter(
  message: DeliveryMessage,
  event: WebhookEvent,
  now: Date,
  last: { status: number | null; error: string | null },
): Promise<void> {
  await putDeadLetter(
    message.subscriptionId,
    {
      eventId: event.id,
      eventType: event.type,
      eventTime: event.time,
      attempts: message.attempt,
      lastStatus: last.status,
      lastError: last.error,
      deadAt: now.toISOString(),
    },
    now,
  );
  await settleDelivery(event.id, message.subscriptionId, 'dead');
}

async function attempt(message: DeliveryMessage, now: Date): Promise<void> {
  const [subscription, event] = await Promise.all([
    readSubscription(message.subscriptionId),
    readEvent(message.eventId),
  ]);
  if (!subscription || !event) {
    logger.info('Webhook delivery dropped: its subscription or event is gone', { ...message });
    return;
  }
  if (!subscription.active) {
    await deadLetter(message, event, now, { status: null, error: 'The webhook is switched off.' });
    return;
  }
  const shape = subscription.events.find((chosen) => chosen.type === event.type)?.shape ?? 'envelope';
  const outcome = await sendEvent(subscription, event, shape);
  const after = await recordAttempt(
    subscription.id,
    attemptOf(event, message.trigger, message.attempt, now, outcome),
    now,
  );
  if (outcome.ok) {
    await settleDelivery(event.id, subscription.id, 'succeeded');
    return;
  }
  if (
    after &&
    shouldDisable(after.failingSince ?? null, now) &&
    (await disableFailingSubscription(subscription.id, now))
  ) {
    await sendMail(webhookSwitchedOffMail(subscription, mailSettings()));
  }
  const delay = message.attempt < MAX_ATTEMPTS ? retryDelaySeconds(message.attempt, Math.random()) : null;
  if (delay === null) {
    countMetric(OPERATIONAL_METRICS.webhookDeliveryFailed);
    return deadLetter(message, event, now, outcome);
  }
  await queueAttempt({ ...message, attempt: message.attempt + 1 }, delay);
}

export const handler = async (event: SQSEvent): Promise<void> => {
  for (const record of event.Records) {
    const message = deliveryMessageSchema.parse(JSON.parse(record.body));
    if (message.waitSeconds > 0) {
      await queueAttempt(message, message.waitSeconds);
      continue;
    }
    await attempt(message, new Date(Number(record.attributes.ApproximateFirstReceiveTimestamp)));
  }
};

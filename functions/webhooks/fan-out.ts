/**
 * The consumer of every deliverable event (multiEventConsumers in events/catalog.ts): the event is
 * kept for its retries and redeliveries, and one delivery is queued per active subscription to its
 * type, each claimed by a conditional put on DELIVERY#<eventId>#<subscriptionId>, so the bus
 * delivering the event twice, or the event outbox publishing it twice, queues each delivery once
 * (the event id is `eventIdOf`'s: the outbox's stable id when it has one, which receivers also get
 * as the webhook-id). Each delivery is its own queue message: no receiver waits for another.
 */
import type { EventBridgeEvent } from 'aws-lambda';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- it receives every event, so it reads every schema.
import { eventCatalog } from '#events/catalog';
import { correlationIdIn, withCorrelationId } from '../lib/correlation';
import { eventIdOf } from '../lib/events';
import { queueAttempt } from './queue';
import { claimDelivery, listSubscriptions, putEvent, releaseDelivery } from './store';

export const handler = (envelope: EventBridgeEvent<string, unknown>): Promise<void> =>
  withCorrelationId(correlationIdIn(envelope.detail) ?? envelope.id, () => fanOut(envelope));

async function fanOut(envelope: EventBridgeEvent<string, unknown>): Promise<void> {
  const declaration = eventCatalog.find((event) => event.name === envelope['detail-type']);
  if (!declaration) throw new Error(`No contract for ${envelope['detail-type']}`);
  const data = declaration.detail.parse(envelope.detail) as Record<string, unknown>;
  const subscribers = (await listSubscriptions()).filter(
    (subscription) => subscription.active && subscription.events.some((chosen) => chosen.type === declaration.name),
  );
  if (subscribers.length === 0) return;
  const now = new Date();
  const eventId = eventIdOf(envelope);
  await putEvent({ id: eventId, type: declaration.name, time: envelope.time, data }, now);
  await Promise.all(
    subscribers.map(async (subscription) => {
      if (!(await claimDelivery(eventId, subscription.id, now))) return;
      try {
        await queueAttempt({ eventId, subscriptionId: subscription.id, trigger: 'delivery', attempt: 1 }, 0);
      } catch (error) {
        await releaseDelivery(eventId, subscription.id);
        throw error;
      }
    }),
  );
}

/**
 * The consumer of every deliverable event (multiEventConsumers in events/catalog.ts): the event is
 * kept for its retries and redeliveries, and one delivery is queued per active subscription to its
 * type, each claimed by a conditional put on DELIVERY#<eventId>#<subscriptionId>, so the bus
 * delivering the event twice queues each delivery once. Each delivery is its own queue message:
 * no receiver waits for another.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { eventCatalog } from '../../events/catalog';
import { queueAttempt } from './queue';
import { claimDelivery, listSubscriptions, putEvent, releaseDelivery } from './store';

export const handler = async (envelope: EventBridgeEvent<string, unknown>): Promise<void> => {
  const declaration = eventCatalog.find((event) => event.name === envelope['detail-type']);
  if (!declaration) throw new Error(`No contract for ${envelope['detail-type']}`);
  const data = declaration.detail.parse(envelope.detail) as Record<string, unknown>;
  const subscribers = (await listSubscriptions()).filter((subscription) => subscription.active && subscription.events.some((chosen) => chosen.type === declaration.name));
  if (subscribers.length === 0) return;
  const now = new Date();
  await putEvent({ id: envelope.id, type: declaration.name, time: envelope.time, data }, now);
  await Promise.all(
    subscribers.map(async (subscription) => {
      if (!(await claimDelivery(envelope.id, subscription.id, now))) return;
      try {
        await queueAttempt({ eventId: envelope.id, subscriptionId: subscription.id, trigger: 'delivery', attempt: 1 }, 0);
      } catch (error) {
        await releaseDelivery(envelope.id, subscription.id);
        throw error;
      }
    }),
  );
};

/**
 * The event outbox (docs/decisions/0033): the event of an order's, a payment's, a status change's or
 * a return's change is an item written in the same transaction as the change, so a committed change
 * always has its event. Right after the commit the producer publishes it and deletes the item; what
 * is still there a few seconds later (the process stopped, the bus refused) the scheduled sweep
 * publishes (PublishEventOutbox in functions/schedules.ts). Every publication of an item carries the
 * item's id in the detail as `eventId`, which consumers key on (`eventIdOf` in events.ts), so an
 * event published twice has one effect. (infra/local/outbox.ts is the local stack's mail outbox.)
 */
import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import type { EventDeclaration, EventDetail } from '#events/declaration';
import { correlated } from './correlation';
import { putOnBus } from './events';
import { logger } from './logger';
import { deleteItem, queryAll } from './table/items';
import { EVENT_OUTBOX_PARTITION, eventOutboxIndexKeys, eventOutboxKeys } from './table/keys/event-outbox';
import type { CommittedEvent } from './table/transaction';

/**
 * The most an event's detail may weigh: EventBridge takes entries of up to 256 KB, and the outbox
 * item (at most 400 KB) holds the detail; the margin covers the entry's other fields.
 */
const EVENT_DETAIL_MAX_BYTES = 200 * 1024;

/** How long the producer has to publish its event itself before the sweep publishes it. */
export const OUTBOX_SWEEP_AFTER_MS = 10_000;

/** An event whose detail breaks its contract or is too large for the bus: refused before anything is written. */
export class UnpublishableEvent extends Error {
  constructor(
    /** The detail's field at fault (`customer.email`), or null when the detail as a whole is too large. */
    readonly field: string | null,
    readonly reason: string,
  ) {
    super(field ? `${field}: ${reason}` : reason);
    this.name = 'UnpublishableEvent';
  }
}

/**
 * An event for the transaction of the change it reports (`transact`'s `events`): `put` is its outbox
 * item's Put; `send`, after the commit, publishes the event and deletes its item, and never throws
 * (a failure is logged and left to the sweep).
 */
export type OutboxEvent = CommittedEvent;

interface OutboxItem {
  eventId: string;
  eventName: string;
  detailJson: string;
}

/** An event for the outbox: its detail is checked against its contract and serialized now, with its stable id. */
export function outboxEvent<E extends EventDeclaration>(event: E, detail: EventDetail<E>): OutboxEvent {
  const checked = event.detail.safeParse(detail);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    throw new UnpublishableEvent(issue?.path.join('.') || null, issue?.message ?? `${event.name} breaks its contract`);
  }
  const eventId = randomUUID();
  const item: OutboxItem = {
    eventId,
    eventName: event.name,
    detailJson: JSON.stringify(correlated({ ...(checked.data as object), version: event.version, eventId })),
  };
  const bytes = Buffer.byteLength(item.detailJson);
  if (bytes > EVENT_DETAIL_MAX_BYTES) {
    throw new UnpublishableEvent(
      null,
      `its ${event.name} event would be ${Math.ceil(bytes / 1024)} KB, more than the ${EVENT_DETAIL_MAX_BYTES / 1024} KB an event may carry`,
    );
  }
  const createdAt = new Date().toISOString();
  return {
    put: {
      Put: {
        Item: {
          ...eventOutboxKeys(eventId),
          ...eventOutboxIndexKeys(createdAt, eventId),
          entity: 'eventOutbox',
          ...item,
          createdAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    send: async () => {
      await publishAndDelete(item);
    },
  };
}

async function publishAndDelete(item: OutboxItem): Promise<boolean> {
  try {
    await putOnBus(item.eventName, item.detailJson);
    await deleteItem({ Key: eventOutboxKeys(item.eventId) });
    return true;
  } catch (error) {
    logger.error('An event stays in the outbox for the sweep', {
      error: error as Error,
      eventId: item.eventId,
      eventName: item.eventName,
    });
    return false;
  }
}

/**
 * The scheduled sweep: publishes, oldest first, every outbox item older than OUTBOX_SWEEP_AFTER_MS
 * at the schedule's time, and deletes each once the bus took it. One the bus refuses again stays
 * for the next run. A producer still publishing its own item meanwhile publishes it a second time
 * under the same `eventId`, which its consumers handle once.
 */
export async function sweep(event: Pick<ScheduledEvent, 'time'>): Promise<{ published: number; left: number }> {
  const before = new Date(new Date(event.time).getTime() - OUTBOX_SWEEP_AFTER_MS).toISOString();
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk < :before',
    ExpressionAttributeValues: { ':pk': EVENT_OUTBOX_PARTITION, ':before': before },
  });
  let published = 0;
  for (const { eventId, eventName, detailJson } of items) {
    if (
      await publishAndDelete({ eventId: String(eventId), eventName: String(eventName), detailJson: String(detailJson) })
    )
      published += 1;
  }
  if (items.length > 0)
    logger.info('Event outbox swept', { published, left: items.length - published, at: event.time });
  return { published, left: items.length - published };
}

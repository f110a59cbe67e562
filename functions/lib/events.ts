import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { EventBridgeEvent } from 'aws-lambda';
import { EVENT_SOURCE, type EventDeclaration, type EventDetail } from '#events/declaration';
import { eventBridgeClient } from './aws-clients';
import { config } from './config';
import { correlated } from './correlation';

/**
 * Publishes one event, its detail checked against its contract. Orders, payments, status changes
 * and returns publish through the event outbox instead (event-outbox.ts), so the event is committed
 * with the change; the other producers call this after their write committed.
 */
export async function publish<E extends EventDeclaration>(event: E, detail: EventDetail<E>): Promise<void> {
  const checked = event.detail.parse(detail);
  await putOnBus(event.name, JSON.stringify(correlated({ ...(checked as object), version: event.version })));
}

/** Puts one event on the bus: its detail-type and its detail, already checked and serialized. Throws when the bus refuses it. */
export async function putOnBus(detailType: string, detailJson: string): Promise<void> {
  const result = await eventBridgeClient().send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: config().EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: detailType, Detail: detailJson },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    const entry = result.Entries?.find((e) => e.ErrorCode);
    throw new Error(`Publishing ${detailType} failed: ${entry?.ErrorCode} ${entry?.ErrorMessage}`);
  }
}

/**
 * The id an event is handled once by: the stable id an event from the outbox carries in its detail
 * (`eventId`, the same on every publication of it, docs/decisions/0033), else the bus's own id.
 */
export function eventIdOf(envelope: Pick<EventBridgeEvent<string, unknown>, 'id' | 'detail'>): string {
  const stable = (envelope.detail as { eventId?: unknown } | null | undefined)?.eventId;
  return typeof stable === 'string' && stable !== '' ? stable : envelope.id;
}

import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { EventBridgeEvent, Context } from 'aws-lambda';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { EVENT_SOURCE, type EventDeclaration, type EventDetail } from '#events/catalog';
import { eventBridgeClient, dynamoClient } from './aws-clients';
import { config } from './config';
import { logger } from './logger';
import { tableSchema } from './table/schema';

/**
 * Publishes one event, its detail checked against its contract. Orders, payments, status changes
 * and returns publish through the event outbox instead (event-outbox.ts), so the event is committed
 * with the change; the other producers call this after their write committed.
 */
export async function publish<E extends EventDeclaration>(event: E, detail: EventDetail<E>): Promise<void> {
  const checked = event.detail.parse(detail);
  await putOnBus(event.name, JSON.stringify({ ...(checked as object), version: event.version }));
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

/** How long a consumer remembers an event it handled: longer than EventBridge retries last (24 h). */
const REMEMBER_HANDLED_EVENTS_SECONDS = 48 * 60 * 60;

/**
 * Makes an event consumer: the detail is validated against the event's contract, and the effect runs
 * once per event id (`eventIdOf`) however many times EventBridge delivers it or the outbox publishes
 * it (Powertools idempotency, stored in the single table under its own partition, expiring through
 * `expiresAt`). `onceFor` widens "once" to every event with the same key, for an event a producer
 * may publish twice under two ids (an order's OrderPaid: one confirmation mail per order).
 *
 * A delivery that finds the same effect in progress elsewhere (EventBridge's duplicate arriving
 * together with the first) returns without doing it: that other delivery is retried if it fails,
 * so the effect still happens once. Failing instead would send the duplicate to the dead-letter
 * queue when the first takes longer than the retries are apart.
 */
export function consumer<E extends EventDeclaration>(
  event: E,
  consumerId: string,
  handle: (detail: EventDetail<E>, envelope: EventBridgeEvent<string, unknown>) => Promise<void>,
  options: { onceFor?: (detail: EventDetail<E>) => string } = {},
) {
  interface Delivery {
    key: string;
    detail: EventDetail<E>;
    envelope: EventBridgeEvent<string, unknown>;
  }
  const run = async ({ detail, envelope }: Delivery): Promise<void> => {
    await handle(detail, envelope);
  };
  let idempotentRun: ((delivery: Delivery, context: Context) => Promise<void>) | undefined;
  return async (envelope: EventBridgeEvent<string, unknown>, context: Context): Promise<void> => {
    idempotentRun ??= makeIdempotent(run, {
      persistenceStore: new DynamoDBPersistenceLayer({
        tableName: config().TABLE_NAME,
        keyAttr: tableSchema.partitionKey,
        sortKeyAttr: tableSchema.sortKey,
        staticPkValue: `IDEMPOTENCY#${consumerId}`,
        expiryAttr: tableSchema.ttlAttribute,
        awsSdkV3Client: dynamoClient(),
      }),
      config: new IdempotencyConfig({
        eventKeyJmesPath: 'key',
        expiresAfterSeconds: REMEMBER_HANDLED_EVENTS_SECONDS,
      }),
    });
    const detail = event.detail.parse(envelope.detail) as EventDetail<E>;
    try {
      await idempotentRun({ key: options.onceFor?.(detail) ?? eventIdOf(envelope), detail, envelope }, context);
    } catch (error) {
      if (!(error instanceof IdempotencyAlreadyInProgressError)) throw error;
      logger.info('Effect already in progress in another delivery', { consumerId, eventId: eventIdOf(envelope) });
    }
  };
}

import { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { EventBridgeEvent, Context } from 'aws-lambda';
import { IdempotencyAlreadyInProgressError, IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { EVENT_SOURCE, type EventDeclaration, type EventDetail } from '../../events/catalog';
import { eventBridgeClient, dynamoClient } from './aws-clients';
import { config } from './config';
import { logger } from './logger';
import { tableSchema } from './table/schema';

/** Publishes one event after the producer's write committed; the detail is checked against its contract. */
export async function publish<E extends EventDeclaration>(event: E, detail: EventDetail<E>): Promise<void> {
  const checked = event.detail.parse(detail);
  const result = await eventBridgeClient().send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: config().EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: event.name,
          Detail: JSON.stringify({ ...(checked as object), version: event.version }),
        },
      ],
    }),
  );
  if (result.FailedEntryCount) {
    const entry = result.Entries?.find((e) => e.ErrorCode);
    throw new Error(`Publishing ${event.name} failed: ${entry?.ErrorCode} ${entry?.ErrorMessage}`);
  }
}

/** How long a consumer remembers an event it handled: longer than EventBridge retries last (24 h). */
const REMEMBER_HANDLED_EVENTS_SECONDS = 48 * 60 * 60;

/**
 * Makes an event consumer: the detail is validated against the event's contract, and the effect runs
 * once per event id however many times EventBridge delivers it (Powertools idempotency, stored in
 * the single table under its own partition, expiring through `expiresAt`). `onceFor` widens "once"
 * to every event with the same key, for an event a producer may publish twice under two ids (an
 * order's OrderPaid: one confirmation mail per order).
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
      await idempotentRun({ key: options.onceFor?.(detail) ?? envelope.id, detail, envelope }, context);
    } catch (error) {
      if (!(error instanceof IdempotencyAlreadyInProgressError)) throw error;
      logger.info('Effect already in progress in another delivery', { consumerId, eventId: envelope.id });
    }
  };
}

/**
 * The consuming side of events, apart from events.ts: a handler that only publishes carries
 * neither Powertools idempotency nor its JMESPath engine.
 */
import type { EventBridgeEvent, Context } from 'aws-lambda';
import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  makeIdempotent,
} from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import type { EventDeclaration, EventDetail } from '#events/declaration';
import { dynamoClient } from './aws-clients';
import { config } from './config';
import { correlationIdIn, withCorrelationId } from './correlation';
import { eventIdOf } from './events';
import { logger } from './logger';
import { tableSchema } from './table/schema';

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
    const runOnce = idempotentRun;
    const detail = event.detail.parse(envelope.detail) as EventDetail<E>;
    await withCorrelationId(correlationIdIn(envelope.detail) ?? envelope.id, async () => {
      try {
        await runOnce({ key: options.onceFor?.(detail) ?? eventIdOf(envelope), detail, envelope }, context);
      } catch (error) {
        if (!(error instanceof IdempotencyAlreadyInProgressError)) throw error;
        logger.info('Effect already in progress in another delivery', { consumerId, eventId: eventIdOf(envelope) });
      }
    });
  };
}

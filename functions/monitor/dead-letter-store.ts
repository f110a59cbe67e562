/**
 * Failed event deliveries (dead letters) in the table: recorded from the event rules' dead-letter
 * queue on AWS (dead-letter-queue.ts) and from the local bus's dead-letter hook, listed for staff,
 * counted for the monitor's status, and marked when staff retry one.
 */
import { createHash } from 'node:crypto';
import type { DeadLetter } from '#domain/punchout/monitor';
import { countAll, getItem, putItem, queryPage, recordOf, tryConditional, updateItem } from '../lib/table/items';
import {
  DEAD_LETTERS_PARTITION,
  deadLetterIndexKeys,
  deadLetterKeys,
  PENDING_DEAD_LETTERS_PARTITION,
  pendingDeadLetterIndexKeys,
} from '../lib/table/keys/monitor';

/** The most recent dead letters the monitor lists. */
export const DEAD_LETTERS_LISTED = 100;

export type FailedDelivery = Omit<DeadLetter, 'id' | 'retriedAt' | 'retriedBy'>;

/** One id per event and consumer: the queue delivering a message twice, or a retry failing again, updates one record. */
export function deadLetterId(eventId: string, consumerId: string): string {
  return createHash('sha256').update(`${eventId}#${consumerId}`).digest('hex').slice(0, 32);
}

/** Records a failed delivery as waiting for a retry (again, if a retry failed). */
export async function recordDeadLetter(failed: FailedDelivery): Promise<DeadLetter> {
  const deadLetter: DeadLetter = {
    ...failed,
    id: deadLetterId(failed.eventId, failed.consumerId),
    retriedAt: null,
    retriedBy: null,
  };
  await putItem({
    Item: {
      ...deadLetterKeys(deadLetter.id),
      ...deadLetterIndexKeys(deadLetter.failedAt, deadLetter.id),
      ...pendingDeadLetterIndexKeys(deadLetter.failedAt, deadLetter.id),
      entity: 'deadLetter',
      ...deadLetter,
    },
  });
  return deadLetter;
}

export async function readDeadLetter(id: string): Promise<DeadLetter | undefined> {
  const item = await getItem(deadLetterKeys(id), { consistent: true });
  return item ? recordOf<DeadLetter>(item) : undefined;
}

/** The latest dead letters, newest first: Query gsi1 `DEAD_LETTERS`, ScanIndexForward false. */
export async function listDeadLetters(): Promise<DeadLetter[]> {
  const { items } = await queryPage({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': DEAD_LETTERS_PARTITION },
    ScanIndexForward: false,
    Limit: DEAD_LETTERS_LISTED,
  });
  return items.map((item) => recordOf<DeadLetter>(item));
}

/** Dead letters not yet retried: Query gsi2 `DEAD_LETTERS#pending`, Select COUNT. */
export function countPendingDeadLetters(): Promise<number> {
  return countAll({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': PENDING_DEAD_LETTERS_PARTITION },
  });
}

/**
 * Marks a dead letter retried if it still is the failure that was read (its `failedAt`): of two staff
 * retrying at once one wins, and a failure recorded meanwhile is not hidden. False when it was not.
 */
export function markRetried(deadLetter: DeadLetter, by: string, at: Date): Promise<boolean> {
  return tryConditional(
    updateItem({
      Key: deadLetterKeys(deadLetter.id),
      UpdateExpression: 'SET retriedAt = :at, retriedBy = :by REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'failedAt = :failedAt AND retriedAt = :none',
      ExpressionAttributeValues: {
        ':at': at.toISOString(),
        ':by': by,
        ':failedAt': deadLetter.failedAt,
        ':none': null,
      },
    }),
  );
}

/**
 * Reading items back and writing them conditionally, the same way in every store. An item is its
 * key attributes + `entity` + the record's fields (see README.md beside this file).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
  type QueryCommandOutput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws-clients';
import { tableSchema } from './schema';

type Item = NonNullable<QueryCommandOutput['Items']>[number];

/** Every item the query matches, across all its pages (DynamoDB answers at most 1 MB a page). */
export async function queryAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const result = await documentClient().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...(result.Items ?? []));
    start = result.LastEvaluatedKey;
  } while (start);
  return items;
}

/** How many items the query matches (Select COUNT), across all its pages: DynamoDB counts at most 1 MB of items a page. */
export async function countAll(input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await documentClient().send(
      new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}

/** The cancellation code of each item of a cancelled transaction, in the items' order; undefined for any other error. */
export function cancellationCodes(error: unknown): Array<string | undefined> | undefined {
  if ((error as { name?: string })?.name !== 'TransactionCanceledException') return undefined;
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map(
    (reason) => reason.Code,
  );
}

/** DynamoDB cancels one of two transactions on the same item at once (TransactionConflict); that one is tried again. */
const TRANSACTION_ATTEMPTS = 5;

/**
 * A transaction on items others change at the same moment (a counter): tried again after a short
 * random wait while DynamoDB cancels it for a conflict, up to `attempts` times (more where many
 * callers contend for one item, as bookings of one slot do), so it ends committed or failing its own
 * conditions (a TransactionCanceledException whose codes say which).
 */
export async function transactWriteRetryingConflicts(
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
  attempts = TRANSACTION_ATTEMPTS,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!cancellationCodes(error)?.includes('TransactionConflict') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

/** DynamoDB writes at most 25 items per batch. */
const BATCH_WRITE_LIMIT = 25;

/** Deletes the items of these keys from the table, 25 a batch, sending again what DynamoDB left unprocessed. */
export async function deleteItems(tableName: string, keys: Record<string, string>[]): Promise<void> {
  for (let start = 0; start < keys.length; start += BATCH_WRITE_LIMIT) {
    let requests: Record<string, unknown>[] | undefined = keys
      .slice(start, start + BATCH_WRITE_LIMIT)
      .map((Key) => ({ DeleteRequest: { Key } }));
    while (requests && requests.length > 0) {
      const result = await documentClient().send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests as never } }),
      );
      requests = result.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
    }
  }
}

const ITEM_ONLY_ATTRIBUTES = new Set<string>([
  tableSchema.partitionKey,
  tableSchema.sortKey,
  ...tableSchema.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  'entity',
]);

/** The record an item stores: the item without its key attributes and `entity`. */
export function recordOf<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !ITEM_ONLY_ATTRIBUTES.has(name))) as T;
}

/** A conditional write that failed its condition (the SDK's class, or its name where bundles differ). */
export function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error as { name?: string })?.name === 'ConditionalCheckFailedException'
  );
}

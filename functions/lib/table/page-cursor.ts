/**
 * A page of a Query handed to the browser as an opaque cursor (the LastEvaluatedKey, base64url JSON)
 * and taken back as the next ExclusiveStartKey. A cursor is checked to be a key of the index
 * partition being read, so a forged one can only start the same query elsewhere.
 */
import { Invalid } from '#domain/errors';
import { queryPage, type Item } from './items';
import { tableSchema, type GlobalIndexName } from './schema';

export const INVALID_CURSOR_MESSAGE = 'This page link is no longer valid. Please start from the first page.';

export function cursorOf(lastEvaluatedKey: Record<string, unknown> | undefined): string | null {
  return lastEvaluatedKey ? Buffer.from(JSON.stringify(lastEvaluatedKey)).toString('base64url') : null;
}

/** The ExclusiveStartKey of a cursor on `index` within the partition `partitionValue`; anything else is Invalid (a 400). */
export function startKeyOf(
  cursor: string | undefined,
  index: GlobalIndexName,
  partitionValue: string,
): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  const { partitionKey, sortKey } = tableSchema.globalIndexes.find((candidate) => candidate.name === index)!;
  const attributes = [tableSchema.partitionKey, tableSchema.sortKey, partitionKey, sortKey];
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid =
    typeof key === 'object' &&
    key !== null &&
    Object.keys(key).length === attributes.length &&
    attributes.every((name) => typeof (key as Record<string, unknown>)[name] === 'string') &&
    (key as Record<string, unknown>)[partitionKey] === partitionValue;
  if (!valid) throw new Invalid(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return key as Record<string, string>;
}

/** The ExclusiveStartKey of a cursor on the table's own keys within `partitionValue`, among sort keys starting with `sortKeyPrefix`; anything else is Invalid (a 400). */
export function startKeyInPartition(
  cursor: string | undefined,
  partitionValue: string,
  sortKeyPrefix: string,
): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const record = (typeof key === 'object' && key !== null ? key : {}) as Record<string, unknown>;
  const sortKey = record[tableSchema.sortKey];
  const valid =
    Object.keys(record).length === 2 &&
    record[tableSchema.partitionKey] === partitionValue &&
    typeof sortKey === 'string' &&
    sortKey.startsWith(sortKeyPrefix);
  if (!valid) throw new Invalid(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return record as Record<string, string>;
}

/**
 * One page of an index partition for a browser's list, from its cursor on (newest first unless
 * `newestFirst` is false): the items and the cursor of the next page, null on the last.
 */
export async function indexPartitionPage(
  index: GlobalIndexName,
  partition: string,
  { cursor, limit, newestFirst = true }: { cursor?: string; limit: number; newestFirst?: boolean },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const page = await queryPage(
    {
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: !newestFirst,
      Limit: limit,
    },
    startKeyOf(cursor, index, partition),
  );
  return { items: page.items, nextCursor: cursorOf(page.lastKey) };
}

/**
 * The one way a store reaches the table (see README.md beside this file): reads, single writes and
 * `tryConditional`, here; transactions of named items, in transaction.ts. Every call names the
 * shop's table itself, so no store passes a table name. An item is its key attributes + `entity`
 * (what the item is, the one tag every item carries) + the record's fields.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type QueryCommandOutput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../aws-clients';
import { config } from '../config';
import { tableSchema } from './schema';

/** An item as DynamoDB answers it. */
export type Item = NonNullable<QueryCommandOutput['Items']>[number];

/** An item's primary key. */
export type ItemKey = { pk: string; sk: string };

export type PutInput = Omit<PutCommandInput, 'TableName'>;
export type UpdateInput = Omit<UpdateCommandInput, 'TableName'>;
export type DeleteInput = Omit<DeleteCommandInput, 'TableName'>;
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

export const tableName = () => config().TABLE_NAME;

/**
 * The item of this key (its `pk` and `sk`: index keys beside them are left out), or undefined;
 * `consistent` for a read that must see every write before it.
 */
export async function getItem({ pk, sk }: ItemKey, options: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk, sk }, ...(options.consistent && { ConsistentRead: true }) }),
  );
  return Item;
}

/** BatchGetItem reads at most 100 keys a call. */
const BATCH_GET_LIMIT = 100;

/** The items of these keys that exist (in no particular order), 100 a call, asking again for what DynamoDB left unprocessed. */
export async function getItems(keys: readonly ItemKey[]): Promise<Item[]> {
  const found: Item[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] | undefined = keys
      .slice(start, start + BATCH_GET_LIMIT)
      .map(({ pk, sk }) => ({ pk, sk }));
    while (pending && pending.length > 0) {
      const result: BatchGetCommandOutput = await documentClient().send(
        new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending } } }),
      );
      found.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    }
  }
  return found;
}

/** One page of a query from `startKey` on: its items, and the key to go on from (undefined after the last page). */
export async function queryPage(
  input: QueryInput,
  startKey?: Record<string, unknown>,
): Promise<{ items: Item[]; lastKey: Record<string, unknown> | undefined }> {
  const result = await documentClient().send(
    new QueryCommand({ ...input, TableName: tableName(), ExclusiveStartKey: startKey }),
  );
  return { items: result.Items ?? [], lastKey: result.LastEvaluatedKey };
}

/** Every item the query matches, across all its pages (DynamoDB answers at most 1 MB a page). */
export async function queryAll(input: QueryInput): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await queryPage(input, start);
    items.push(...page.items);
    start = page.lastKey;
  } while (start);
  return items;
}

/** How many items the query matches (Select COUNT), across all its pages: DynamoDB counts at most 1 MB of items a page. */
export async function countAll(input: Omit<QueryInput, 'Select'>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await documentClient().send(
      new QueryCommand({ ...input, TableName: tableName(), Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}

export async function putItem(input: PutInput): Promise<void> {
  await documentClient().send(new PutCommand({ ...input, TableName: tableName() }));
}

/** Updates an item; answers the attributes `ReturnValues` asked for. */
export async function updateItem(input: UpdateInput): Promise<Item | undefined> {
  const { Attributes } = await documentClient().send(new UpdateCommand({ ...input, TableName: tableName() }));
  return Attributes;
}

/** Deletes an item; answers the attributes `ReturnValues` asked for. */
export async function deleteItem(input: DeleteInput): Promise<Item | undefined> {
  const { Attributes } = await documentClient().send(new DeleteCommand({ ...input, TableName: tableName() }));
  return Attributes;
}

/** DynamoDB writes at most 25 items per batch. */
const BATCH_WRITE_LIMIT = 25;
/** Batches sent at once: a 1,000-line order is 40 batches, in ten round trips. */
const BATCH_WRITES_AT_ONCE = 4;
/** The first pause before sending again what DynamoDB left unprocessed (throttled); doubled each time. */
const UNPROCESSED_RETRY_MS = 25;
const UNPROCESSED_ATTEMPTS = 8;

type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: ItemKey } };

/** One batch, sent again (after a growing pause) with what DynamoDB left unprocessed until none is left. */
async function writeBatch(batch: WriteRequest[]): Promise<void> {
  let requests = batch;
  for (let attempt = 1; requests.length > 0; attempt += 1) {
    if (attempt > UNPROCESSED_ATTEMPTS) throw new Error(`DynamoDB left ${requests.length} writes unprocessed`);
    if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, UNPROCESSED_RETRY_MS * 2 ** (attempt - 2)));
    const result = await documentClient().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: requests as never } }),
    );
    requests = (result.UnprocessedItems?.[tableName()] ?? []) as WriteRequest[];
  }
}

/** Unconditional writes, 25 a batch, a few batches at a time; not atomic: a caller makes them visible (or not) itself. */
async function writeBatches(requests: WriteRequest[]): Promise<void> {
  const batches: WriteRequest[][] = [];
  for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT)
    batches.push(requests.slice(start, start + BATCH_WRITE_LIMIT));
  for (let start = 0; start < batches.length; start += BATCH_WRITES_AT_ONCE)
    await Promise.all(batches.slice(start, start + BATCH_WRITES_AT_ONCE).map(writeBatch));
}

/** Puts these items (each with its keys), 25 a batch, sending again what DynamoDB left unprocessed. */
export function putItems(items: readonly Item[]): Promise<void> {
  return writeBatches(items.map((item) => ({ PutRequest: { Item: item } })));
}

/** Deletes the items of these keys, 25 a batch, sending again what DynamoDB left unprocessed. */
export function deleteItems(keys: readonly ItemKey[]): Promise<void> {
  return writeBatches(keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })));
}

/** A conditional write that failed its condition (the SDK's class, or its name where bundles differ). */
function isConditionFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error as { name?: string })?.name === 'ConditionalCheckFailedException'
  );
}

/**
 * Awaits a conditional write (putItem, updateItem, deleteItem): true once written, false when its
 * condition failed, so a store says what a failed condition means in one line instead of a catch
 * block. Any other error is thrown. A write that returns attributes is awaited again for them after
 * true.
 */
export async function tryConditional(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
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

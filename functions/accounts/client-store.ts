/**
 * A client's profile and saved products in the table (see functions/lib/table/README.md). Every
 * read and write is keyed by the caller's own client id, so each reaches only that client's
 * partition: another client's saved product id is simply not found there.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClientProfile } from '#domain/accounts/client';
import type { ClientLead, ClientsPage, DirectoryPageQuery, LeadsPage } from '#domain/accounts/customer-directory';
import type { SavedProduct } from '#domain/accounts/saved-product';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { HttpError } from '../lib/http';
import { isConditionFailure, queryAll, recordOf } from '../lib/table/items';
import {
  clientLeadKeys,
  clientPartitionKey,
  clientProfileKeys,
  SAVED_PRODUCT_SK_PREFIX,
  savedProductKeys,
} from '../lib/table/keys';
import { cursorOf, startKeyOf } from '../lib/table/page-cursor';

export const NO_CLIENT_MESSAGE = 'No client record found. Please contact support.';
export const SAVED_PRODUCT_NOT_FOUND_MESSAGE = 'This saved product no longer exists.';

const table = () => config().TABLE_NAME;

const PROFILE_SK = clientProfileKeys('', '').sk;

export async function readClientProfile(clientId: string): Promise<ClientProfile | undefined> {
  const { Item } = await documentClient().send(
    new GetCommand({ TableName: table(), Key: { pk: clientPartitionKey(clientId), sk: PROFILE_SK } }),
  );
  return Item ? recordOf<ClientProfile>(Item) : undefined;
}

type ProfileChange = Partial<
  Pick<ClientProfile, 'firstName' | 'lastName' | 'phone' | 'email' | 'address' | 'notificationPreferences'>
>;

/**
 * Sets the given fields of an existing profile and answers the profile as saved; a name change
 * moves the staff list's sort key (gsi1sk) with it. 404 when the client has no profile.
 */
export async function updateClientProfile(clientId: string, change: ProfileChange, now: Date): Promise<ClientProfile> {
  const fields: Record<string, unknown> = { ...change, updatedAt: now.toISOString() };
  if (change.firstName !== undefined && change.lastName !== undefined) {
    fields.gsi1sk = clientProfileKeys(clientId, `${change.firstName} ${change.lastName}`).gsi1sk;
  }
  const names = Object.keys(fields);
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: clientPartitionKey(clientId), sk: PROFILE_SK },
        UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf<ClientProfile>(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(404, NO_CLIENT_MESSAGE);
    throw error;
  }
}

/** A client's saved products, newest first (ids are random, so the order is by createdAt). */
export async function listSavedProducts(clientId: string): Promise<SavedProduct[]> {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': SAVED_PRODUCT_SK_PREFIX },
  });
  const products = items.map((item) => recordOf<SavedProduct>(item));
  return products.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export async function putSavedProduct(clientId: string, product: SavedProduct): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: table(),
      Item: { ...savedProductKeys(clientId, product.id), entity: 'savedProduct', ...product },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function renameSavedProduct(clientId: string, id: string, name: string, now: Date): Promise<SavedProduct> {
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: savedProductKeys(clientId, id),
        UpdateExpression: 'SET #name = :name, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf<SavedProduct>(Attributes!);
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(404, SAVED_PRODUCT_NOT_FOUND_MESSAGE);
    throw error;
  }
}

export async function deleteSavedProduct(clientId: string, id: string): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: savedProductKeys(clientId, id),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new HttpError(404, SAVED_PRODUCT_NOT_FOUND_MESSAGE);
    throw error;
  }
}

const CLIENTS_INDEX_PK = clientProfileKeys('', '').gsi1pk;
const LEADS_INDEX_PK = clientLeadKeys('', '').gsi1pk;

/** One page of a staff list: a gsi1 partition in sort-key order (or reversed), from the cursor on. */
async function staffListPage(partition: string, { cursor, limit }: DirectoryPageQuery, newestFirst: boolean) {
  const result = await documentClient().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: !newestFirst,
      Limit: limit,
      ExclusiveStartKey: startKeyOf(cursor, 'gsi1', partition),
    }),
  );
  return { items: result.Items ?? [], nextCursor: cursorOf(result.LastEvaluatedKey) };
}

/** Clients for staff, by name (Query gsi1 `CLIENTS`). */
export async function listClientsByName(query: DirectoryPageQuery): Promise<ClientsPage> {
  const { items, nextCursor } = await staffListPage(CLIENTS_INDEX_PK, query, false);
  const clients = items.map((item) => {
    const { id, firstName, lastName, email, phone, accountType, createdAt } = recordOf<ClientProfile>(item);
    return { id, firstName, lastName, email, phone, accountType, createdAt };
  });
  return { clients, nextCursor };
}

/** Leads for staff, newest first (Query gsi1 `LEADS`). */
export async function listLeadsNewestFirst(query: DirectoryPageQuery): Promise<LeadsPage> {
  const { items, nextCursor } = await staffListPage(LEADS_INDEX_PK, query, true);
  return { leads: items.map((item) => recordOf<ClientLead>(item)), nextCursor };
}

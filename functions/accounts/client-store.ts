/**
 * A client's profile and saved products in the table (see functions/lib/table/README.md). Every
 * read and write is keyed by the caller's own client id, so each reaches only that client's
 * partition: another client's saved product id is simply not found there.
 */
import { randomUUID } from 'node:crypto';
import {
  clientDisplayName,
  DEFAULT_NOTIFICATION_PREFERENCES,
  SIGN_UP_ACCOUNT_TYPE,
  type AccountType,
  type ClientProfile,
} from '#domain/accounts/client';
import type { ClientLead, ClientsPage, DirectoryPageQuery, LeadsPage } from '#domain/accounts/customer-directory';
import type { SavedProduct } from '#domain/accounts/saved-product';
import { NotFound } from '#domain/errors';
import { MAIN_RESIDENCE, propertyFrom } from '#domain/properties/property';
import { deleteItem, getItem, putItem, queryAll, recordOf, tryConditional, updateItem } from '../lib/table/items';
import {
  clientLeadKeys,
  clientPartitionKey,
  clientProfileKeys,
  SAVED_PRODUCT_SK_PREFIX,
  savedProductKeys,
} from '../lib/table/keys/accounts';
import { propertyKeys } from '../lib/table/keys/properties';
import { indexPartitionPage } from '../lib/table/page-cursor';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { propertyCountItem } from '../properties/property-store';

export const NO_CLIENT_MESSAGE = 'No client record found. Please contact support.';
export const SAVED_PRODUCT_NOT_FOUND_MESSAGE = 'This saved product no longer exists.';

const PROFILE_SK = clientProfileKeys('', '').sk;

export async function readClientProfile(clientId: string): Promise<ClientProfile | undefined> {
  const item = await getItem({ pk: clientPartitionKey(clientId), sk: PROFILE_SK });
  return item ? recordOf<ClientProfile>(item) : undefined;
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
  const update = updateItem({
    Key: { pk: clientPartitionKey(clientId), sk: PROFILE_SK },
    UpdateExpression: `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: Object.fromEntries(names.map((name) => [`#${name}`, name])),
    ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(update))) throw new NotFound(NO_CLIENT_MESSAGE);
  return recordOf<ClientProfile>((await update)!);
}

/** A client's saved products, newest first (ids are random, so the order is by createdAt). */
export async function listSavedProducts(clientId: string): Promise<SavedProduct[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': SAVED_PRODUCT_SK_PREFIX },
  });
  const products = items.map((item) => recordOf<SavedProduct>(item));
  return products.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

export async function putSavedProduct(clientId: string, product: SavedProduct): Promise<void> {
  await putItem({
    Item: { ...savedProductKeys(clientId, product.id), entity: 'savedProduct', ...product },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

export async function renameSavedProduct(clientId: string, id: string, name: string, now: Date): Promise<SavedProduct> {
  const update = updateItem({
    Key: savedProductKeys(clientId, id),
    UpdateExpression: 'SET #name = :name, updatedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#name': 'name' },
    ExpressionAttributeValues: { ':name': name, ':now': now.toISOString() },
    ReturnValues: 'ALL_NEW',
  });
  if (!(await tryConditional(update))) throw new NotFound(SAVED_PRODUCT_NOT_FOUND_MESSAGE);
  return recordOf<SavedProduct>((await update)!);
}

export async function deleteSavedProduct(clientId: string, id: string): Promise<void> {
  const deleted = deleteItem({ Key: savedProductKeys(clientId, id), ConditionExpression: 'attribute_exists(pk)' });
  if (!(await tryConditional(deleted))) throw new NotFound(SAVED_PRODUCT_NOT_FOUND_MESSAGE);
}

const CLIENTS_INDEX_PK = clientProfileKeys('', '').gsi1pk;
const LEADS_INDEX_PK = clientLeadKeys('', '').gsi1pk;

/** One page of a staff list: a gsi1 partition in sort-key order (or reversed), from the cursor on. */
const staffListPage = (partition: string, { cursor, limit }: DirectoryPageQuery, newestFirst: boolean) =>
  indexPartitionPage('gsi1', partition, { cursor, limit, newestFirst });

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

/**
 * A lead's write, upserted on its e-mail: the newest contact of that person (a sign-up, a guest's
 * booking) replaces an earlier one's, never a reason to refuse.
 */
export function clientLeadWrite(lead: ClientLead & { appointmentId?: string }): WriteItem {
  return { Put: { Item: { ...clientLeadKeys(lead.email, lead.updatedAt), entity: 'clientLead', ...lead } } };
}

/**
 * In one transaction the client profile, the Main Residence and the lead of a new sign-in account:
 * registration's, and the admin's for a punch-out client (with the account type staff chose). The
 * profile is keyed on the new Cognito user's id, so its condition failing means a profile is there
 * already: the transaction is then refused as any other (TransactionCancelled).
 */
export async function saveClientRecords(
  clientId: string,
  person: Pick<ClientProfile, 'firstName' | 'lastName' | 'email' | 'phone'>,
  now: string,
  accountType: AccountType = SIGN_UP_ACCOUNT_TYPE,
): Promise<void> {
  const { firstName, lastName, email, phone } = person;
  const client: ClientProfile = {
    id: clientId,
    firstName,
    lastName,
    email,
    phone,
    accountType,
    address: null,
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    createdAt: now,
    updatedAt: now,
  };
  const property = propertyFrom(MAIN_RESIDENCE, { id: randomUUID(), clientId }, now);
  const outcome = await transact({
    client: {
      Put: {
        Item: { ...clientProfileKeys(clientId, clientDisplayName(client)), entity: 'client', ...client },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    property: { Put: { Item: { ...propertyKeys(clientId, property.id), entity: 'property', ...property } } },
    lead: clientLeadWrite({
      name: clientDisplayName(client),
      email,
      phone,
      address: '',
      zipCode: '',
      date: now.slice(0, 10),
      time: now.slice(11, 19),
      updatedAt: now,
    }),
    propertyCount: { Put: { Item: propertyCountItem(clientId, 1) } },
  });
  if (!outcome.committed) throw new TransactionCancelled(outcome.failed);
}

/** The refusal names which record failed: the property's write, else the client's. */
export function recordFailureMessage(error: unknown): string {
  if (error instanceof TransactionCancelled) {
    const property = error.reasonOf('property');
    if (property) return `Failed to create property record: ${property}`;
    const client = error.reasonOf('client');
    if (client) return `Failed to create client record: ${client}`;
  }
  return `Failed to create client record: ${(error as Error).message}`;
}

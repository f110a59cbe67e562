/**
 * Privacy requests in the table (issue 30): every record the shop keeps of one client, read for
 * their data export and for their account's closure, and the closure's erasures and anonymisations
 * (domain/accounts/privacy.ts says which). A client's records are found by their client id (their
 * partition, and the gsi1/gsi2/gsi3 entries under `CLIENT#<id>`) and, for what a guest form or the
 * checkout recorded, by the e-mails of the account and its orders. Every step is idempotent: a
 * deleted item is gone, an anonymised one no longer matches an e-mail, so a closure that failed
 * half-way is completed by running it again.
 */
import {
  ERASED_NAME,
  erasedEmail,
  type ClosureCheckInput,
  type DataExport,
  type DataExportSection,
  type ClosureRequester,
  type ClosureStatus,
} from '#domain/accounts/privacy';
import { taxRecordsExpireAt, taxRecordsKeptUntil } from '#domain/accounts/retention';
import type { EventDetail } from '#events/declaration';
import { AccountClosed } from '#events/accounts';
import { outboxEvent } from '../lib/event-outbox';
import {
  deleteItems,
  getItem,
  queryAll,
  recordOf,
  tryConditional,
  putItem,
  updateItem,
  type Item,
  type ItemKey,
} from '../lib/table/items';
import {
  accountClosureKeys,
  clientLeadKeys,
  clientPartitionKey,
  SAVED_PRODUCT_SK_PREFIX,
} from '../lib/table/keys/accounts';
import { APPOINTMENTS_INDEX_PK, appointmentHolderKeys } from '../lib/table/keys/appointments';
import { chatStatusPartition } from '../lib/table/keys/chat';
import { contactMessageKeys } from '../lib/table/keys/contact';
import { CLIENT_QUOTE_INDEX_SK_PREFIX } from '../lib/table/keys/customer-quotes';
import { orderEmailPartitionKey } from '../lib/table/keys/orders';
import { CLIENT_PRICE_MATCH_INDEX_SK_PREFIX } from '../lib/table/keys/price-match';
import { PROPERTY_SK_PREFIX, PROPERTY_WINDOW_SK_PREFIX } from '../lib/table/keys/properties';
import { ALL_RETURNS_PARTITION } from '../lib/table/keys/returns';
import { SAMPLE_REQUESTS_INDEX_PK } from '../lib/table/keys/samples';
import { tableSchema } from '../lib/table/schema';
import { transact, TransactionCancelled } from '../lib/table/transaction';

/** Every record of one client, as stored (with their keys, so a closure can act on them). */
export interface ClientRecords {
  /** Everything in `CLIENT#<id>`: profile, properties, rooms, windows, saved products, price list, credit, … */
  partition: Item[];
  /** Order headers with their lines and history (each `ORDER#<id>` partition). */
  orders: Item[][];
  quotes: Item[][];
  accountInvoices: Item[];
  priceMatches: Item[];
  /** Each chat's partition: session, messages, staff-mail window. */
  chats: Item[][];
  /** Each cart's partition: header and lines. */
  carts: Item[][];
  appointments: Item[];
  contactMessages: Item[];
  sampleRequests: Item[];
  returns: Item[];
  leads: Item[];
  /** `ORDER_EMAIL#<email>` entries: an order found by its e-mail. */
  orderEmailEntries: Item[];
}

const CLIENT_INDEXED = { orders: ['ORDER#', 'CHECKOUT#'], invoices: 'ACCOUNT_INVOICE#', carts: 'CART#' } as const;

const partitionOf = (pk: string) =>
  queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

const underClient = (index: 'gsi1' | 'gsi2' | 'gsi3', clientId: string, prefix: string) =>
  queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk AND begins_with(${index}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': prefix },
  });

/**
 * The items of one staff list partition that belong to this client: a Query of the partition with
 * a filter, as no index is keyed by their e-mail. Run only for a privacy request, never a page's.
 */
function listedFor(index: 'gsi1' | 'gsi2', partition: string, filter: string, values: Record<string, unknown>) {
  return queryAll({
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    FilterExpression: filter,
    // DynamoDB refuses a name the expression does not use.
    ...(filter.includes('#')
      ? {
          ExpressionAttributeNames: Object.fromEntries(
            [...filter.matchAll(/#(\w+)/g)].map((match) => [match[0], match[1] ?? '']),
          ),
        }
      : {}),
    ExpressionAttributeValues: { ':pk': partition, ...values },
  });
}

/** `:e0, :e1…` for a filter's IN list, with their values. */
function emailValues(emails: readonly string[]): { list: string; values: Record<string, string> } {
  const values = Object.fromEntries(emails.map((email, i) => [`:e${i}`, email]));
  return { list: Object.keys(values).join(', '), values };
}

const byPartition = (items: Item[]) => Promise.all(items.map((item) => partitionOf(String(item.pk))));

/** The account's e-mail and those its orders were placed under, lower-cased, without duplicates. */
export function emailsOf(accountEmail: string | undefined, records: Pick<ClientRecords, 'orders'>): string[] {
  const orderEmails = records.orders.map((order) => (order[0]?.customer as { email?: string } | undefined)?.email);
  return [
    ...new Set([accountEmail, ...orderEmails].filter((email): email is string => !!email).map((e) => e.toLowerCase())),
  ];
}

/** Every record of the client: by client id, then by the e-mails given (the account's and its orders'). */
export async function readClientRecords(clientId: string, emails: readonly string[]): Promise<ClientRecords> {
  const [partition, orderHeads, checkoutHeads, quoteHeads, accountInvoices, priceMatches, cartHeads] =
    await Promise.all([
      partitionOf(clientPartitionKey(clientId)),
      underClient('gsi1', clientId, CLIENT_INDEXED.orders[0]),
      underClient('gsi1', clientId, CLIENT_INDEXED.orders[1]),
      underClient('gsi1', clientId, CLIENT_QUOTE_INDEX_SK_PREFIX),
      underClient('gsi1', clientId, CLIENT_INDEXED.invoices),
      underClient('gsi3', clientId, CLIENT_PRICE_MATCH_INDEX_SK_PREFIX),
      underClient('gsi2', clientId, CLIENT_INDEXED.carts),
    ]);
  const { list, values } = emailValues(emails);
  const byEmail = <T>(read: () => Promise<T[]>) => (emails.length ? read() : Promise.resolve([] as T[]));
  const [orders, quotes, carts, activeChats, closedChats, appointments, contactMessages, sampleRequests, returns] =
    await Promise.all([
      byPartition([...orderHeads, ...checkoutHeads]),
      byPartition(quoteHeads),
      byPartition(cartHeads),
      listedFor('gsi1', chatStatusPartition('active'), 'clientId = :client', { ':client': clientId }),
      listedFor('gsi1', chatStatusPartition('closed'), 'clientId = :client', { ':client': clientId }),
      listedFor('gsi1', APPOINTMENTS_INDEX_PK, `clientId = :client${list ? ` OR #contact.#email IN (${list})` : ''}`, {
        ':client': clientId,
        ...values,
      }),
      byEmail(() => listedFor('gsi1', contactMessageKeys('', '').gsi1pk, `#email IN (${list})`, values)),
      byEmail(() => listedFor('gsi1', SAMPLE_REQUESTS_INDEX_PK, `#email IN (${list})`, values)),
      byEmail(() => listedFor('gsi2', ALL_RETURNS_PARTITION, `#customer.#email IN (${list})`, values)),
    ]);
  const [chats, leads, orderEmailEntries] = await Promise.all([
    byPartition([...activeChats, ...closedChats]),
    Promise.all(emails.map((email) => getItem(clientLeadKeys(email, '')))),
    Promise.all(emails.map((email) => partitionOf(orderEmailPartitionKey(email)))),
  ]);
  return {
    partition,
    orders,
    quotes,
    accountInvoices,
    priceMatches,
    chats,
    carts,
    appointments,
    contactMessages,
    sampleRequests,
    returns,
    leads: leads.filter((lead): lead is Item => !!lead),
    orderEmailEntries: orderEmailEntries.flat(),
  };
}

/** What no export shows: a chat's secret (its hash) and the appointment holders' counting keys. */
const INTERNAL_FIELDS = ['secretHash', 'holders'];

/** An item's record as the export shows it: without table keys, index keys, the entity tag or internal fields. */
function exportRecordOf(item: Item): Record<string, unknown> {
  const record = recordOf<Record<string, unknown>>(item);
  for (const field of INTERNAL_FIELDS) delete record[field];
  return record;
}

/** A record kept as a partition (an order, a quote, a chat, a cart): its head with the other items under `items`. */
function groupOf(items: Item[], headSk: string): Record<string, unknown> {
  const head = items.find((item) => item.sk === headSk);
  return {
    ...(head ? exportRecordOf(head) : {}),
    items: items.filter((item) => item !== head).map(exportRecordOf),
  };
}

/** The client's own items of one kind, by the sort key's prefix. */
const partitionItems = (records: ClientRecords, prefix: string) =>
  records.partition.filter((item) => String(item.sk).startsWith(prefix)).map(exportRecordOf);

/** The data export: every record read, by section, as stored. */
export function dataExportOf(clientId: string, records: ClientRecords, exportedAt: string): DataExport {
  const profile = records.partition.find((item) => item.sk === 'PROFILE');
  return {
    format: 'blinds-shop-data-export',
    version: 1,
    exportedAt,
    clientId,
    data: {
      profile: profile ? exportRecordOf(profile) : null,
      properties: partitionItems(records, PROPERTY_SK_PREFIX),
      rooms: partitionItems(records, 'ROOM#'),
      windows: partitionItems(records, PROPERTY_WINDOW_SK_PREFIX),
      savedProducts: partitionItems(records, SAVED_PRODUCT_SK_PREFIX),
      orders: records.orders.map((items) => groupOf(items, 'ORDER')),
      quotes: records.quotes.map((items) => groupOf(items, 'QUOTE')),
      accountInvoices: records.accountInvoices.map(exportRecordOf),
      returns: records.returns.map(exportRecordOf),
      chats: records.chats.map((items) => groupOf(items, 'SESSION')),
      appointments: records.appointments.map(exportRecordOf),
      sampleRequests: records.sampleRequests.map(exportRecordOf),
      priceMatches: records.priceMatches.map(exportRecordOf),
      contactMessages: records.contactMessages.map(exportRecordOf),
    } satisfies Record<DataExportSection, unknown>,
  };
}

/* ---------- The closure ---------- */

/** What closureRefusal decides from: the orders' headers, the account invoices and the appointments read. */
export function closureCheckInputOf(records: ClientRecords, today: string): ClosureCheckInput {
  type Of<K extends keyof ClosureCheckInput> = ClosureCheckInput[K] extends readonly (infer T)[] ? T : never;
  return {
    orders: records.orders.flatMap((items) =>
      items.filter((item) => item.sk === 'ORDER').map((item) => recordOf<Of<'orders'>>(item)),
    ),
    invoices: records.accountInvoices.map((item) => recordOf<Of<'invoices'>>(item)),
    appointments: records.appointments.map((item) => recordOf<Of<'appointments'>>(item)),
    today,
  };
}

export interface AccountClosureRecord {
  status: ClosureStatus;
  requestedBy: ClosureRequester;
  startedAt: string;
  closedAt: string | null;
  /** Kept only while closing, so a resumed closure finds the guest records and can mail its confirmation. */
  email?: string;
  firstName?: string;
  emails?: string[];
  /** What AccountClosed's consumers delete outside the table, read before the erasure removes the references. */
  stripeCustomerId?: string | null;
  returnPhotoKeys?: string[];
}

/** The uploads of the client's return requests (their photos). */
export function returnPhotoKeysOf(records: ClientRecords): string[] {
  return records.returns.flatMap((request) => (request.photoKeys as string[] | undefined) ?? []);
}

export async function readAccountClosure(clientId: string): Promise<AccountClosureRecord | undefined> {
  const item = await getItem(accountClosureKeys(clientId), { consistent: true });
  return item ? recordOf<AccountClosureRecord>(item) : undefined;
}

/**
 * Starts a closure: its record, if none is there yet (a concurrent start finds the other's, and
 * both then run the same idempotent steps).
 */
export async function startAccountClosure(
  clientId: string,
  closure: AccountClosureRecord,
): Promise<AccountClosureRecord> {
  const started = await tryConditional(
    putItem({
      Item: { ...accountClosureKeys(clientId), entity: 'accountClosure', ...closure },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return started ? closure : ((await readAccountClosure(clientId)) ?? closure);
}

const keyOf = (item: Item): ItemKey => ({ pk: String(item.pk), sk: String(item.sk) });

/** What an order, quote, return or sample request keeps of its customer's contact: the name only (decision 0072). */
function keptCustomer(customer: unknown, clientId: string): Record<string, unknown> {
  return { ...(customer as Record<string, unknown>), email: erasedEmail(clientId), phone: '' };
}

/** Sets fields of an item that may be gone meanwhile (a delete racing the closure is not a failure). */
async function setFields(key: ItemKey, fields: Record<string, unknown>, remove: readonly string[] = []): Promise<void> {
  const names = Object.keys(fields);
  await tryConditional(
    updateItem({
      Key: key,
      UpdateExpression: [
        `SET ${names.map((name) => `#${name} = :${name}`).join(', ')}`,
        remove.length ? `REMOVE ${remove.map((name) => `#${name}`).join(', ')}` : '',
      ].join(' '),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: Object.fromEntries([...names, ...remove].map((name) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, fields[name]])),
    }),
  );
}

/**
 * Erases and anonymises every record read, keeping what tax law asks of sales (orders with their
 * lines and history, account invoices, returns, paid sample requests) with the name and addresses
 * on them, marked with the day they may go (`keptUntil`). Everything in the client's partition but
 * the closure record is deleted.
 */
export async function eraseClientRecords(clientId: string, records: ClientRecords, now: Date): Promise<void> {
  const erasedAt = now.toISOString();
  const kept = (saleAt: unknown) => ({
    keptUntil: taxRecordsKeptUntil(String(saleAt)),
    [tableSchema.ttlAttribute]: taxRecordsExpireAt(String(saleAt)),
  });
  const heads = records.orders.map((items) => items.find((item) => item.sk === 'ORDER')).filter((h): h is Item => !!h);
  const saleOf = new Map(heads.map((head) => [String(head.pk), head.createdAt]));
  await Promise.all([
    ...heads.map((order) =>
      setFields(keyOf(order), {
        customer: keptCustomer(order.customer, clientId),
        notes: '',
        ...kept(order.createdAt),
        privacyErasedAt: erasedAt,
      }),
    ),
    // An order's lines and history go with it.
    ...records.orders
      .flat()
      .filter((item) => item.sk !== 'ORDER' && saleOf.has(String(item.pk)))
      .map((item) => setFields(keyOf(item), kept(saleOf.get(String(item.pk))))),
    ...records.quotes.flatMap((items) =>
      items
        .filter((item) => item.sk === 'QUOTE')
        .map((quote) =>
          setFields(keyOf(quote), { customer: keptCustomer(quote.customer, clientId), privacyErasedAt: erasedAt }),
        ),
    ),
    ...records.accountInvoices.map((invoice) =>
      setFields(keyOf(invoice), kept(invoice.issuedAt ?? invoice.createdAt ?? erasedAt)),
    ),
    ...records.returns.map((request) =>
      setFields(keyOf(request), {
        customer: { name: (request.customer as { name?: string }).name ?? ERASED_NAME, email: erasedEmail(clientId) },
        photoKeys: [],
        ...kept(request.createdAt),
        privacyErasedAt: erasedAt,
      }),
    ),
    ...records.sampleRequests.map((request) =>
      setFields(keyOf(request), {
        email: erasedEmail(clientId),
        phone: '',
        ...kept(request.createdAt),
        privacyErasedAt: erasedAt,
      }),
    ),
    ...records.appointments.map((appointment) =>
      setFields(
        keyOf(appointment),
        {
          contact: {
            ...(appointment.contact as Record<string, unknown>),
            name: ERASED_NAME,
            email: erasedEmail(clientId),
            phone: '',
            address: '',
          },
          notes: '',
          privacyErasedAt: erasedAt,
        },
        ['clientId', 'propertyId'],
      ),
    ),
  ]);
  const holders = records.appointments.flatMap((appointment) =>
    ((appointment.holders as { kind: string; subject: string }[] | undefined) ?? [])
      .filter((holder) => holder.kind !== 'clientAddress')
      .map((holder) => appointmentHolderKeys(holder.kind, holder.subject)),
  );
  await deleteItems(
    [
      ...records.partition.filter((item) => item.sk !== accountClosureKeys(clientId).sk),
      ...records.chats.flat(),
      ...records.carts.flat(),
      ...records.priceMatches,
      ...records.contactMessages,
      ...records.leads,
      ...records.orderEmailEntries,
    ]
      .map(keyOf)
      .concat(holders),
  );
}

/** Ends a closure: its record `closed`, without the e-mail and name it held, in one transaction with AccountClosed. */
export async function finishAccountClosure(
  clientId: string,
  detail: Omit<EventDetail<typeof AccountClosed>, 'version' | 'eventId'>,
): Promise<void> {
  const event = outboxEvent(AccountClosed, detail);
  const outcome = await transact(
    {
      closure: {
        Update: {
          Key: accountClosureKeys(clientId),
          UpdateExpression:
            'SET #status = :closed, closedAt = :closedAt REMOVE email, firstName, emails, stripeCustomerId, returnPhotoKeys',
          ConditionExpression: '#status = :closing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':closed': 'closed', ':closing': 'closing', ':closedAt': detail.closedAt },
        },
      },
    },
    { events: [event] },
  );
  // A concurrent run finished it first: its event is the one.
  if (!outcome.committed && !outcome.failed.has('closure')) throw new TransactionCancelled(outcome.failed);
}

/**
 * A client's price list in the table (functions/lib/table/README.md): one item in the client's
 * partition, which staff replace whole, and which every price the client is shown is computed with.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { NotFound } from '#domain/errors';
import { clientPriceList, priceListInEffect, type ClientPriceList, type PriceList } from '#domain/pricing/price-list';
import { auditEntryWrite, CHANGED_SINCE_READ, writeAsRead } from '../lib/table/audit';
import { getItem, recordOf } from '../lib/table/items';
import { clientPartitionKey, clientPriceListKeys, clientProfileKeys } from '../lib/table/keys/accounts';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import { NO_CLIENT_MESSAGE } from './client-store';

export async function readClientPriceList(clientId: string, consistent = false): Promise<ClientPriceList | undefined> {
  const item = await getItem(clientPriceListKeys(clientId), { consistent });
  if (!item) return undefined;
  const { families, series, startsOn, endsOn, updatedAt } = recordOf<ClientPriceList>(item);
  return { families, series, startsOn, endsOn, updatedAt };
}

/** The client's contract prices on this day, or null: none, or out of their dates (list prices). */
export async function clientPriceListInEffect(clientId: string, now: Date): Promise<PriceList | null> {
  const terms = await readClientPriceList(clientId);
  const priceList = terms ? clientPriceList(terms) : null;
  return priceList && priceListInEffect(priceList, shopDateAt(now)) ? priceList : null;
}

/** A price list as its audit log entries hold it: on the client, by id alone (entries hold no personal data). */
function priceListAudit(
  clientId: string,
  staffId: string,
  at: string,
  before: ClientPriceList | undefined,
  after: ClientPriceList | undefined,
): WriteItem | null {
  const fields = (list: ClientPriceList | undefined) =>
    list ? { families: list.families, series: list.series, startsOn: list.startsOn, endsOn: list.endsOn } : null;
  return auditEntryWrite({
    staffId,
    at,
    action: after ? 'setPriceList' : 'removePriceList',
    record: { kind: 'client', id: clientId },
    before: fields(before),
    after: fields(after),
  });
}

/** The condition that the client's price list is still as read (none, or the one saved at its `updatedAt`). */
function asRead(read: ClientPriceList | undefined) {
  return read
    ? { ConditionExpression: 'updatedAt = :read', ExpressionAttributeValues: { ':read': read.updatedAt } }
    : { ConditionExpression: 'attribute_not_exists(pk)' };
}

/**
 * Sets the client's price list, replacing any, with the staff member's audit log entry (the list
 * it replaced and the new one: writeAsRead); answers the list as saved. 404 when there is no such client.
 */
export async function saveClientPriceList(
  clientId: string,
  input: Omit<ClientPriceList, 'updatedAt'>,
  staffId: string,
): Promise<ClientPriceList> {
  return writeAsRead(async (now) => {
    const replaced = await readClientPriceList(clientId, true);
    const terms: ClientPriceList = { ...input, updatedAt: now.toISOString() };
    const outcome = await transact({
      client: {
        ConditionCheck: {
          Key: { pk: clientPartitionKey(clientId), sk: clientProfileKeys(clientId, '').sk },
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      priceList: {
        Put: { Item: { ...clientPriceListKeys(clientId), entity: 'clientPriceList', ...terms }, ...asRead(replaced) },
      },
      audit: priceListAudit(clientId, staffId, terms.updatedAt, replaced, terms),
    });
    if (outcome.committed) return terms;
    if (outcome.failed.has('client')) throw new NotFound(NO_CLIENT_MESSAGE);
    if (outcome.failed.has('priceList')) return CHANGED_SINCE_READ;
    throw new TransactionCancelled(outcome.failed);
  });
}

/**
 * Removes the client's price list, if any (none is no change and no entry), with the staff
 * member's audit log entry: from then on the client buys at list prices.
 */
export async function removeClientPriceList(clientId: string, staffId: string): Promise<void> {
  await writeAsRead(async (now) => {
    const removed = await readClientPriceList(clientId, true);
    if (!removed) return;
    const outcome = await transact({
      priceList: { Delete: { Key: clientPriceListKeys(clientId), ...asRead(removed) } },
      audit: priceListAudit(clientId, staffId, now.toISOString(), removed, undefined),
    });
    if (outcome.committed) return;
    if (outcome.failed.has('priceList')) return CHANGED_SINCE_READ;
    throw new TransactionCancelled(outcome.failed);
  });
}

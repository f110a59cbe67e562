/**
 * A client's price list in the table (functions/lib/table/README.md): one item in the client's
 * partition, which staff replace whole, and which every price the client is shown is computed with.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { NotFound } from '#domain/errors';
import { clientPriceList, priceListInEffect, type ClientPriceList, type PriceList } from '#domain/pricing/price-list';
import { deleteItem, getItem, recordOf } from '../lib/table/items';
import { clientPartitionKey, clientPriceListKeys, clientProfileKeys } from '../lib/table/keys';
import { transact } from '../lib/table/transaction';
import { NO_CLIENT_MESSAGE } from './client-store';

export async function readClientPriceList(clientId: string): Promise<ClientPriceList | undefined> {
  const item = await getItem(clientPriceListKeys(clientId));
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

/** Sets the client's price list, replacing any; 404 when there is no such client. */
export async function saveClientPriceList(clientId: string, terms: ClientPriceList): Promise<void> {
  const outcome = await transact({
    client: {
      ConditionCheck: {
        Key: { pk: clientPartitionKey(clientId), sk: clientProfileKeys(clientId, '').sk },
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    priceList: { Put: { Item: { ...clientPriceListKeys(clientId), entity: 'clientPriceList', ...terms } } },
  });
  if (!outcome.committed) throw new NotFound(NO_CLIENT_MESSAGE);
}

/** Removes the client's price list, if any: from then on the client buys at list prices. */
export async function removeClientPriceList(clientId: string): Promise<void> {
  await deleteItem({ Key: clientPriceListKeys(clientId) });
}

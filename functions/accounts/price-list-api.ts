/**
 * Contract prices (decision 0055): staff read and set a client's price list (the admin Customers
 * tab), and a buyer's browser reads the prices it is on, to show "Your price" as the server will
 * charge it. The cart and checkout compute every price again on the server.
 */
import { clientPriceListInputSchema, type BuyerPriceListResponse } from '#domain/pricing/price-list-schema';
import { pricingRulesPriceList } from '#domain/punchout/configuration';
import { optionalCaller, staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody } from '../lib/http';
import { partnerCallerOf } from '../punchout/sessions-api';
import { clientIdOfPath } from './client-path';
import {
  clientPriceListInEffect,
  readClientPriceList,
  removeClientPriceList,
  saveClientPriceList,
} from './price-list-store';

/** GET /api/admin/clients/{clientId}/price-list: the client's terms, or null. */
export const readClientPriceListForStaff = httpHandler(async (event) => {
  return json(200, { priceList: (await readClientPriceList(clientIdOfPath(event))) ?? null });
});

/** PUT /api/admin/clients/{clientId}/price-list: the whole list, replacing any. */
export const setClientPriceListForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const clientId = clientIdOfPath(event);
  const input = parseBody(event, clientPriceListInputSchema);
  return json(200, { priceList: await saveClientPriceList(clientId, input, staff.userId) });
});

/** DELETE /api/admin/clients/{clientId}/price-list: the client is back on list prices (none to remove is no error). */
export const removeClientPriceListForStaff = httpHandler(async (event) => {
  await removeClientPriceList(clientIdOfPath(event), staffCaller(event).userId);
  return json(200, { priceList: null });
});

/**
 * GET /api/price-list: the caller's contract prices in effect today: a punch-out buyer's
 * configuration's rules, a signed-in client's list; null for everyone else (list prices).
 */
export const getBuyerPriceList = httpHandler(async (event) => {
  const now = new Date();
  const partner = await partnerCallerOf(event, now);
  if (partner) return json(200, { priceList: pricingRulesPriceList(partner.configuration.pricingRules) });
  const caller = await optionalCaller(event);
  const answer: BuyerPriceListResponse = {
    priceList: caller ? await clientPriceListInEffect(caller.userId, now) : null,
  };
  return json(200, answer);
});

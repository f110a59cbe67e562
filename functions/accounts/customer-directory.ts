/** The staff routes of the admin Customers tab: who registered, and the leads sign-up made. */
import { directoryPageQuerySchema } from '#domain/accounts/customer-directory';
import { httpHandler, json, parseQuery } from '../lib/http';
import { listClientsByName, listLeadsNewestFirst } from './client-store';

/** GET /api/admin/clients?cursor=&limit=: clients by name, a page at a time. */
export const listClientsForStaff = httpHandler(async (event) => {
  return json(200, await listClientsByName(parseQuery(event, directoryPageQuerySchema)));
});

/** GET /api/admin/leads?cursor=&limit=: leads newest first, a page at a time. */
export const listLeadsForStaff = httpHandler(async (event) => {
  return json(200, await listLeadsNewestFirst(parseQuery(event, directoryPageQuerySchema)));
});

/**
 * The staff routes of the admin Returns tab: the list (newest first, by status) here; a request
 * with short-lived links to its photos in admin-return-detail.ts, and moving it along the lifecycle
 * (RETURN_TRANSITIONS, refunds included) in admin-return-transition.ts, apart so the list carries
 * neither the storage client nor the payment SDK. Each change is one conditional write with
 * ReturnStatusChanged (the customer's mail). Refunding a return holds its amount within what the
 * order's payment took, then refunds it at the payment provider for a card order (idempotent on
 * the request), then records it on the order in the same transaction as the request's change: once.
 * Each change's audit log entry commits with it.
 */
import { adminReturnsQuerySchema, returnSummaryOf } from '#domain/returns/return-request';
import { httpHandler, json, parseQuery } from '../lib/http';
import { listReturns } from './return-store';

/** GET /api/admin/returns?status=&cursor= */
export const listReturnRequests = httpHandler(async (event) => {
  const { returns, nextCursor } = await listReturns(parseQuery(event, adminReturnsQuerySchema));
  return json(200, { returns: returns.map(returnSummaryOf), nextCursor });
});

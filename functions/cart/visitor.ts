/**
 * Whose cart a request reaches: the header's shopping session, and the client when a valid bearer
 * token comes along. Apart from the cart routes, so a route that only needs the caller does not
 * carry the cart's pricing, promotions and punch-out modules.
 */
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import { optionalCaller } from '../lib/caller';
import { HttpError, type HttpEvent } from '../lib/http';
import type { Visitor } from './cart-store';

export async function visitorOf(event: HttpEvent): Promise<Visitor> {
  const sessionId = event.headers[SESSION_ID_HEADER];
  if (!isValidSessionId(sessionId)) throw new HttpError(400, 'Could not access your cart.');
  const caller = await optionalCaller(event);
  return { sessionId, clientId: caller?.userId ?? null };
}

import { NotFound } from '#domain/errors';
import type { HttpEvent } from '../lib/http';
import { NO_CLIENT_MESSAGE } from './client-store';

/** The `{clientId}` of a staff route's path: a Cognito sub's characters, else no such client (404). */
export function clientIdOfPath(event: HttpEvent): string {
  const clientId = event.pathParameters?.clientId ?? '';
  if (!/^[\w-]{1,100}$/.test(clientId)) throw new NotFound(NO_CLIENT_MESSAGE);
  return clientId;
}

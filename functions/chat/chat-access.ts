/**
 * Who may reach a chat over HTTP. The customer's routes are public (visitors chat), so each call
 * proves it is the chat's customer: the chat's secret in `x-chat-secret`, or the access token of the
 * client who started it. Anyone else is answered as if the chat did not exist.
 */
import { CHAT_MESSAGES, CHAT_SECRET_HEADER, chatSessionIdSchema } from '#domain/chat/chat';
import type { ChatSessionRecord } from '#domain/chat/views';
import { optionalCaller } from '../lib/caller';
import { HttpError, type HttpEvent } from '../lib/http';
import { readSession } from './chat-store';
import { ChatRefusal, httpStatusOf } from './conversation';
import { secretMatches } from './secret';

const notFound = () => new HttpError(404, CHAT_MESSAGES.sessionNotFound);

/** The chat named by the path, or 404. */
export async function pathSession(event: HttpEvent): Promise<ChatSessionRecord> {
  const sessionId = chatSessionIdSchema.safeParse(event.pathParameters?.sessionId);
  const session = sessionId.success ? await readSession(sessionId.data) : undefined;
  if (!session) throw notFound();
  return session;
}

/** The chat of the path, if the caller is its customer: 401 without a credential, 404 with another's. */
export async function customerSession(event: HttpEvent): Promise<ChatSessionRecord> {
  const secret = event.headers[CHAT_SECRET_HEADER];
  const caller = secret ? undefined : await optionalCaller(event);
  if (!secret && !caller) throw new HttpError(401, CHAT_MESSAGES.credentialMissing);
  const session = await pathSession(event);
  const isTheCustomer = secret
    ? secretMatches(secret, session.secretHash)
    : session.clientId !== null && session.clientId === caller?.userId;
  if (!isTheCustomer) throw notFound();
  return session;
}

/** Runs a chat change, answering a refusal with its HTTP status. */
export async function answeringRefusals<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof ChatRefusal) throw new HttpError(httpStatusOf(error), error.message, error.fieldErrors);
    throw error;
  }
}

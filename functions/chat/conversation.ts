/**
 * What happens in a chat, whichever way it was asked for (WebSocket action or HTTP route): each
 * change is stored first, then pushed to the connections that show it, then published.
 */
import { CHAT_MESSAGES, type ChatMessage, type SenderType, type StartChatRequest } from '#domain/chat/chat';
import type { StaffSessionResponse, StartChatResponse } from '#domain/chat/api';
import type { ChatErrorCode, ServerEvent } from '#domain/chat/socket';
import { chatMessageView, chatSessionSummary, chatSessionView, type ChatSessionRecord } from '#domain/chat/views';
import { ChatMessagePosted, ChatStarted } from '#events/chat';
import { publish } from '../lib/events';
import { customerConnectionIds, staffConnectionIds } from '../realtime/connection-store';
import { push } from '../realtime/push';
import {
  appendMessage,
  ChatSessionBusyError,
  ChatSessionClosedError,
  ChatSessionNotFoundError,
  closeSession,
  countUnreadSessions,
  createSession,
  markSessionViewed,
} from './chat-store';
import { isFloodingWith } from './flood';
import { newChatSecret } from './secret';

/** An action refused for a reason the sender is told (an `error` push, or the HTTP status of httpStatusOf). */
export class ChatRefusal extends Error {
  constructor(
    readonly code: ChatErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const refusals = {
  sessionNotFound: () => new ChatRefusal('sessionNotFound', CHAT_MESSAGES.sessionNotFound),
  sessionClosed: () => new ChatRefusal('sessionClosed', CHAT_MESSAGES.sessionClosed),
  notYourSession: () => new ChatRefusal('notYourSession', CHAT_MESSAGES.notYourSession),
  staffOnly: () => new ChatRefusal('staffOnly', CHAT_MESSAGES.staffOnly),
  tooManyMessages: () => new ChatRefusal('tooManyMessages', CHAT_MESSAGES.tooManyMessages),
};

/** The HTTP status of a refusal on the chat's HTTP routes. */
export function httpStatusOf(refusal: ChatRefusal): number {
  const statuses: Record<ChatErrorCode, number> = {
    invalid: 400,
    tooManyMessages: 429,
    notYourSession: 404,
    staffOnly: 403,
    sessionNotFound: 404,
    sessionClosed: 409,
    unknownAction: 400,
    internal: 500,
  };
  return statuses[refusal.code];
}

/** To the chat's customer connections and every staff connection. */
async function pushToChat(sessionId: string, event: ServerEvent, now: Date): Promise<void> {
  const [customers, staff] = await Promise.all([customerConnectionIds(sessionId, now), staffConnectionIds(now)]);
  await push([...customers, ...staff], event);
}

/** Every staff screen learns the chat's new state and the tab badge. */
async function announceToStaff(session: ChatSessionRecord, now: Date): Promise<number> {
  const [unreadSessions, staff] = await Promise.all([countUnreadSessions(), staffConnectionIds(now)]);
  await push(staff, { type: 'sessionUpdated', session: chatSessionSummary(session), unreadSessions });
  return unreadSessions;
}

/** A new chat with its greeting; its secret is answered here only. */
export async function startChat(
  request: StartChatRequest,
  clientId: string | null,
  now: Date,
): Promise<StartChatResponse> {
  const { secret, secretHash } = newChatSecret();
  const { session, greeting } = await createSession(
    { customerName: request.name, customerPhone: request.phone, clientId, secretHash },
    now,
  );
  await announceToStaff(session, now);
  await publish(ChatStarted, {
    sessionId: session.sessionId,
    customerName: session.customerName,
    customerPhone: session.customerPhone,
    clientId,
    startedAt: session.createdAt,
  });
  return { session: chatSessionView(session), secret, messages: [chatMessageView(greeting, session)] };
}

/**
 * A message from the chat's customer or from staff: refused when flooding, stored with the next
 * `seq`, pushed to everyone in the chat (the sender's own connection included: its acknowledgement);
 * a customer's raises the unread count on staff screens and is published.
 */
export async function postMessage(
  input: {
    sessionId: string;
    senderType: SenderType;
    text: string;
    clientMessageId: string | null;
    connectionId: string | null;
  },
  now: Date,
): Promise<ChatMessage> {
  if (
    await isFloodingWith(
      { connectionId: input.connectionId, sessionId: input.sessionId, senderType: input.senderType },
      now,
    )
  )
    throw refusals.tooManyMessages();
  let appended: Awaited<ReturnType<typeof appendMessage>>;
  try {
    appended = await appendMessage(
      input.sessionId,
      { senderType: input.senderType, text: input.text, clientMessageId: input.clientMessageId },
      now,
    );
  } catch (error) {
    if (error instanceof ChatSessionNotFoundError) throw refusals.sessionNotFound();
    if (error instanceof ChatSessionClosedError) throw refusals.sessionClosed();
    if (error instanceof ChatSessionBusyError) throw refusals.tooManyMessages();
    throw error;
  }
  const { session } = appended;
  const message = chatMessageView(appended.message, session);
  await pushToChat(session.sessionId, { type: 'message', message }, now);
  if (input.senderType === 'customer') {
    await announceToStaff(session, now);
    await publish(ChatMessagePosted, {
      sessionId: session.sessionId,
      messageId: message.id,
      seq: message.seq,
      customerName: session.customerName,
      customerPhone: session.customerPhone,
      text: message.text,
      postedAt: message.createdAt,
    });
  }
  return message;
}

/** Staff opened the chat: unread 0 on every staff screen. */
export async function markViewed(sessionId: string, now: Date): Promise<StaffSessionResponse> {
  let session: ChatSessionRecord;
  try {
    session = await markSessionViewed(sessionId);
  } catch (error) {
    if (error instanceof ChatSessionNotFoundError) throw refusals.sessionNotFound();
    throw error;
  }
  const unreadSessions = await announceToStaff(session, now);
  return { session: chatSessionSummary(session), unreadSessions };
}

/** Staff closed the chat: its customer's widget is told, and it leaves every staff screen's active list. */
export async function closeChat(sessionId: string, now: Date): Promise<StaffSessionResponse> {
  let closed: Awaited<ReturnType<typeof closeSession>>;
  try {
    closed = await closeSession(sessionId, now);
  } catch (error) {
    if (error instanceof ChatSessionNotFoundError) throw refusals.sessionNotFound();
    throw error;
  }
  const { session } = closed;
  if (closed.closedNow) {
    await push(await customerConnectionIds(sessionId, now), {
      type: 'sessionClosed',
      sessionId,
      closedAt: session.closedAt!,
      message: CHAT_MESSAGES.sessionClosed,
    });
    const unreadSessions = await announceToStaff(session, now);
    return { session: chatSessionSummary(session), unreadSessions };
  }
  return { session: chatSessionSummary(session), unreadSessions: await countUnreadSessions() };
}

/** Someone is typing: shown on the other side only, never stored. */
export async function relayTyping(
  sessionId: string,
  senderType: SenderType,
  isTyping: boolean,
  now: Date,
): Promise<void> {
  const receivers =
    senderType === 'customer' ? await staffConnectionIds(now) : await customerConnectionIds(sessionId, now);
  await push(receivers, { type: 'typing', sessionId, senderType, isTyping });
}

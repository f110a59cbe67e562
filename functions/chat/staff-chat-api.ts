/** The staff's chat routes (domain/chat/README.md): the Live Chat tab and /chat. Admin only. */
import { messagesQuerySchema, type ActiveChatsResponse, type StaffChatThreadResponse } from '#domain/chat/api';
import { postMessageRequestSchema } from '#domain/chat/chat';
import { chatMessageView, chatSessionSummary } from '#domain/chat/views';
import { httpHandler, json, parseBody, parseQuery } from '../lib/http';
import { answeringRefusals, pathSession } from './chat-access';
import { countUnreadSessions, listActiveSessions, readMessages } from './chat-store';
import { closeChat, markViewed, postMessage } from './conversation';
import { customerPanelOf } from './customer-panel';

/** GET /api/admin/chat/sessions: the active chats, newest first, with the tab badge. */
export const listActiveChats = httpHandler(async () => {
  const [sessions, unreadSessions] = await Promise.all([listActiveSessions(), countUnreadSessions()]);
  return json(200, { sessions: sessions.map(chatSessionSummary), unreadSessions } satisfies ActiveChatsResponse);
});

/** GET /api/admin/chat/unread: the tab badge alone (polled every 30 s when the socket cannot be used). */
export const getChatUnreadCount = httpHandler(async () => {
  return json(200, { unreadSessions: await countUnreadSessions() });
});

/** GET /api/admin/chat/sessions/{sessionId}/messages?afterSeq=n */
export const listStaffChatMessages = httpHandler(async (event) => {
  const { afterSeq } = parseQuery(event, messagesQuerySchema);
  const session = await pathSession(event);
  const page = await readMessages(session.sessionId, afterSeq);
  return json(200, {
    session: chatSessionSummary(session),
    messages: page.messages.map((message) => chatMessageView(message, session)),
    hasMore: page.hasMore,
  } satisfies StaffChatThreadResponse);
});

/** POST /api/admin/chat/sessions/{sessionId}/messages: a reply from Support Team. */
export const replyToChat = httpHandler(async (event) => {
  const { text, clientMessageId } = parseBody(event, postMessageRequestSchema);
  const session = await pathSession(event);
  const message = await answeringRefusals(
    postMessage(
      {
        sessionId: session.sessionId,
        senderType: 'support',
        text,
        clientMessageId: clientMessageId ?? null,
        connectionId: null,
      },
      new Date(),
    ),
  );
  return json(201, { message });
});

/** POST /api/admin/chat/sessions/{sessionId}/viewed */
export const markChatViewed = httpHandler(async (event) => {
  const session = await pathSession(event);
  return json(200, await answeringRefusals(markViewed(session.sessionId, new Date())));
});

/** POST /api/admin/chat/sessions/{sessionId}/close */
export const closeChatSession = httpHandler(async (event) => {
  const session = await pathSession(event);
  return json(200, await answeringRefusals(closeChat(session.sessionId, new Date())));
});

/** GET /api/admin/chat/sessions/{sessionId}/customer: the signed-in customer's cart, recent orders and properties. */
export const getChatCustomer = httpHandler(async (event) => {
  const session = await pathSession(event);
  return json(200, await customerPanelOf(session.clientId));
});

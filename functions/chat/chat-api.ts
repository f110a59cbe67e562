/** The customer's chat routes (domain/chat/README.md): start, resume, catch up, post; and whether staff are online. */
import {
  messagesQuerySchema,
  type ChatAvailability,
  type ChatThreadResponse,
  type CurrentChatResponse,
} from '#domain/chat/api';
import { businessFacts } from '#domain/business';
import { offlineAnswerNote } from '#domain/chat/availability';
import { CHAT_STARTS_PER_ADDRESS, postMessageRequestSchema, startChatRequestSchema } from '#domain/chat/chat';
import { chatMessageView, chatSessionView } from '#domain/chat/views';
import { authorizedCaller, optionalCaller } from '../lib/caller';
import { businessConfig } from '../lib/config';
import { httpHandler, json, parseBody, parseQuery } from '../lib/http';
import { limitAttemptFromAddress } from '../lib/rate-limit';
import { answeringRefusals, customerSession } from './chat-access';
import { latestActiveSessionOf, readMessages } from './chat-store';
import { postMessage, startChat } from './conversation';
import { chatOnlineAt } from './online';

/** POST /api/chat/sessions: a visitor's chat, or a signed-in client's when a valid token comes along. */
export const startChatSession = httpHandler(async (event) => {
  const request = parseBody(event, startChatRequestSchema);
  const caller = await optionalCaller(event);
  await limitAttemptFromAddress(event, 'chatStart', CHAT_STARTS_PER_ADDRESS);
  return json(201, await startChat(request, caller?.userId ?? null, new Date()));
});

/** GET /api/chat/sessions/current: the signed-in client's latest active chat, to resume it on any browser. */
export const getCurrentChat = httpHandler(async (event) => {
  const session = await latestActiveSessionOf(authorizedCaller(event).userId);
  return json(200, { session: session ? chatSessionView(session) : null } satisfies CurrentChatResponse);
});

/** GET /api/chat/sessions/{sessionId}/messages?afterSeq=n: resume, catch up after a drop, or poll. */
export const listChatMessages = httpHandler(async (event) => {
  const { afterSeq } = parseQuery(event, messagesQuerySchema);
  const session = await customerSession(event);
  const page = await readMessages(session.sessionId, afterSeq);
  return json(200, {
    session: chatSessionView(session),
    messages: page.messages.map((message) => chatMessageView(message, session)),
    hasMore: page.hasMore,
  } satisfies ChatThreadResponse);
});

/** POST /api/chat/sessions/{sessionId}/messages: the customer's message when the socket cannot be used. */
export const postChatMessage = httpHandler(async (event) => {
  const { text, clientMessageId } = parseBody(event, postMessageRequestSchema);
  const session = await customerSession(event);
  const message = await answeringRefusals(
    postMessage(
      {
        sessionId: session.sessionId,
        senderType: 'customer',
        text,
        clientMessageId: clientMessageId ?? null,
        connectionId: null,
      },
      new Date(),
    ),
  );
  return json(201, { message });
});

/**
 * GET /api/chat/availability: the widget's online indicator (staff connected within the hours staff
 * saved, on a day the shop is open), those hours, and, while it shows offline, when a message left now is answered.
 */
export const getChatAvailability = httpHandler(async () => {
  const now = new Date();
  const { online, hours } = await chatOnlineAt(now);
  return json(200, {
    staffOnline: online,
    officeHours: businessFacts(businessConfig(), hours.week).officeHours.days.map(({ label, text }) => ({
      label,
      text,
    })),
    answerNote: online ? null : offlineAnswerNote(hours, now),
  } satisfies ChatAvailability);
});

/**
 * The chat's WebSocket protocol: what a client may send (routed by its `action`, as API Gateway
 * does) and what the server pushes (told apart by `type`). Shared by the handlers and the browser.
 * README.md beside this file says who receives what.
 */
import * as z from 'zod';
import {
  CHAT_MESSAGES,
  chatMessageSchema,
  chatSessionIdSchema,
  chatSessionSummarySchema,
  clientMessageIdSchema,
  messageTextSchema,
  SENDER_TYPES,
} from './chat';

/* ---------- Connecting ---------- */

/**
 * The query string of the WebSocket URL (browsers cannot set headers on a WebSocket):
 * - a customer: `?chatSession=<id>&secret=<secret>` (the secret given at start), or
 *   `?chatSession=<id>&token=<access token>` for a signed-in customer's own chat;
 * - staff: `?token=<access token>` of a user in the Cognito group admin.
 * Anything else is refused before the socket opens: 401 without a credential that verifies, 403
 * for a valid token that may not (not admin, not the chat's client) or a chat that has ended.
 */
export const chatConnectQuerySchema = z.object({
  chatSession: chatSessionIdSchema.optional(),
  secret: z.string().min(1).max(200).optional(),
  token: z.string().min(1).max(8192).optional(),
});
export type ChatConnectQuery = z.infer<typeof chatConnectQuerySchema>;

/* ---------- Client → server, by `action` ---------- */

/**
 * Post a message. A customer's connection belongs to one chat: `sessionId` may be left out, and
 * another chat's id is refused. Staff must name the chat.
 */
export const sendMessageActionSchema = z.object({
  action: z.literal('sendMessage'),
  sessionId: chatSessionIdSchema.optional(),
  text: messageTextSchema,
  clientMessageId: clientMessageIdSchema.optional(),
});

/** The sender is typing (true) or stopped (false). Not stored; sent at most every TYPING_SEND_INTERVAL_MS. */
export const typingActionSchema = z.object({
  action: z.literal('typing'),
  sessionId: chatSessionIdSchema.optional(),
  isTyping: z.boolean(),
});

/** Staff opened the chat: its unread count becomes 0 for every staff screen. */
export const markViewedActionSchema = z.object({
  action: z.literal('markViewed'),
  sessionId: chatSessionIdSchema,
});

/** Keep-alive (API Gateway closes a connection idle for 10 minutes); answered with `pong`. */
export const pingActionSchema = z.object({ action: z.literal('ping') });

export const clientActionSchema = z.discriminatedUnion('action', [
  sendMessageActionSchema,
  typingActionSchema,
  markViewedActionSchema,
  pingActionSchema,
]);
export type ClientAction = z.infer<typeof clientActionSchema>;
export type ClientActionName = ClientAction['action'];
export const CLIENT_ACTIONS = [
  'sendMessage',
  'typing',
  'markViewed',
  'ping',
] as const satisfies readonly ClientActionName[];

/* ---------- Server → client, by `type` ---------- */

/** A stored message, to the chat's customer connections and every staff connection. */
export const messageEventSchema = z.object({ type: z.literal('message'), message: chatMessageSchema });

/** The other side is typing: a customer's typing goes to staff, support's to the chat's customer. */
export const typingEventSchema = z.object({
  type: z.literal('typing'),
  sessionId: z.string(),
  senderType: z.enum(SENDER_TYPES),
  isTyping: z.boolean(),
});

/**
 * To every staff connection: a chat started, got a customer message (unread count), was viewed
 * (unread 0) or closed (status closed: it leaves the active lists). `unreadSessions` is the tab badge.
 */
export const sessionUpdatedEventSchema = z.object({
  type: z.literal('sessionUpdated'),
  session: chatSessionSummarySchema,
  unreadSessions: z.number().int().nonnegative(),
});

/** To the chat's customer connections: staff closed it; the widget says so and offers a new chat. */
export const sessionClosedEventSchema = z.object({
  type: z.literal('sessionClosed'),
  sessionId: z.string(),
  closedAt: z.iso.datetime(),
  message: z.literal(CHAT_MESSAGES.sessionClosed),
});

/** To customer connections when the first staff member connects within the opening hours, or the last one leaves. */
export const presenceEventSchema = z.object({ type: z.literal('presence'), staffOnline: z.boolean() });

/** Answer to `ping`, with whether the widget shows staff online now (domain/chat/availability.ts `chatShowsOnline`). */
export const pongEventSchema = z.object({ type: z.literal('pong'), staffOnline: z.boolean() });

export const CHAT_ERROR_CODES = [
  'invalid',
  'tooManyMessages',
  'notYourSession',
  'staffOnly',
  'sessionNotFound',
  'sessionClosed',
  'unknownAction',
  'internal',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/**
 * To the sending connection only: its action was refused. `message` is the sentence to show;
 * `action` and `clientMessageId` say which send it was; `fieldErrors` name bad fields (`text`).
 */
export const errorEventSchema = z.object({
  type: z.literal('error'),
  code: z.enum(CHAT_ERROR_CODES),
  message: z.string(),
  action: z.string().nullable(),
  clientMessageId: z.string().nullable(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

export const serverEventSchema = z.discriminatedUnion('type', [
  messageEventSchema,
  typingEventSchema,
  sessionUpdatedEventSchema,
  sessionClosedEventSchema,
  presenceEventSchema,
  pongEventSchema,
  errorEventSchema,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ErrorEvent = z.infer<typeof errorEventSchema>;

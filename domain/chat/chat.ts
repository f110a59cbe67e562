/**
 * Live chat: a chat session between a shopper and staff, its messages in a per-session sequence,
 * and the rules both sides share. Pure: the handlers in functions/chat store and deliver, the
 * browser shows. README.md beside this file lists every route and WebSocket message.
 */
import * as z from 'zod';
import { multiLineText, singleLineText } from '../text';
import { groupThousands } from '../thousands';

/* ---------- Constants ---------- */

/** A message is plain text of 1 to 2,000 characters (after trimming). */
export const MESSAGE_MAX_CHARS = 2000;
/** The tab badge and each row's unread badge show 99+ above 99. */
export const UNREAD_BADGE_CAP = 99;
/** The widget's thread poll when the socket cannot be used. */
export const CUSTOMER_POLL_INTERVAL_MS = 3000;
/** The staff badge's poll when the socket cannot be used. */
export const BADGE_POLL_INTERVAL_MS = 30_000;
/** /chat: a desktop notification shows the first 100 characters of a new customer message. */
export const NOTIFICATION_PREVIEW_CHARS = 100;
/** /chat: vibration pattern for a new customer message in the open thread. */
export const NEW_MESSAGE_VIBRATION_MS = [200, 100, 200] as const;
/** The customer widget's panel. */
export const CHAT_PANEL_SIZE_PX = { width: 320, height: 500 } as const;
/** The admin Live Chat tab's chat area. */
export const ADMIN_CHAT_AREA_HEIGHT_PX = 600;

/**
 * API Gateway closes a connection idle for 10 minutes: clients ping well before that (every 5
 * minutes, which also refreshes `staffOnline` through the pong).
 */
export const PING_INTERVAL_MS = 5 * 60 * 1000;
/** Reconnect after a dropped connection: 1 s, doubling to at most 30 s, each with up to 50% jitter. */
export const RECONNECT_BASE_DELAY_MS = 1000;
export const RECONNECT_MAX_DELAY_MS = 30_000;

export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + random() / 2));
}

/** A sender sends `typing` at most this often while typing; a receiver hides the indicator after the longer time without one. */
export const TYPING_SEND_INTERVAL_MS = 2000;
export const TYPING_INDICATOR_TIMEOUT_MS = 5000;

/** At most this many messages per catch-up answer; `hasMore` says to ask again from the last `seq`. */
export const CATCH_UP_PAGE_SIZE = 200;

/**
 * Flooding: more than 5 messages in one second from one connection, or more than 20 in ten seconds
 * from one side of a chat (socket and HTTP together), is refused with TOO_MANY_MESSAGES. Each side
 * is counted on its own, so a customer flooding their chat never holds up staff's replies in it.
 * Fixed windows, counted in the table (functions/chat/flood.ts).
 */
export const CHAT_FLOOD_LIMITS = {
  perConnection: { limit: 5, windowSeconds: 1 },
  perSession: { limit: 20, windowSeconds: 10 },
} as const;

/**
 * Chats started from one client address in an hour. Each new chat may mail staff (the notice window
 * is per chat), so without it one sender could mail staff at the route's whole throttle, which also
 * keeps every other visitor from starting a chat. Counted in the table (functions/lib/rate-limit.ts).
 */
export const CHAT_STARTS_PER_ADDRESS = { limit: 20, windowSeconds: 3600 } as const;

/** While nobody from staff is connected, staff are mailed about a chat at most once in this long. */
export const STAFF_NOTICE_WINDOW_MS = 10 * 60 * 1000;

/** Support replies carry this sender name, whoever on staff writes them. */
export const SUPPORT_SENDER_NAME = 'Support Team';

/** The customer's WebSocket and HTTP credential for their chat: the secret given at start. */
export const CHAT_SECRET_HEADER = 'x-chat-secret';

/* ---------- Copy ---------- */

export const CHAT_MESSAGES = {
  nameRequired: 'Please enter your name to start chatting.',
  nameRequiredTitle: 'Name required',
  noPhone: "Customer didn't provide a phone number.",
  noPhoneTitle: 'No phone number',
  blankMessage: 'Please type a message.',
  messageTooLong: `Messages can be at most ${groupThousands(MESSAGE_MAX_CHARS)} characters.`,
  tooManyMessages: "You're sending messages too quickly. Please wait a moment and try again.",
  credentialMissing: 'Please start a chat first.',
  sessionNotFound: 'This chat was not found.',
  sessionClosed: 'This chat has ended. Start a new chat to keep talking with us.',
  notYourSession: 'You can only send messages in your own chat.',
  staffOnly: 'Only staff can do that.',
  chooseChat: 'Please choose a chat.',
  unknownAction: 'Unknown action.',
  invalidMessage: 'This message could not be read.',
  internal: 'Something went wrong. Please try again.',
  /** Toasts: the old shop's texts. */
  loadSessionsFailed: 'Failed to load chat sessions.',
  loadMessagesFailed: 'Failed to load messages.',
  sendFailedStaff: 'Failed to send message.',
  sendFailedCustomer: 'Failed to send message. Please try again.',
  startFailed: 'Failed to start chat session. Please try again.',
  replySent: 'Message sent! Your reply has been sent to the customer.',
  replySentTitle: 'Message sent!',
  /** The staff panel's placeholders. */
  noActiveChats: 'No active chats',
  selectChat: 'Select a chat',
  selectChatHint: 'Select a chat session to start messaging',
} as const;

/** The first message of every chat, from support, greeting the customer by name. */
export function greetingText(customerName: string, businessName: string): string {
  return `Hi ${customerName}! Thanks for contacting ${businessName}. How can we help you with your window treatments today?`;
}

/** What an unread badge shows: the count, or 99+ above 99. */
export function unreadBadgeLabel(count: number): string {
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count);
}

/** The body of a desktop notification of a new customer message. */
export function notificationPreview(text: string): string {
  return [...text].slice(0, NOTIFICATION_PREVIEW_CHARS).join('');
}

/* ---------- Records ---------- */

export const CHAT_STATUSES = ['active', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const SENDER_TYPES = ['customer', 'support'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

const isoTime = z.iso.datetime();

/** A chat id: a UUID the server makes at start. */
export const chatSessionIdSchema = z.uuid({ error: CHAT_MESSAGES.sessionNotFound });

/**
 * One message of a chat. `seq` numbers the session's messages 1, 2, 3… with no gap (the greeting is
 * 1): a client that has seen up to n and receives n + 2 knows it missed n + 1. `adminViewed` is
 * false for a customer message no staff member has opened yet. `clientMessageId` echoes what the
 * sender sent, so its own screen can match the stored message to the one it showed.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  seq: z.number().int().positive(),
  text: z.string(),
  senderType: z.enum(SENDER_TYPES),
  senderName: z.string(),
  createdAt: isoTime,
  adminViewed: z.boolean(),
  clientMessageId: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat as its customer sees it. `lastSeq` is the `seq` of its newest message. */
export const chatSessionViewSchema = z.object({
  id: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  status: z.enum(CHAT_STATUSES),
  createdAt: isoTime,
  closedAt: isoTime.nullable(),
  lastSeq: z.number().int().nonnegative(),
});
export type ChatSessionView = z.infer<typeof chatSessionViewSchema>;

/**
 * A chat as staff see it (Active Chats rows, Chat with {name}): `unreadCount` is the customer
 * messages no staff member has opened, `signedIn` whether the customer is a signed-in client (the
 * side panel then shows their cart, orders and properties).
 */
export const chatSessionSummarySchema = chatSessionViewSchema.extend({
  signedIn: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
  lastMessage: z.object({ text: z.string(), senderType: z.enum(SENDER_TYPES), createdAt: isoTime }).nullable(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

/* ---------- Input ---------- */

/** The text of a message, from either side: plain text, line breaks kept, 1 to 2,000 characters. */
export const messageTextSchema = multiLineText('Message', { error: CHAT_MESSAGES.blankMessage })
  .min(1, CHAT_MESSAGES.blankMessage)
  .max(MESSAGE_MAX_CHARS, CHAT_MESSAGES.messageTooLong);

/** Optional id the sender makes per message (a UUID), echoed back in the stored message. */
export const clientMessageIdSchema = z.uuid({ error: 'clientMessageId must be a UUID.' });

/** Start Live Chat: name required, phone optional (blank means not given). */
export const startChatRequestSchema = z.object({
  name: singleLineText('Name', { error: CHAT_MESSAGES.nameRequired })
    .min(1, CHAT_MESSAGES.nameRequired)
    .max(100, 'Please enter at most 100 characters.'),
  phone: singleLineText('Phone')
    .max(40, 'Please enter at most 40 characters.')
    .optional()
    .transform((phone) => phone || null),
});
export type StartChatRequest = z.infer<typeof startChatRequestSchema>;

/** POST …/messages over HTTP (the fallback when the socket cannot be used). */
export const postMessageRequestSchema = z.object({
  text: messageTextSchema,
  clientMessageId: clientMessageIdSchema.optional(),
});
export type PostMessageRequest = z.infer<typeof postMessageRequestSchema>;

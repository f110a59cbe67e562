/**
 * The chat's HTTP answers (README.md beside this file has the routes). Shared by the handlers and
 * the browser's API client.
 */
import * as z from 'zod';
import type { CartView } from '../cart/view';
import { queryWholeNumber } from '../number-text';
import { orderSummarySchema } from '../orders/responses';
import type { Property } from '../properties/property';
import { CATCH_UP_PAGE_SIZE, chatMessageSchema, chatSessionSummarySchema, chatSessionViewSchema } from './chat';

const AFTER_SEQ_MESSAGE = 'afterSeq must be a whole number.';

/** ?afterSeq=n: the messages after the n-th (0 or absent: the whole thread from the greeting). */
export const messagesQuerySchema = z.object({
  afterSeq: queryWholeNumber
    .pipe(z.number({ error: AFTER_SEQ_MESSAGE }).int(AFTER_SEQ_MESSAGE).min(0, AFTER_SEQ_MESSAGE))
    .default(0),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

/** 201 of POST /api/chat/sessions: the new chat, its secret (only this answer ever holds it) and its greeting. */
export const startChatResponseSchema = z.object({
  session: chatSessionViewSchema,
  secret: z.string(),
  messages: z.array(chatMessageSchema),
});
export type StartChatResponse = z.infer<typeof startChatResponseSchema>;

/** 200 of GET /api/chat/sessions/current: the signed-in customer's latest active chat, or null. */
export const currentChatResponseSchema = z.object({ session: chatSessionViewSchema.nullable() });
export type CurrentChatResponse = z.infer<typeof currentChatResponseSchema>;

/**
 * 200 of GET …/messages?afterSeq=n (customer and staff): the chat now (status, lastSeq) and its
 * messages with `seq` > n, oldest first, at most CATCH_UP_PAGE_SIZE; `hasMore` asks for the next
 * page from the last `seq` received.
 */
export const chatThreadResponseSchema = z.object({
  session: chatSessionViewSchema,
  messages: z.array(chatMessageSchema).max(CATCH_UP_PAGE_SIZE),
  hasMore: z.boolean(),
});
export type ChatThreadResponse = z.infer<typeof chatThreadResponseSchema>;

export const staffChatThreadResponseSchema = chatThreadResponseSchema.extend({ session: chatSessionSummarySchema });
export type StaffChatThreadResponse = z.infer<typeof staffChatThreadResponseSchema>;

/** 201 of POST …/messages: the message as stored (with its `seq`), also fanned out over the sockets. */
export const postMessageResponseSchema = z.object({ message: chatMessageSchema });
export type PostMessageResponse = z.infer<typeof postMessageResponseSchema>;

/** `unreadSessions`: how many active chats have unread customer messages (the tab badge). */
export const unreadBadgeSchema = z.object({ unreadSessions: z.number().int().nonnegative() });
export type UnreadBadge = z.infer<typeof unreadBadgeSchema>;

/** 200 of GET /api/admin/chat/sessions: the active chats, newest first, and the tab badge. */
export const activeChatsResponseSchema = unreadBadgeSchema.extend({ sessions: z.array(chatSessionSummarySchema) });
export type ActiveChatsResponse = z.infer<typeof activeChatsResponseSchema>;

/** 200 of POST …/viewed and …/close: the chat after the change (also broadcast as `sessionUpdated`). */
export const staffSessionResponseSchema = unreadBadgeSchema.extend({ session: chatSessionSummarySchema });
export type StaffSessionResponse = z.infer<typeof staffSessionResponseSchema>;

/**
 * 200 of GET /api/chat/availability: `staffOnline` is true while a staff member is connected within
 * the opening hours staff saved (domain/chat/availability.ts); otherwise `answerNote` says when the
 * shop will answer, and the widget keeps taking messages.
 */
export const chatAvailabilitySchema = z.object({
  staffOnline: z.boolean(),
  officeHours: z.array(z.object({ label: z.string(), text: z.string() })),
  answerNote: z.string().nullable(),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

/** The side panel shows this many of the customer's orders, newest first. */
export const PANEL_RECENT_ORDERS = 5;

/**
 * 200 of GET /api/admin/chat/sessions/{sessionId}/customer: beside the thread, what a signed-in
 * customer is looking at, read only. A visitor's chat answers `{ signedIn: false }`. `cart` is null
 * when the client has no active cart; `orders` are the newest PANEL_RECENT_ORDERS.
 */
export type ChatCustomerPanel =
  | { signedIn: false }
  | {
      signedIn: true;
      customer: { firstName: string; lastName: string; email: string; phone: string | null } | null;
      cart: CartView | null;
      orders: z.infer<typeof orderSummarySchema>[];
      properties: Property[];
    };

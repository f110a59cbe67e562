/**
 * A chat and its messages as stored, and what each side is shown of them. A customer message is
 * `adminViewed` once staff viewed the chat at or after it (`viewedThroughSeq`), so marking a chat
 * viewed is one write however many messages it has.
 */
import type { ChatMessage, ChatSessionSummary, ChatSessionView, ChatStatus, SenderType } from './chat';

export interface ChatSessionRecord {
  sessionId: string;
  customerName: string;
  customerPhone: string | null;
  /** The signed-in client who started it, or null for a visitor. */
  clientId: string | null;
  /** SHA-256 of the customer's secret (functions/chat/secret.ts). */
  secretHash: string;
  status: ChatStatus;
  createdAt: string;
  closedAt: string | null;
  /** `seq` of the newest message. */
  lastSeq: number;
  /** Customer messages after `viewedThroughSeq`. */
  unreadCount: number;
  viewedThroughSeq: number;
  lastMessage: { text: string; senderType: SenderType; createdAt: string } | null;
  /** Bumped by every change: a message is appended only to the version it read. */
  version: number;
}

export interface ChatMessageRecord {
  messageId: string;
  sessionId: string;
  seq: number;
  text: string;
  senderType: SenderType;
  senderName: string;
  createdAt: string;
  clientMessageId: string | null;
}

export function chatSessionView(session: ChatSessionRecord): ChatSessionView {
  return {
    id: session.sessionId,
    customerName: session.customerName,
    customerPhone: session.customerPhone,
    status: session.status,
    createdAt: session.createdAt,
    closedAt: session.closedAt,
    lastSeq: session.lastSeq,
  };
}

export function chatSessionSummary(session: ChatSessionRecord): ChatSessionSummary {
  return {
    ...chatSessionView(session),
    signedIn: session.clientId !== null,
    unreadCount: session.unreadCount,
    lastMessage: session.lastMessage,
  };
}

export function chatMessageView(
  message: ChatMessageRecord,
  session: Pick<ChatSessionRecord, 'viewedThroughSeq'>,
): ChatMessage {
  return {
    id: message.messageId,
    sessionId: message.sessionId,
    seq: message.seq,
    text: message.text,
    senderType: message.senderType,
    senderName: message.senderName,
    createdAt: message.createdAt,
    adminViewed: message.senderType === 'support' || message.seq <= session.viewedThroughSeq,
    clientMessageId: message.clientMessageId,
  };
}

/**
 * One chat thread as a screen shows it: the stored messages, exact by `seq` (domain/chat/thread.ts),
 * and the sender's own messages on their way, until the stored copy (matched by clientMessageId)
 * replaces them or they fail. Pure: the widget and the staff screens hold it in React state.
 */
import type { ChatMessage, SenderType } from '#domain/chat/chat';
import { mergeMessages } from '#domain/chat/thread';

export interface PendingMessage {
  clientMessageId: string;
  text: string;
  /** When the sender pressed send. */
  createdAt: string;
  status: 'sending' | 'failed';
  /** The socket opening it was sent on; null when sent over HTTP, whose answer is the acknowledgement. */
  socketGeneration: number | null;
}

export interface ThreadState {
  messages: ChatMessage[];
  pending: PendingMessage[];
}

export const EMPTY_THREAD: ThreadState = { messages: [], pending: [] };

/** The thread with `incoming` merged in; a pending message whose stored copy arrived leaves the pending list. */
export function withMessages(state: ThreadState, incoming: readonly ChatMessage[]): ThreadState {
  if (incoming.length === 0) return state;
  const messages = mergeMessages(state.messages, incoming);
  const stored = new Set(messages.map((message) => message.clientMessageId).filter((id): id is string => id !== null));
  return { messages, pending: state.pending.filter((pending) => !stored.has(pending.clientMessageId)) };
}

export function withPending(state: ThreadState, pending: PendingMessage): ThreadState {
  return {
    ...state,
    pending: [...state.pending.filter((item) => item.clientMessageId !== pending.clientMessageId), pending],
  };
}

export function withFailed(state: ThreadState, clientMessageId: string): ThreadState {
  if (!state.pending.some((item) => item.clientMessageId === clientMessageId && item.status === 'sending'))
    return state;
  return {
    ...state,
    pending: state.pending.map((item) =>
      item.clientMessageId === clientMessageId ? { ...item, status: 'failed' } : item,
    ),
  };
}

export function withoutPending(state: ThreadState, clientMessageId: string): ThreadState {
  return { ...state, pending: state.pending.filter((item) => item.clientMessageId !== clientMessageId) };
}

/**
 * After a catch-up: a message sent over a socket opening that is gone (`openGeneration` is the
 * open socket's, or null when none is open) and still not in the thread was lost with it.
 */
export function withLostSocketSends(state: ThreadState, openGeneration: number | null): ThreadState {
  const lost = (item: PendingMessage) =>
    item.status === 'sending' && item.socketGeneration !== null && item.socketGeneration !== openGeneration;
  if (!state.pending.some(lost)) return state;
  return { ...state, pending: state.pending.map((item) => (lost(item) ? { ...item, status: 'failed' } : item)) };
}

/** The messages of `from` in `next` that `previous` did not have, oldest first: what to announce or alert about. */
export function arrivedFrom(previous: ThreadState, next: ThreadState, from: SenderType): ChatMessage[] {
  if (previous.messages === next.messages) return [];
  const known = new Set(previous.messages.map((message) => message.seq));
  return next.messages.filter((message) => message.senderType === from && !known.has(message.seq));
}

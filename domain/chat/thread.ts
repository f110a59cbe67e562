/**
 * Keeping a thread exact across pushes, polls and reconnects: messages are told apart by `seq`
 * alone (1, 2, 3… per chat, no gap), so a message seen twice is shown once and a missing one is
 * noticed and fetched (GET …/messages?afterSeq=lastContiguousSeq).
 */
import type { ChatMessage } from './chat';

/** `known` with `incoming` added: each `seq` once (the first copy kept), oldest first. */
export function mergeMessages(known: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  for (const message of [...known, ...incoming]) if (!bySeq.has(message.seq)) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The highest `seq` up to which the thread has every message (0 for none): what to catch up from.
 * A thread whose last `seq` is higher has a gap a push skipped over, to be fetched.
 */
export function lastContiguousSeq(messages: readonly ChatMessage[]): number {
  let seq = 0;
  for (const message of [...messages].sort((a, b) => a.seq - b.seq)) {
    if (message.seq === seq + 1) seq = message.seq;
    else if (message.seq > seq + 1) break;
  }
  return seq;
}

/** Whether the thread misses a message before its newest one. */
export function hasGap(messages: readonly ChatMessage[]): boolean {
  const newest = messages.reduce((max, message) => Math.max(max, message.seq), 0);
  return lastContiguousSeq(messages) < newest;
}

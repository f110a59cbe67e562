import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#domain/chat/chat';
import {
  arrivedFrom,
  EMPTY_THREAD,
  withFailed,
  withLostSocketSends,
  withMessages,
  withoutPending,
  withPending,
  type PendingMessage,
  type ThreadState,
} from './thread-state';

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `m${seq}`,
    sessionId: 's1',
    seq,
    text: `message ${seq}`,
    senderType: seq === 1 ? 'support' : 'customer',
    senderName: seq === 1 ? 'Support Team' : 'Ana',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, seq)).toISOString(),
    adminViewed: false,
    clientMessageId: null,
    ...overrides,
  };
}

function pending(clientMessageId: string, socketGeneration: number | null = null): PendingMessage {
  return { clientMessageId, text: 'hello', createdAt: '2026-01-01T12:00:00.000Z', status: 'sending', socketGeneration };
}

const seqs = (state: ThreadState) => state.messages.map((m) => m.seq);

describe('a thread kept exact by seq', () => {
  it('shows a message pushed twice (push, then the catch-up after a reconnect) once', () => {
    let thread = withMessages(EMPTY_THREAD, [message(1), message(2)]);
    thread = withMessages(thread, [message(3)]);
    thread = withMessages(thread, [message(2), message(3), message(4)]);
    expect(seqs(thread)).toEqual([1, 2, 3, 4]);
  });

  it('orders pushes that arrive out of order', () => {
    const thread = withMessages(withMessages(EMPTY_THREAD, [message(1), message(3)]), [message(2)]);
    expect(seqs(thread)).toEqual([1, 2, 3]);
  });

  it('replaces the pending copy of a sent message with the stored one, matched by clientMessageId', () => {
    let thread = withPending(withMessages(EMPTY_THREAD, [message(1)]), pending('c-1', 1));
    thread = withPending(thread, pending('c-2', 1));
    thread = withMessages(thread, [message(2, { clientMessageId: 'c-1' })]);
    expect(thread.pending.map((p) => p.clientMessageId)).toEqual(['c-2']);
    expect(seqs(thread)).toEqual([1, 2]);
  });

  it('keeps the state object when nothing arrives, so React does not re-render', () => {
    const thread = withMessages(EMPTY_THREAD, [message(1)]);
    expect(withMessages(thread, [])).toBe(thread);
  });
});

describe('messages on their way', () => {
  it('marks a refused send failed, and a retry puts it back on its way', () => {
    let thread = withPending(EMPTY_THREAD, pending('c-1'));
    thread = withFailed(thread, 'c-1');
    expect(thread.pending[0]!.status).toBe('failed');
    thread = withPending(thread, pending('c-1', 2));
    expect(thread.pending).toEqual([pending('c-1', 2)]);
    expect(withoutPending(thread, 'c-1').pending).toEqual([]);
  });

  it('ignores a refusal for a message already stored', () => {
    const thread = withMessages(withPending(EMPTY_THREAD, pending('c-1', 1)), [message(2, { clientMessageId: 'c-1' })]);
    expect(withFailed(thread, 'c-1')).toBe(thread);
  });

  it('after a catch-up, fails what was sent over a socket that has since closed and never arrived, and keeps the rest', () => {
    let thread = withPending(EMPTY_THREAD, pending('lost', 1));
    thread = withPending(thread, pending('current', 2));
    thread = withPending(thread, pending('over-http', null));
    const after = withLostSocketSends(thread, 2);
    expect(after.pending.map((p) => [p.clientMessageId, p.status])).toEqual([
      ['lost', 'failed'],
      ['current', 'sending'],
      ['over-http', 'sending'],
    ]);
    expect(withLostSocketSends(thread, null).pending.map((p) => p.status)).toEqual(['failed', 'failed', 'sending']);
  });
});

describe('arrivedFrom', () => {
  it('lists the new messages of the other side only', () => {
    const before = withMessages(EMPTY_THREAD, [message(1), message(2)]);
    const after = withMessages(before, [
      message(3),
      message(4, { senderType: 'support', senderName: 'Support Team' }),
      message(2),
    ]);
    expect(arrivedFrom(before, after, 'customer').map((m) => m.seq)).toEqual([3]);
    expect(arrivedFrom(before, after, 'support').map((m) => m.seq)).toEqual([4]);
    expect(arrivedFrom(after, after, 'customer')).toEqual([]);
  });
});

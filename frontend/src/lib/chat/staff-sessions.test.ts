import { describe, expect, it } from 'vitest';
import type { ChatSessionSummary } from '#domain/chat/chat';
import { withSession, withSessionViewed } from './staff-sessions';

function session(id: string, minute: number, overrides: Partial<ChatSessionSummary> = {}): ChatSessionSummary {
  return {
    id,
    customerName: `Customer ${id}`,
    customerPhone: null,
    status: 'active',
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
    closedAt: null,
    lastSeq: 1,
    signedIn: false,
    unreadCount: 0,
    lastMessage: null,
    ...overrides,
  };
}

describe('the active chats staff see', () => {
  it('puts a chat that just started first', () => {
    const list = withSession([session('a', 1)], session('b', 2));
    expect(list.map((s) => s.id)).toEqual(['b', 'a']);
  });

  it('replaces a chat with its new state where it stands', () => {
    const list = withSession([session('b', 2), session('a', 1)], session('a', 1, { unreadCount: 3 }));
    expect(list.map((s) => [s.id, s.unreadCount])).toEqual([
      ['b', 0],
      ['a', 3],
    ]);
  });

  it('drops a chat once it is closed', () => {
    const list = withSession(
      [session('b', 2), session('a', 1)],
      session('b', 2, { status: 'closed', closedAt: '2026-01-01T13:00:00.000Z' }),
    );
    expect(list.map((s) => s.id)).toEqual(['a']);
  });

  it('zeroes the unread count of the chat opened, leaving the others', () => {
    const before = [session('b', 2, { unreadCount: 2 }), session('a', 1, { unreadCount: 1 })];
    expect(withSessionViewed(before, 'b').map((s) => s.unreadCount)).toEqual([0, 1]);
  });
});

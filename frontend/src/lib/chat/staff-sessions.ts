/**
 * The staff screens' list of active chats, kept current from `sessionUpdated` pushes: a chat that
 * started or changed takes its new state, a closed one leaves the list. Newest first, as the API
 * lists them. Pure.
 */
import type { ChatSessionSummary } from '#domain/chat/chat';

const newestFirst = (a: ChatSessionSummary, b: ChatSessionSummary) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export function withSession(
  sessions: readonly ChatSessionSummary[],
  session: ChatSessionSummary,
): ChatSessionSummary[] {
  const others = sessions.filter((item) => item.id !== session.id);
  return session.status === 'active' ? [...others, session].sort(newestFirst) : others;
}

/** Opening a chat marks it viewed: its unread count is 0 at once, before the server's push confirms it. */
export function withSessionViewed(sessions: readonly ChatSessionSummary[], sessionId: string): ChatSessionSummary[] {
  return sessions.map((item) => (item.id === sessionId && item.unreadCount > 0 ? { ...item, unreadCount: 0 } : item));
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { BADGE_POLL_INTERVAL_MS, CHAT_MESSAGES, type ChatSessionSummary } from '#domain/chat/chat';
import { loadRuntimeConfig } from '../../../api/runtime-config';
import { toaster } from '../../../components/layout/toast-queue';
import { ChatSocket, socketUrl } from '../../../lib/chat/chat-socket';
import { withSession, withSessionViewed } from '../../../lib/chat/staff-sessions';
import { useSocketStatus } from '../../../lib/chat/use-chat-thread';
import { fetchActiveChats, markChatViewed, staffSocketQuery } from '../chat-api';

interface StaffChat {
  /** The staff connection: every chat's messages, typing and session changes. */
  socket: ChatSocket;
  /** The active chats, newest first; null until they have loaded. */
  sessions: ChatSessionSummary[] | null;
  loadFailed: boolean;
  /** Active chats with unread customer messages: the Live Chat badge. */
  unreadSessions: number;
  reload: () => void;
  /** Staff opened the chat: unread 0 here at once, then on every staff screen (silent if it fails). */
  markViewed: (sessionId: string) => void;
  /** A chat as an answer returned it (closing it). */
  applySession: (session: ChatSessionSummary, unreadSessions: number) => void;
}

const StaffChatContext = createContext<StaffChat | null>(null);

export function useStaffChat(): StaffChat {
  const value = useContext(StaffChatContext);
  if (!value) throw new Error('useStaffChat is used inside StaffChatProvider');
  return value;
}

/**
 * One staff connection for the admin area or the phone inbox: the active chats and the unread
 * badge, live from `sessionUpdated` pushes, reloaded after every reconnect, and polled every 30 s
 * while the socket cannot be used.
 */
export function StaffChatProvider({ children }: { children: ReactNode }) {
  const [socket] = useState(
    () =>
      new ChatSocket({
        url: async () => socketUrl((await loadRuntimeConfig()).webSocketUrl, await staffSocketQuery()),
      }),
  );
  const status = useSocketStatus(socket);
  const [sessions, setSessions] = useState<ChatSessionSummary[] | null>(null);
  const [unreadSessions, setUnreadSessions] = useState(0);
  const [loadFailed, setLoadFailed] = useState(false);
  const sessionsRef = useRef(sessions);
  sessionsRef.current = sessions;

  const reload = useCallback(() => {
    fetchActiveChats().then(
      (answer) => {
        setSessions(answer.sessions);
        setUnreadSessions(answer.unreadSessions);
        setLoadFailed(false);
      },
      () => {
        setLoadFailed(true);
        toaster.create({ id: 'chat-sessions-failed', type: 'error', title: CHAT_MESSAGES.loadSessionsFailed });
      },
    );
  }, []);

  const applySession = useCallback((session: ChatSessionSummary, unread: number) => {
    setSessions((list) => list && withSession(list, session));
    setUnreadSessions(unread);
  }, []);

  useEffect(() => {
    socket.start();
    return () => socket.stop();
  }, [socket]);

  useEffect(
    () =>
      socket.onEvent((event) => event.type === 'sessionUpdated' && applySession(event.session, event.unreadSessions)),
    [socket, applySession],
  );

  // The first load, and again at every opening of the socket: what changed while it was down.
  useEffect(reload, [status.generation, reload]);

  useEffect(() => {
    if (status.state === 'open') return;
    const timer = setInterval(reload, BADGE_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [status.state, reload]);

  const markViewed = useCallback(
    (sessionId: string) => {
      if (sessionsRef.current?.some((item) => item.id === sessionId && item.unreadCount > 0))
        setUnreadSessions((count) => Math.max(0, count - 1));
      setSessions((list) => list && withSessionViewed(list, sessionId));
      if (socket.send({ action: 'markViewed', sessionId })) return;
      markChatViewed(sessionId).then(
        (answer) => applySession(answer.session, answer.unreadSessions),
        () => undefined,
      );
    },
    [socket, applySession],
  );

  const value = useMemo(
    () => ({ socket, sessions, loadFailed, unreadSessions, reload, markViewed, applySession }),
    [socket, sessions, loadFailed, unreadSessions, reload, markViewed, applySession],
  );
  return <StaffChatContext.Provider value={value}>{children}</StaffChatContext.Provider>;
}

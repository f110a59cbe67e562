/**
 * One chat thread kept live for the customer widget and the staff screens: loaded over HTTP,
 * then fed by the socket's pushes; caught up (GET …/messages?afterSeq=lastContiguousSeq) after a
 * push that skips a number and after every reconnect; polled every 3 s while the socket cannot be
 * used. Sends go over the socket when it is open (the push of the stored message is the
 * acknowledgement), over HTTP otherwise. Mount it with `key={sessionId}`: one hook, one chat.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  CUSTOMER_POLL_INTERVAL_MS,
  TYPING_INDICATOR_TIMEOUT_MS,
  TYPING_SEND_INTERVAL_MS,
  type ChatMessage,
  type SenderType,
} from '#domain/chat/chat';
import type { ErrorEvent } from '#domain/chat/socket';
import { hasGap, lastContiguousSeq } from '#domain/chat/thread';
import type { ChatSocket, SocketStatus } from './chat-socket';
import {
  arrivedFrom,
  EMPTY_THREAD,
  withFailed,
  withLostSocketSends,
  withMessages,
  withPending,
  type ThreadState,
} from './thread-state';

export function useSocketStatus(socket: ChatSocket): SocketStatus {
  return useSyncExternalStore(
    (listener) => socket.onStatus(listener),
    () => socket.status,
    () => socket.status,
  );
}

export interface ChatThreadSource<Session> {
  sessionId: string;
  socket: ChatSocket;
  /** Whose screen this is: the other side's messages are the ones announced and alerted about. */
  viewer: SenderType;
  fetchAfter: (afterSeq: number) => Promise<{ session: Session; messages: ChatMessage[]; hasMore: boolean }>;
  post: (text: string, clientMessageId: string) => Promise<ChatMessage>;
  /** Messages already known (the greeting in the start answer). */
  initialMessages?: ChatMessage[];
  /** False once the chat has ended: nothing more to poll for. */
  live?: boolean;
  /** The chat as each HTTP answer has it (a poll is how a closed chat is noticed without the socket). */
  onSession?: (session: Session) => void;
  /** Loading the thread failed (the first load, or a later catch-up). */
  onLoadFailed?: (error: unknown, firstLoad: boolean) => void;
  /** A send was refused: the HTTP error, or the socket's `error` push. */
  onSendRefused?: (refusal: unknown | ErrorEvent) => void;
  /** One of the viewer's own messages was stored. */
  onSent?: (message: ChatMessage) => void;
  /** New messages from the other side, after the first load. */
  onArrived?: (messages: ChatMessage[]) => void;
}

export interface ChatThread extends ThreadState {
  /** The first load finished. */
  loaded: boolean;
  /** The other side is typing now (their `typing` pushes, hidden after a silence). */
  otherTyping: boolean;
  send: (text: string) => void;
  retry: (clientMessageId: string) => void;
  /** The viewer is typing (true) or stopped (false); sent at most every TYPING_SEND_INTERVAL_MS. */
  typing: (isTyping: boolean) => void;
}

export function useChatThread<Session>(source: ChatThreadSource<Session>): ChatThread {
  const { socket, sessionId, viewer, live = true } = source;
  const other: SenderType = viewer === 'customer' ? 'support' : 'customer';
  const latest = useRef(source);
  latest.current = source;
  const status = useSocketStatus(socket);

  const [thread, setThread] = useState<ThreadState>(() => withMessages(EMPTY_THREAD, source.initialMessages ?? []));
  const threadRef = useRef(thread);
  const [loaded, setLoaded] = useState(false);
  const loadedRef = useRef(false);
  const [otherTyping, setOtherTyping] = useState(false);

  const apply = useCallback(
    (update: (state: ThreadState) => ThreadState) => {
      const previous = threadRef.current;
      const next = update(previous);
      if (next === previous) return;
      threadRef.current = next;
      setThread(next);
      const sent = next.messages.filter(
        (message) =>
          message.clientMessageId && previous.pending.some((item) => item.clientMessageId === message.clientMessageId),
      );
      for (const message of sent) latest.current.onSent?.(message);
      const arrived = loadedRef.current ? arrivedFrom(previous, next, other) : [];
      if (arrived.length > 0) latest.current.onArrived?.(arrived);
    },
    [other],
  );

  const mounted = useRef(true);
  const running = useRef<Promise<void> | null>(null);
  const runAgain = useRef(false);
  const catchUp = useCallback((): Promise<void> => {
    if (running.current) {
      runAgain.current = true;
      return running.current;
    }
    const run = async () => {
      do {
        runAgain.current = false;
        for (let more = true; more && mounted.current;) {
          const answer = await latest.current.fetchAfter(lastContiguousSeq(threadRef.current.messages));
          if (!mounted.current) return;
          apply((state) => withMessages(state, answer.messages));
          latest.current.onSession?.(answer.session);
          more = answer.hasMore && answer.messages.length > 0;
        }
      } while (runAgain.current && mounted.current);
      const now = socket.status;
      apply((state) => withLostSocketSends(state, now.state === 'open' ? now.generation : null));
      loadedRef.current = true;
      setLoaded(true);
    };
    running.current = run()
      .catch((error: unknown) => {
        if (mounted.current) latest.current.onLoadFailed?.(error, !loadedRef.current);
      })
      .finally(() => {
        running.current = null;
      });
    return running.current;
  }, [apply, socket]);

  useEffect(() => {
    mounted.current = true;
    void catchUp();
    return () => {
      mounted.current = false;
    };
  }, [catchUp]);

  // Every opening after the first load (a reconnect) may have missed messages.
  const caughtUpGeneration = useRef(status.generation);
  useEffect(() => {
    if (status.state !== 'open' || status.generation === caughtUpGeneration.current) return;
    caughtUpGeneration.current = status.generation;
    void catchUp();
  }, [status, catchUp]);

  useEffect(() => {
    if (status.state === 'open' || !live) return;
    const timer = setInterval(() => void catchUp(), CUSTOMER_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [status.state, live, catchUp]);

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = socket.onEvent((event) => {
      if (event.type === 'message' && event.message.sessionId === sessionId) {
        if (event.message.senderType === other) setOtherTyping(false);
        apply((state) => withMessages(state, [event.message]));
        if (hasGap(threadRef.current.messages)) void catchUp();
      } else if (event.type === 'typing' && event.sessionId === sessionId && event.senderType === other) {
        clearTimeout(typingTimer);
        setOtherTyping(event.isTyping);
        if (event.isTyping) typingTimer = setTimeout(() => setOtherTyping(false), TYPING_INDICATOR_TIMEOUT_MS);
      } else if (
        event.type === 'error' &&
        event.clientMessageId &&
        threadRef.current.pending.some((item) => item.clientMessageId === event.clientMessageId)
      ) {
        apply((state) => withFailed(state, event.clientMessageId!));
        latest.current.onSendRefused?.(event);
      }
    });
    return () => {
      clearTimeout(typingTimer);
      unsubscribe();
    };
  }, [socket, sessionId, other, apply, catchUp]);

  const dispatch = useCallback(
    (clientMessageId: string, text: string) => {
      const generation = socket.status.generation;
      const viaSocket = socket.send({ action: 'sendMessage', sessionId, text, clientMessageId });
      apply((state) =>
        withPending(state, {
          clientMessageId,
          text,
          createdAt: new Date().toISOString(),
          status: 'sending',
          socketGeneration: viaSocket ? generation : null,
        }),
      );
      if (viaSocket) return;
      latest.current.post(text, clientMessageId).then(
        (message) => apply((state) => withMessages(state, [message])),
        (error: unknown) => {
          apply((state) => withFailed(state, clientMessageId));
          latest.current.onSendRefused?.(error);
        },
      );
    },
    [socket, sessionId, apply],
  );

  const lastTyping = useRef({ isTyping: false, at: 0 });
  const typing = useCallback(
    (isTyping: boolean) => {
      const now = Date.now();
      const previous = lastTyping.current;
      if (isTyping === previous.isTyping && (!isTyping || now - previous.at < TYPING_SEND_INTERVAL_MS)) return;
      if (socket.send({ action: 'typing', sessionId, isTyping })) lastTyping.current = { isTyping, at: now };
    },
    [socket, sessionId],
  );

  const send = useCallback(
    (text: string) => {
      typing(false);
      dispatch(crypto.randomUUID(), text);
    },
    [dispatch, typing],
  );

  const retry = useCallback(
    (clientMessageId: string) => {
      const failed = threadRef.current.pending.find(
        (item) => item.clientMessageId === clientMessageId && item.status === 'failed',
      );
      if (failed) dispatch(failed.clientMessageId, failed.text);
    },
    [dispatch],
  );

  return { ...thread, loaded, otherTyping, send, retry, typing };
}

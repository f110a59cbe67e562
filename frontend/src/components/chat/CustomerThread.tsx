import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { CHAT_MESSAGES } from '#domain/chat/chat';
import type { ErrorEvent } from '#domain/chat/socket';
import { customerSocketQuery, fetchChatMessages, postChatMessage } from '../../api/chat';
import { ApiError } from '../../api/client';
import { loadRuntimeConfig } from '../../api/runtime-config';
import { ChatSocket, socketUrl } from '../../lib/chat/chat-socket';
import { forgetChat } from '../../lib/chat/stored-chat';
import { useChatThread } from '../../lib/chat/use-chat-thread';
import { toaster } from '../layout/toast-queue';
import type { ActiveChat } from './active-chat';
import { MessageComposer } from './MessageComposer';
import { MessageList } from './MessageList';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const formatTime = (iso: string) => timeFormat.format(new Date(iso));

/** The chat can no longer be reached with this browser's credential: ended, unknown, or (a token) signed out. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 401);
}

function isSocketRefusal(refusal: unknown): refusal is ErrorEvent {
  return typeof refusal === 'object' && refusal !== null && (refusal as { type?: unknown }).type === 'error';
}

interface CustomerThreadProps {
  chat: ActiveChat;
  open: boolean;
  messageInput: RefObject<HTMLTextAreaElement | null>;
  onStaffOnline: (staffOnline: boolean) => void;
  onNewMessage: () => void;
  /** The chat is over for this browser: show the start form. */
  onForgotten: () => void;
}

/**
 * The shopper's chat: the greeting and every message after it, 'Support is typing...' while staff
 * type, the message box; once staff close the chat, a notice and a way to start a new one. Its own
 * socket, authenticated by the chat's secret (or the signed-in client's token).
 */
export function CustomerThread({
  chat,
  open,
  messageInput,
  onStaffOnline,
  onNewMessage,
  onForgotten,
}: CustomerThreadProps) {
  const { credential } = chat;
  const [socket] = useState(
    () =>
      new ChatSocket({
        url: async () => socketUrl((await loadRuntimeConfig()).webSocketUrl, await customerSocketQuery(credential)),
      }),
  );
  const [ended, setEnded] = useState(false);
  const startAgain = useRef<HTMLButtonElement>(null);
  const openRef = useRef(open);
  openRef.current = open;

  function end() {
    forgetChat();
    setEnded(true);
  }

  useEffect(() => {
    if (ended) return;
    socket.start();
    return () => socket.stop();
  }, [socket, ended]);

  useEffect(
    () =>
      socket.onEvent((event) => {
        if (event.type === 'pong' || event.type === 'presence') onStaffOnline(event.staffOnline);
        else if (event.type === 'sessionClosed' && event.sessionId === credential.sessionId) end();
      }),
    [socket, credential.sessionId, onStaffOnline],
  );

  const thread = useChatThread({
    sessionId: credential.sessionId,
    socket,
    viewer: 'customer',
    live: !ended,
    initialMessages: chat.initialMessages,
    fetchAfter: (afterSeq) => fetchChatMessages(credential, afterSeq),
    post: (text, clientMessageId) => postChatMessage(credential, text, clientMessageId),
    onSession: (session) => {
      if (session.status !== 'closed' || ended) return;
      // A chat that had ended before this page showed it is simply forgotten.
      if (thread.loaded) end();
      else onForgotten();
    },
    onLoadFailed: (error, firstLoad) => {
      if (isGone(error)) {
        if (firstLoad) onForgotten();
        else end();
      } else if (firstLoad) {
        toaster.create({ id: 'chat-load-failed', type: 'error', title: CHAT_MESSAGES.loadMessagesFailed });
      }
    },
    onSendRefused: (refusal) => {
      if (
        (isSocketRefusal(refusal) && refusal.code === 'sessionClosed') ||
        (refusal instanceof ApiError && refusal.status === 409)
      ) {
        end();
        return;
      }
      const reason = isSocketRefusal(refusal) || refusal instanceof ApiError ? refusal.message : undefined;
      toaster.create({
        type: 'error',
        title: CHAT_MESSAGES.sendFailedCustomer,
        description: reason === CHAT_MESSAGES.sendFailedCustomer ? undefined : reason,
      });
    },
    onArrived: () => {
      if (!openRef.current) onNewMessage();
    },
  });

  useEffect(() => {
    if (ended && openRef.current) startAgain.current?.focus();
  }, [ended]);

  return (
    <Flex direction="column" flex="1" minH="0" mt="2">
      <MessageList
        flex="1"
        messages={thread.messages}
        pending={thread.pending}
        viewer="customer"
        formatTime={formatTime}
        onRetry={thread.retry}
      />
      <Box role="status" px="4" minH="6" fontSize="sm" fontStyle="italic" color="gray.700">
        {thread.otherTyping && !ended ? 'Support is typing...' : null}
      </Box>
      <Box px="3" pb="3" pt="1" borderTopWidth="1px" borderColor="gray.100">
        {ended ? (
          <Stack gap="2" pt="2">
            <Text role="status" fontSize="sm" color="gray.800">
              {CHAT_MESSAGES.sessionClosed}
            </Text>
            <Button ref={startAgain} colorPalette="brand" size="sm" onClick={onForgotten}>
              Start a new chat
            </Button>
          </Stack>
        ) : (
          <Box pt="2">
            <MessageComposer
              ref={messageInput}
              placeholder="Type your message..."
              label="Message"
              onSend={thread.send}
              onTyping={thread.typing}
            />
          </Box>
        )}
      </Box>
    </Flex>
  );
}

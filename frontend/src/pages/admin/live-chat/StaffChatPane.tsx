import { Box, Button, Flex, Heading, IconButton } from '@chakra-ui/react';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGES, type ChatMessage, type ChatSessionSummary } from '#domain/chat/chat';
import type { ErrorEvent } from '#domain/chat/socket';
import { ApiError } from '../../../api/client';
import { MessageComposer } from '../../../components/chat/MessageComposer';
import { MessageList } from '../../../components/chat/MessageList';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { ChevronLeftIcon } from '../../../components/icons';
import { toaster } from '../../../components/layout/toast-queue';
import { toastsKeepClearOfAtom } from '../../../lib/bottom-bar';
import { useChatThread } from '../../../lib/chat/use-chat-thread';
import { closeChat, fetchStaffChatMessages, postStaffReply } from '../chat-api';
import { staffDateTimeFormat } from '../RecordDetail';
import { CallButton } from './CallButton';
import { useStaffChat } from './StaffChat';

const formatTime = (iso: string) => staffDateTimeFormat.format(new Date(iso));

function refusalReason(refusal: unknown): string | undefined {
  if (refusal instanceof ApiError) return refusal.message;
  if (typeof refusal === 'object' && refusal !== null && (refusal as ErrorEvent).type === 'error')
    return (refusal as ErrorEvent).message;
  return undefined;
}

interface StaffChatPaneProps {
  session: ChatSessionSummary;
  /** The phone inbox's way back to the list. */
  onBack?: () => void;
  /** A new customer message arrived while this chat is open. */
  onCustomerMessage?: (message: ChatMessage) => void;
  height: string;
}

/**
 * Mount with `key={session.id}`. Chat with {name}: Call Customer, Close chat, the thread (support right, customer left, with
 * times), '{name} is typing...', and the reply box. Opening it marks the chat viewed, and so does
 * every customer message that arrives while it is open.
 */
export function StaffChatPane({ session, onBack, onCustomerMessage, height }: StaffChatPaneProps) {
  const { socket, markViewed, applySession } = useStaffChat();
  const [confirmClose, setConfirmClose] = useState(false);
  useEffect(() => markViewed(session.id), [session.id, markViewed]);

  // "Message sent!" and its like show above the reply box, never over it (issue 25).
  const replyBox = useRef<HTMLDivElement>(null);
  const keepToastsClearOf = useSetAtom(toastsKeepClearOfAtom);
  useEffect(() => {
    keepToastsClearOf(replyBox.current);
    return () => keepToastsClearOf(null);
  }, [keepToastsClearOf]);

  const thread = useChatThread({
    sessionId: session.id,
    socket,
    viewer: 'support',
    fetchAfter: (afterSeq) => fetchStaffChatMessages(session.id, afterSeq),
    post: (text, clientMessageId) => postStaffReply(session.id, text, clientMessageId),
    onLoadFailed: (_error, firstLoad) => {
      if (firstLoad)
        toaster.create({ id: 'chat-messages-failed', type: 'error', title: CHAT_MESSAGES.loadMessagesFailed });
    },
    onSent: () =>
      toaster.create({
        type: 'success',
        title: CHAT_MESSAGES.replySentTitle,
        description: 'Your reply has been sent to the customer.',
      }),
    onSendRefused: (refusal) => {
      const reason = refusalReason(refusal);
      toaster.create({
        type: 'error',
        title: CHAT_MESSAGES.sendFailedStaff,
        description: reason === CHAT_MESSAGES.sendFailedStaff ? undefined : reason,
      });
    },
    onArrived: (messages) => {
      markViewed(session.id);
      for (const message of messages) onCustomerMessage?.(message);
    },
  });

  async function close() {
    try {
      const answer = await closeChat(session.id);
      setConfirmClose(false);
      applySession(answer.session, answer.unreadSessions);
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'Failed to close the chat.',
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  }

  return (
    <Flex
      as="section"
      aria-labelledby={`chat-${session.id}-heading`}
      direction="column"
      h={height}
      minH="0"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      bg="white"
      overflow="hidden"
    >
      <Flex align="center" gap="2" px="3" py="2" borderBottomWidth="1px" borderColor="gray.200" wrap="wrap">
        {onBack && (
          <IconButton aria-label="Back to chats" variant="ghost" size="sm" onClick={onBack}>
            <ChevronLeftIcon boxSize="5" />
          </IconButton>
        )}
        {/* Never cut to "Chat…" (issue 25): the buttons go to the next line first, a long name wraps. */}
        <Heading
          as="h2"
          id={`chat-${session.id}-heading`}
          size="md"
          color="brand.800"
          flex="1 1 12rem"
          minW="0"
          overflowWrap="anywhere"
        >
          Chat with {session.customerName}
        </Heading>
        <CallButton name={session.customerName} phone={session.customerPhone} label="Call Customer" />
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmClose(true)}>
          Close chat
        </Button>
      </Flex>
      <MessageList
        flex="1"
        messages={thread.messages}
        pending={thread.pending}
        viewer="support"
        formatTime={formatTime}
        onRetry={thread.retry}
      />
      <Box role="status" px="4" minH="6" fontSize="sm" fontStyle="italic" color="gray.700">
        {thread.otherTyping ? `${session.customerName} is typing...` : null}
      </Box>
      <Box ref={replyBox} px="3" pb="3" pt="2" borderTopWidth="1px" borderColor="gray.100">
        <MessageComposer placeholder="Type your reply..." label="Reply" onSend={thread.send} onTyping={thread.typing} />
      </Box>
      <ConfirmDialog
        open={confirmClose}
        title="Close this chat?"
        message={`${session.customerName} will see that the chat has ended and can start a new one.`}
        confirmLabel="Close chat"
        dismissLabel="Keep open"
        onConfirm={close}
        onClose={() => setConfirmClose(false)}
      />
    </Flex>
  );
}

import { Box, Button, Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage, SenderType } from '#domain/chat/chat';
import type { PendingMessage } from '../../lib/chat/thread-state';

interface MessageListProps {
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** Whose screen this is: their own messages stand on the right, the other side's on the left. */
  viewer: SenderType;
  formatTime: (iso: string) => string;
  onRetry: (clientMessageId: string) => void;
  /** Fills the space its parent gives it and scrolls inside it. */
  flex?: string;
}

function Bubble({
  own,
  name,
  time,
  iso,
  children,
}: {
  own: boolean;
  name: string;
  time: string;
  iso: string;
  children: React.ReactNode;
}) {
  return (
    <Flex as="li" direction="column" align={own ? 'flex-end' : 'flex-start'} listStyleType="none">
      <Box
        maxW="85%"
        px="3"
        py="2"
        rounded="lg"
        bg={own ? 'brand.700' : 'gray.100'}
        color={own ? 'white' : 'gray.900'}
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
      >
        <Text as="span" display="block" fontSize="xs" fontWeight="semibold" color={own ? 'brand.50' : 'gray.700'}>
          {name}
        </Text>
        {children}
      </Box>
      <Text as="span" fontSize="xs" color="gray.600" mt="0.5">
        <time dateTime={iso}>{time}</time>
      </Text>
    </Flex>
  );
}

/**
 * A chat thread: every message as plain text (React escapes it; line breaks kept), with its
 * sender and time, then the viewer's messages on their way ('Sending…', or 'Not sent' with Retry).
 * Scrolls to the newest message, and reads each new message of the other side to screen readers.
 */
export function MessageList({ messages, pending, viewer, formatTime, onRetry, flex }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = messages.length + pending.length;
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  // Messages shown at first are not announced; each one of the other side that comes after is.
  const announcedThrough = useRef<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const newest = messages.at(-1)?.seq ?? 0;
    if (announcedThrough.current === null) {
      if (messages.length > 0) announcedThrough.current = newest;
      return;
    }
    const fresh = messages.filter(
      (message) => message.seq > announcedThrough.current! && message.senderType !== viewer,
    );
    announcedThrough.current = Math.max(announcedThrough.current, newest);
    if (fresh.length > 0) setAnnouncement(fresh.map((message) => `${message.senderName}: ${message.text}`).join('\n'));
  }, [messages, viewer]);

  return (
    <Box ref={scroller} flex={flex} overflowY="auto" px="3" py="2" tabIndex={0} aria-label="Messages" role="region">
      <Flex as="ol" direction="column" gap="3" m="0" p="0">
        {messages.map((message) => (
          <Bubble
            key={message.seq}
            own={message.senderType === viewer}
            name={message.senderName}
            time={formatTime(message.createdAt)}
            iso={message.createdAt}
          >
            {message.text}
          </Bubble>
        ))}
        {pending.map((item) => (
          <Flex as="li" key={item.clientMessageId} direction="column" align="flex-end" listStyleType="none">
            <Box
              maxW="85%"
              px="3"
              py="2"
              rounded="lg"
              bg="brand.50"
              color="gray.900"
              borderWidth="1px"
              borderColor={item.status === 'failed' ? 'red.500' : 'brand.200'}
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
            >
              {item.text}
            </Box>
            {item.status === 'sending' ? (
              <Text as="span" fontSize="xs" color="gray.600" mt="0.5">
                Sending…
              </Text>
            ) : (
              <Flex align="center" gap="2" mt="0.5">
                <Text as="span" fontSize="xs" color="red.700">
                  Not sent
                </Text>
                <Button size="2xs" variant="outline" colorPalette="red" onClick={() => onRetry(item.clientMessageId)}>
                  Retry
                </Button>
              </Flex>
            )}
          </Flex>
        ))}
      </Flex>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </Box>
  );
}

import { Badge, Box, Center, Grid, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { ADMIN_CHAT_AREA_HEIGHT_PX, CHAT_MESSAGES, unreadBadgeLabel } from '#domain/chat/chat';
import { CustomerPanel } from './live-chat/CustomerPanel';
import { SessionList } from './live-chat/SessionList';
import { useStaffChat } from './live-chat/StaffChat';
import { StaffChatPane } from './live-chat/StaffChatPane';

export { StaffChatProvider, useStaffChat } from './live-chat/StaffChat';

const AREA_HEIGHT = `${ADMIN_CHAT_AREA_HEIGHT_PX}px`;

/** The tab's label: Live Chat and how many chats have unread customer messages (99+ above 99). */
export function LiveChatTabLabel() {
  const { unreadSessions } = useStaffChat();
  return (
    <>
      Live Chat{' '}
      <Badge
        data-testid="live-chat-badge"
        colorPalette={unreadSessions > 0 ? 'red' : 'gray'}
        variant="solid"
        rounded="full"
        ms="2"
      >
        {unreadBadgeLabel(unreadSessions)}
      </Badge>
      <VisuallyHidden>
        {unreadSessions === 1 ? ' chat with unread messages' : ' chats with unread messages'}
      </VisuallyHidden>
    </>
  );
}

/**
 * Active Chats on the left; the chosen chat in the middle; beside it, for a signed-in customer,
 * their cart, recent orders and properties. A chat that closes (here or on another staff screen)
 * leaves the list and the middle shows the placeholder again.
 */
export function LiveChatTab() {
  const { sessions } = useStaffChat();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = sessions?.find((session) => session.id === selectedId) ?? null;

  return (
    <Grid
      templateColumns={{ base: '1fr', lg: selected?.signedIn ? '260px minmax(0, 1fr) 280px' : '280px minmax(0, 1fr)' }}
      gap="4"
      alignItems="stretch"
    >
      <Box h={{ lg: AREA_HEIGHT }} maxH={{ base: '72', lg: 'none' }} display="flex" flexDirection="column" minH="0">
        <SessionList title="Active Chats" selectedId={selectedId} onSelect={(session) => setSelectedId(session.id)} />
      </Box>
      {selected ? (
        <StaffChatPane key={selected.id} session={selected} height={AREA_HEIGHT} />
      ) : (
        <Center
          h={AREA_HEIGHT}
          borderWidth="1px"
          borderColor="gray.200"
          rounded="lg"
          bg="gray.50"
          textAlign="center"
          p="6"
          flexDirection="column"
          gap="2"
        >
          <Heading as="h2" size="md" color="brand.800">
            {CHAT_MESSAGES.selectChat}
          </Heading>
          <Text color="gray.700">{CHAT_MESSAGES.selectChatHint}</Text>
        </Center>
      )}
      {selected?.signedIn && (
        <Box h={{ lg: AREA_HEIGHT }} display="flex" flexDirection="column" minH="0">
          <CustomerPanel key={selected.id} sessionId={selected.id} />
        </Box>
      )}
    </Grid>
  );
}

import { Badge, Box, Button, Flex, Heading, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { CHAT_MESSAGES, unreadBadgeLabel, type ChatSessionSummary } from '#domain/chat/chat';
import { staffDateTimeFormat } from '../RecordDetail';
import { CallButton } from './CallButton';
import { useStaffChat } from './StaffChat';

interface SessionListProps {
  /** 'Active Chats' in the admin tab; the phone inbox's page heading says 'Live Chats' itself. */
  title: string;
  showTitle?: boolean;
  selectedId: string | null;
  onSelect: (session: ChatSessionSummary) => void;
}

function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge colorPalette="red" variant="solid" rounded="full">
      {unreadBadgeLabel(count)}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}

/** The active chats, newest first: name, when it started, phone, unread and status badges, and a call button. */
export function SessionList({ title, showTitle = true, selectedId, onSelect }: SessionListProps) {
  const { sessions, loadFailed, reload } = useStaffChat();
  const headingId = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <Box
      as="section"
      aria-labelledby={showTitle ? headingId : undefined}
      aria-label={showTitle ? undefined : title}
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      bg="white"
      overflow="hidden"
      display="flex"
      flexDirection="column"
      minH="0"
    >
      {showTitle && (
        <Heading
          as="h2"
          id={headingId}
          size="md"
          px="4"
          py="3"
          borderBottomWidth="1px"
          borderColor="gray.200"
          color="brand.800"
        >
          {title} ({sessions?.length ?? 0})
        </Heading>
      )}
      {sessions === null ? (
        loadFailed ? (
          <Stack p="4" align="start" gap="2">
            <Text>{CHAT_MESSAGES.loadSessionsFailed}</Text>
            <Button size="sm" variant="outline" colorPalette="brand" onClick={reload}>
              Retry
            </Button>
          </Stack>
        ) : (
          <Flex p="4" gap="2" align="center" role="status">
            <Spinner size="sm" color="brand.600" />
            <Text>Loading chats</Text>
          </Flex>
        )
      ) : sessions.length === 0 ? (
        <Text p="4" color="gray.700">
          {CHAT_MESSAGES.noActiveChats}
        </Text>
      ) : (
        <Box as="ul" m="0" p="0" overflowY="auto" flex="1">
          {sessions.map((session) => {
            const selected = session.id === selectedId;
            return (
              <Flex
                as="li"
                key={session.id}
                listStyleType="none"
                align="center"
                gap="2"
                px="2"
                py="2"
                borderBottomWidth="1px"
                borderColor="gray.100"
                bg={selected ? 'brand.50' : undefined}
              >
                <Button
                  variant="ghost"
                  flex="1"
                  minW="0"
                  h="auto"
                  py="2"
                  px="2"
                  justifyContent="flex-start"
                  textAlign="left"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(session)}
                >
                  <Stack gap="0.5" minW="0" flex="1" fontWeight="normal">
                    <Flex align="center" gap="2" wrap="wrap">
                      <Text as="span" fontWeight="semibold" color="gray.900" truncate>
                        {session.customerName}
                      </Text>
                      <UnreadBadge count={session.unreadCount} />
                      <Badge colorPalette="green" variant="subtle">
                        {session.status === 'active' ? 'Active' : 'Closed'}
                      </Badge>
                    </Flex>
                    <Text as="span" fontSize="xs" color="gray.700">
                      <time dateTime={session.createdAt}>
                        {staffDateTimeFormat.format(new Date(session.createdAt))}
                      </time>
                    </Text>
                    <Text as="span" fontSize="xs" color="gray.700">
                      {session.customerPhone ?? 'No phone'}
                    </Text>
                  </Stack>
                </Button>
                <CallButton name={session.customerName} phone={session.customerPhone} />
              </Flex>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

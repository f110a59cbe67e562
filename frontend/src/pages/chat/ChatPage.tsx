import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { mayDo } from '#domain/staff/roles';
import { AdminGate, useStaffRoles } from '../admin/AdminGate';
import { SessionList } from '../admin/live-chat/SessionList';
import { StaffChatProvider, useStaffChat } from '../admin/live-chat/StaffChat';
import { StaffChatPane } from '../admin/live-chat/StaffChatPane';
import { alertNewCustomerMessage, browserAlertDevice, primeAlertSound } from '../../lib/chat/new-message-alert';

function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Desktop notifications need the user's yes, asked from a tap. */
function NotificationsPrompt() {
  const [permission, setPermission] = useState(notificationPermission);
  if (permission !== 'default') return null;
  return (
    <Stack direction="row" align="center" gap="3" bg="oak.50" rounded="md" px="3" py="2" mb="3" fontSize="sm">
      <Text flex="1">Get a notification when a customer writes.</Text>
      <Button size="xs" colorPalette="brand" onClick={() => void Notification.requestPermission().then(setPermission)}>
        Turn on notifications
      </Button>
    </Stack>
  );
}

function Inbox({ onCount }: { onCount: (count: number | null) => void }) {
  const { sessions } = useStaffChat();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = sessions?.find((session) => session.id === selectedId) ?? null;

  useEffect(() => onCount(sessions?.length ?? null), [sessions, onCount]);

  if (selected) {
    return (
      <StaffChatPane
        key={selected.id}
        session={selected}
        height="calc(100dvh - 12rem)"
        onBack={() => setSelectedId(null)}
        onCustomerMessage={(message) => alertNewCustomerMessage(message, browserAlertDevice())}
      />
    );
  }
  return (
    <>
      <NotificationsPrompt />
      <SessionList
        title="Live Chats"
        showTitle={false}
        selectedId={null}
        onSelect={(session) => {
          primeAlertSound();
          setSelectedId(session.id);
        }}
      />
    </>
  );
}

/** The inbox connects only for the roles of the chat duty: the socket refuses the others. */
function ChatForRole({ children }: { children: ReactNode }) {
  if (mayDo(useStaffRoles(), 'chat')) return children;
  return <Text role="status">Live chat is answered by the Owner and Support roles; yours does not include it.</Text>;
}

/**
 * /chat: the staff inbox on a phone, guarded by the API like /admin. The active chats; a tap opens
 * the thread with back, call and reply, and a new customer message there vibrates, notifies and beeps.
 */
export default function ChatPage() {
  const [count, setCount] = useState<number | null>(null);
  return (
    <Container maxW="xl" px="3" py="4">
      <Heading as="h1" size="2xl" fontFamily="heading" color="brand.800" mb="3">
        Live Chats{count !== null && ` (${count})`}
      </Heading>
      <AdminGate path="/chat">
        <ChatForRole>
          <StaffChatProvider>
            <Inbox onCount={setCount} />
          </StaffChatProvider>
        </ChatForRole>
      </AdminGate>
    </Container>
  );
}

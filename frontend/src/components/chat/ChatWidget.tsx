import { Box, Button, CloseButton, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChatAvailability } from '#domain/chat/api';
import { CHAT_MESSAGES, CHAT_PANEL_SIZE_PX, type ChatSessionView } from '#domain/chat/chat';
import { BUSINESS } from '../../business';
import { fetchChatAvailability, startChat } from '../../api/chat';
import { ApiError } from '../../api/client';
import { forgetChat, readStoredChat, rememberChat } from '../../lib/chat/stored-chat';
import { PhoneIcon } from '../icons';
import { FormField } from '../form/FormField';
import { toaster } from '../layout/toast-queue';
import type { ActiveChat } from './active-chat';
import { CustomerThread } from './CustomerThread';

function chatToResume(clientChat: ChatSessionView | null): ActiveChat | null {
  const stored = readStoredChat();
  if (stored) return { credential: stored, initialMessages: [] };
  if (clientChat) return { credential: { sessionId: clientChat.id, token: 'signed-in' }, initialMessages: [] };
  return null;
}

function OnlineIndicator({ availability }: { availability: ChatAvailability | null }) {
  if (!availability) return null;
  const { staffOnline } = availability;
  return (
    <Flex as="p" align="center" gap="1.5" fontSize="sm" color="brand.50">
      <Box as="span" boxSize="2.5" rounded="full" bg={staffOnline ? 'green.400' : 'gray.400'} aria-hidden />
      {staffOnline ? 'Online' : 'Offline'}
    </Flex>
  );
}

function StartForm({
  nameInput,
  onStarted,
}: {
  nameInput: React.RefObject<HTMLInputElement | null>;
  onStarted: (chat: ActiveChat) => void;
}) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const ids = { name: useId(), phone: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      toaster.create({
        type: 'error',
        title: CHAT_MESSAGES.nameRequiredTitle,
        description: CHAT_MESSAGES.nameRequired,
      });
      nameInput.current?.focus();
      return;
    }
    setBusy(true);
    setPhoneError(null);
    try {
      const started = await startChat(name, phone);
      rememberChat({ sessionId: started.session.id, secret: started.secret });
      onStarted({
        credential: { sessionId: started.session.id, secret: started.secret },
        initialMessages: started.messages,
      });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      if (fieldErrors.name)
        toaster.create({ type: 'error', title: CHAT_MESSAGES.nameRequiredTitle, description: fieldErrors.name });
      else if (fieldErrors.phone) setPhoneError(fieldErrors.phone);
      // Past the chats one address may start in an hour, the server's sentence says when to try again.
      else if (error instanceof ApiError && error.status === 429)
        toaster.create({ type: 'error', title: CHAT_MESSAGES.startFailed, description: error.message });
      else toaster.create({ type: 'error', title: CHAT_MESSAGES.startFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" p="4">
        <Heading as="h3" size="md" color="brand.800">
          Start Live Chat
        </Heading>
        <FormField id={ids.name} name="name" label="Name" required>
          {(control) => (
            <Input
              {...control}
              ref={nameInput}
              autoComplete="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <FormField id={ids.phone} name="phone" label="Phone (optional)" error={phoneError ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy}>
          Start Chat
        </Button>
      </Stack>
    </form>
  );
}

interface ChatWidgetProps {
  /** The panel's element id, which the button controls. */
  id: string;
  open: boolean;
  /** A signed-in client's active chat the button found, when this browser has none of its own. */
  clientChat: ChatSessionView | null;
  onClose: () => void;
  /** Support wrote while the panel was closed. */
  onNewMessage: () => void;
}

/**
 * The Live Chat panel (320 × 500, the whole width on a phone): whether staff are online (and,
 * when not, when the shop will answer), Call Now, then the start form or the chat. A dialog that
 * leaves the page usable: Escape or the close button hide it and focus goes back to the button.
 */
export default function ChatWidget({ id, open, clientChat, onClose, onNewMessage }: ChatWidgetProps) {
  const [chat, setChat] = useState<ActiveChat | null>(() => chatToResume(clientChat));
  const [availability, setAvailability] = useState<ChatAvailability | null>(null);
  const [staffOnline, setStaffOnline] = useState<boolean | null>(null);
  const titleId = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  // A signed-in client's chat found after the widget loaded (they signed in meanwhile).
  useEffect(() => {
    if (clientChat) setChat((current) => current ?? chatToResume(clientChat));
  }, [clientChat]);

  // Who is online, and the office hours: asked each time the panel opens and whenever the socket
  // says staff came or went (the answer note depends on the hour).
  useEffect(() => {
    if (!open) return;
    let current = true;
    fetchChatAvailability().then(
      (answer) => current && setAvailability(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, staffOnline]);

  // Focus goes to the first thing to type in when the panel opens or a chat starts or ends.
  const hasChat = chat !== null;
  useEffect(() => {
    if (open) (hasChat ? messageInput : nameInput).current?.focus();
  }, [open, hasChat]);

  const shownAvailability = availability && staffOnline !== null ? { ...availability, staffOnline } : availability;

  return (
    <Flex
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      display={open ? 'flex' : 'none'}
      direction="column"
      position="fixed"
      zIndex="banner"
      bottom={{ base: '0', sm: '20' }}
      right={{ base: '0', sm: '4' }}
      width={{ base: '100%', sm: `${CHAT_PANEL_SIZE_PX.width}px` }}
      height={`min(${CHAT_PANEL_SIZE_PX.height}px, 100dvh)`}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded={{ base: 'none', sm: 'xl' }}
      boxShadow="2xl"
      overflow="hidden"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <Flex bg="brand.700" color="white" px="4" py="3" align="center" justify="space-between" gap="2">
        <Box>
          <Heading as="h2" id={titleId} size="md" color="white">
            Live Chat
          </Heading>
          <OnlineIndicator availability={shownAvailability} />
        </Box>
        <CloseButton aria-label="Hide chat" size="sm" color="white" _hover={{ bg: 'brand.600' }} onClick={onClose} />
      </Flex>
      {shownAvailability && !shownAvailability.staffOnline && (
        <Box bg="oak.50" px="4" py="2" fontSize="sm" color="gray.800">
          {shownAvailability.answerNote && <Text>{shownAvailability.answerNote}</Text>}
          <Text fontSize="xs" color="gray.700" mt="1">
            {shownAvailability.officeHours.map((line) => `${line.label}: ${line.text}`).join(' · ')}
          </Text>
        </Box>
      )}
      <Box px="4" pt="3">
        <Button asChild variant="outline" colorPalette="brand" size="sm" width="full">
          <Link href={`tel:${BUSINESS.phoneE164}`}>
            <PhoneIcon boxSize="4" /> Call Now {BUSINESS.phoneDisplay}
          </Link>
        </Button>
      </Box>
      {chat ? (
        <CustomerThread
          key={chat.credential.sessionId}
          chat={chat}
          open={open}
          messageInput={messageInput}
          onStaffOnline={setStaffOnline}
          onNewMessage={onNewMessage}
          onForgotten={() => {
            forgetChat();
            setChat(null);
          }}
        />
      ) : (
        <Box flex="1" overflowY="auto">
          <StartForm nameInput={nameInput} onStarted={setChat} />
        </Box>
      )}
    </Flex>
  );
}

import { Box, Center, IconButton, Spinner } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CurrentChatResponse } from '#domain/chat/api';
import type { ChatSessionView } from '#domain/chat/chat';
import { apiRequest } from '../../api/client';
import { accessToken } from '../../auth/access-token';
import { bottomBarHeightAtom, CHAT_LAUNCHER_MARGIN, CHAT_LAUNCHER_SIZE } from '../../lib/bottom-bar';
import { readStoredChat } from '../../lib/chat/stored-chat';
import { routeMetaFor } from '../../route-meta';
import { storedClientAtom } from '../../state';
import { ChatIcon } from '../icons';
import { usePageReady } from '../layout/usePageReady';
import { toaster } from '../layout/toast-queue';

type ChatWidget = (typeof import('./ChatWidget'))['default'];

let loadingWidget: Promise<ChatWidget> | undefined;

/**
 * The panel, the thread and the socket, loaded when the shopper opens the chat or a live chat
 * resumes. Not React.lazy: a chunk that fails to load (offline, or gone after a deploy) would take
 * the whole page down with it; here the page keeps working and says so.
 */
function loadChatWidget(): Promise<ChatWidget> {
  loadingWidget ??= import('./ChatWidget').then(
    (module) => module.default,
    (error: unknown) => {
      loadingWidget = undefined;
      throw error;
    },
  );
  return loadingWidget;
}

const CHAT_PANEL_ID = 'live-chat-panel';

/**
 * The floating chat button, bottom right on every shopper's page. It is all the first load carries:
 * the widget's code comes when the button is pressed, or at once when this browser has a live chat
 * to resume (the one it started, or a signed-in client's latest active one).
 */
export function ChatLauncher() {
  const { pathname } = useLocation();
  const client = useAtomValue(storedClientAtom);
  // The bar can show before this section hydrates; hydrated with the prerendered 0, the button kept
  // that place over the bar's Add to Cart (React does not patch a style it finds different), issue 25.
  const pageReady = usePageReady();
  const bottomBarHeight = useAtomValue(bottomBarHeightAtom);
  const barHeight = pageReady ? bottomBarHeight : 0;
  const [open, setOpen] = useState(false);
  const [loadWidget, setLoadWidget] = useState(false);
  const [Widget, setWidget] = useState<ChatWidget | null>(null);
  const [clientChat, setClientChat] = useState<ChatSessionView | null>(null);
  const [newMessage, setNewMessage] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const openNow = useRef(open);
  openNow.current = open;

  // Closing the panel gives focus back to the button (shown again on a phone once the panel is gone).
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    if (readStoredChat()) {
      setLoadWidget(true);
      return;
    }
    if (!client) return;
    let current = true;
    // A stored client without a sign-in (a punch-out buyer's) has no chat of their own to resume: not asked, so no 401.
    accessToken()
      .then((token) =>
        token
          ? apiRequest<CurrentChatResponse>('/chat/sessions/current', { headers: { authorization: `Bearer ${token}` } })
          : null,
      )
      .then(
        (answer) => {
          if (!current || answer?.session?.status !== 'active') return;
          setClientChat(answer.session);
          setLoadWidget(true);
        },
        // No chat to resume: the button stays as it is.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [client]);

  useEffect(() => {
    if (!loadWidget || Widget) return;
    let current = true;
    loadChatWidget().then(
      (loaded) => current && setWidget(() => loaded),
      () => {
        if (!current) return;
        if (openNow.current)
          toaster.create({
            id: 'chat-unavailable',
            type: 'error',
            title: 'Live chat could not be loaded. Please check your connection and reload the page.',
          });
        setLoadWidget(false);
        setOpen(false);
      },
    );
    return () => {
      current = false;
    };
  }, [loadWidget, Widget]);

  if (routeMetaFor(pathname).staffScreen) return null;

  function toggle() {
    setLoadWidget(true);
    setNewMessage(false);
    setOpen((isOpen) => !isOpen);
  }

  return (
    <>
      <Box
        position="fixed"
        style={{ bottom: `calc(${barHeight}px + ${CHAT_LAUNCHER_MARGIN})` }}
        right={CHAT_LAUNCHER_MARGIN}
        zIndex="banner"
        display={{ base: open ? 'none' : 'block', sm: 'block' }}
      >
        <IconButton
          ref={button}
          aria-label={newMessage ? 'Live Chat, new message' : 'Live Chat'}
          aria-expanded={open}
          aria-controls={Widget ? CHAT_PANEL_ID : undefined}
          aria-haspopup="dialog"
          onClick={toggle}
          colorPalette="brand"
          rounded="full"
          boxSize={CHAT_LAUNCHER_SIZE}
          boxShadow="lg"
        >
          <ChatIcon boxSize="6" />
        </IconButton>
        {newMessage && (
          <Box
            position="absolute"
            top="0"
            right="0"
            boxSize="3.5"
            rounded="full"
            bg="oak.500"
            borderWidth="2px"
            borderColor="white"
            aria-hidden
          />
        )}
      </Box>
      {Widget ? (
        <Widget
          id={CHAT_PANEL_ID}
          open={open}
          clientChat={clientChat}
          onClose={() => setOpen(false)}
          onNewMessage={() => setNewMessage(true)}
        />
      ) : (
        open && (
          <Center
            position="fixed"
            style={{ bottom: `calc(${barHeight}px + 5rem)` }}
            right="4"
            zIndex="banner"
            boxSize="14"
            role="status"
            aria-label="Loading chat"
          >
            <Spinner color="brand.600" />
          </Center>
        )
      )}
    </>
  );
}

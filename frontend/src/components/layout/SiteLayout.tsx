import { Box, Flex } from '@chakra-ui/react';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { deferredSection } from '../../lib/deferred-section';
import { markBrowserStateApplied } from '../../lib/page-ready';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { Header } from './Header';
import { PunchoutBanner } from './PunchoutBanner';
import { RouteEffects } from './RouteEffects';
import { Toaster } from './Toaster';
import { toaster } from './toast-queue';
import { useBrowserState } from './useBrowserState';
import { useMeasurePopupAutoShow } from './useMeasurePopupAutoShow';
import { onDemand } from './useOnDemand';
import { usePageReady } from './usePageReady';

// Below the fold or waiting for a press: in the HTML from the first paint, hydrated once the page has
// (lib/deferred-section.tsx), so their code is not in any page's first load (issue 15).
const Footer = deferredSection(() => import('./Footer').then((module) => module.Footer));
const ChatLauncher = deferredSection(() => import('../chat/ChatLauncher').then((module) => module.ChatLauncher));

/** The booking form, its schedule and the dialog machinery come with the dialog's first opening. */
const useMeasureModal = onDemand(() => import('./MeasureModal').then((module) => module.MeasureModal));

export const MAIN_CONTENT_ID = 'main-content';

export function SiteLayout({ children }: { children: ReactNode }) {
  const [measureOpen, setMeasureOpen] = useAtom(measureModalOpenAtom);
  const partner = useAtomValue(partnerBuyerAtom);
  useBrowserState();
  const pageReady = usePageReady();
  useEffect(() => {
    if (pageReady) markBrowserStateApplied();
  }, [pageReady]);
  useMeasurePopupAutoShow(measureOpen, setMeasureOpen);
  const MeasureModal = useMeasureModal(measureOpen && !partner, () => {
    setMeasureOpen(false);
    toaster.create({
      id: 'measure-unavailable',
      type: 'error',
      title: 'The measurement form could not be loaded. Please check your connection and try again.',
    });
  });

  return (
    <Flex direction="column" minH="100vh">
      <RouteEffects />
      <Box
        asChild
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipNav"
        bg="white"
        color="brand.800"
        px="4"
        py="2"
        rounded="md"
        boxShadow="md"
        fontWeight="semibold"
        _focus={{ top: '2' }}
      >
        <a href={`#${MAIN_CONTENT_ID}`}>Skip to main content</a>
      </Box>
      <PunchoutBanner />
      <Header />
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" _focus={{ outline: 'none' }}>
        {children}
      </Box>
      <Footer />
      {!partner && MeasureModal && <MeasureModal open={measureOpen} onOpenChange={setMeasureOpen} />}
      <ChatLauncher />
      <Toaster />
    </Flex>
  );
}

import { Box, Flex } from '@chakra-ui/react';
import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { ChatLauncher } from '../chat/ChatLauncher';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { Footer } from './Footer';
import { Header } from './Header';
import { PunchoutBanner } from './PunchoutBanner';
import { RouteEffects } from './RouteEffects';
import { Toaster, toaster } from './Toaster';
import { useBrowserState } from './useBrowserState';
import { useMeasurePopupAutoShow } from './useMeasurePopupAutoShow';
import { onDemand } from './useOnDemand';

/** The booking form, its schedule and the dialog machinery come with the dialog's first opening. */
const useMeasureModal = onDemand(() => import('./MeasureModal').then((module) => module.MeasureModal));

export const MAIN_CONTENT_ID = 'main-content';

export function SiteLayout({ children }: { children: ReactNode }) {
  const [measureOpen, setMeasureOpen] = useAtom(measureModalOpenAtom);
  const partner = useAtomValue(partnerBuyerAtom);
  useBrowserState();
  useMeasurePopupAutoShow(measureOpen, setMeasureOpen);
  const MeasureModal = useMeasureModal(measureOpen && !partner, () => {
    setMeasureOpen(false);
    toaster.create({ id: 'measure-unavailable', type: 'error', title: 'The measurement form could not be loaded. Please check your connection and try again.' });
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

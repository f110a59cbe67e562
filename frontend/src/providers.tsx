import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import type { ReactNode } from 'react';
import { system } from './theme';

/** Styles key shared by the prerender and the browser, so the browser adopts the prerendered styles. */
export const EMOTION_KEY = 'css';

/** The same provider tree on the server and in the browser, so hydration sees identical markup. */
export function Providers({ cache, store, children }: { cache: EmotionCache; store: ReturnType<typeof createStore>; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <JotaiProvider store={store}>
        <ChakraProvider value={system}>{children}</ChakraProvider>
      </JotaiProvider>
    </CacheProvider>
  );
}

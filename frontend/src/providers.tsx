import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import type { ReactNode } from 'react';
import { system } from './theme';

/** Styles key shared by the prerender and the browser, so the browser adopts the prerendered styles. */
export const EMOTION_KEY = 'css';

/**
 * The emotion cache of the prerender and of the browser. No stylis plugins: emotion's default
 * vendor prefixer repeats most rules as -webkit-/-moz-/-ms- copies that the browsers the shop
 * supports do not need, which made the inline CSS of every page about a third larger.
 */
export function createStyleCache(): EmotionCache {
  return createCache({ key: EMOTION_KEY, stylisPlugins: [] });
}

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

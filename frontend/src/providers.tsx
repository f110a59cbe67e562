import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import type { ReactNode } from 'react';
import { shopSystem } from './theme';

/** Styles key shared by the prerender and the browser, so the browser adopts the prerendered styles. */
export const EMOTION_KEY = 'css';

/**
 * On the prerendered <style> tags, the emotion ids whose rules they hold. Not emotion's own
 * `data-emotion`: emotion's cache would move those tags within <head> to take them over, and every
 * move makes the browser restyle the whole page (about 60 ms on a throttled phone, issue 15).
 */
export const PRERENDERED_STYLES_ATTRIBUTE = 'data-prerendered-styles';

/**
 * The emotion cache of the prerender and of the browser. No stylis plugins: emotion's default
 * vendor prefixer repeats most rules as -webkit-/-moz-/-ms- copies that the browsers the shop
 * supports do not need, which made the inline CSS of every page about a third larger.
 */
export function createStyleCache(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY, stylisPlugins: [] });
  // The prerendered rules stay where they are; their ids count as inserted, so they are not inserted again.
  if (typeof document !== 'undefined') {
    for (const tag of document.querySelectorAll(`style[${PRERENDERED_STYLES_ATTRIBUTE}]`)) {
      for (const id of tag.getAttribute(PRERENDERED_STYLES_ATTRIBUTE)!.split(' ')) cache.inserted[id] = true;
    }
  }
  return cache;
}

/** The same provider tree on the server and in the browser, so hydration sees identical markup. */
export function Providers({
  cache,
  store,
  children,
}: {
  cache: EmotionCache;
  store: ReturnType<typeof createStore>;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={cache}>
      <JotaiProvider store={store}>
        <ChakraProvider value={shopSystem()}>{children}</ChakraProvider>
      </JotaiProvider>
    </CacheProvider>
  );
}

import { createStore } from 'jotai';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { createStyleCache, EMOTION_KEY, PRERENDERED_STYLES_ATTRIBUTE, Providers } from './providers';

export { siteRoutes } from './route-meta';
export { businessStructuredData, headTags, jsonLdTag, shellHeadTags } from './seo';

export interface RenderedPage {
  html: string;
  /** `<style>` tags whose rules the browser's emotion cache counts as inserted (providers.tsx). */
  styleTags: string;
}

/**
 * Renders one URL to HTML, waiting for its lazy page chunk, and collects the styles it used in
 * tags the browser's cache adopts without moving them (providers.tsx): global rules each in their own
 * tag, component rules together.
 */
export function renderPage(url: string): Promise<RenderedPage> {
  return render(
    <StaticRouter location={url}>
      <App />
    </StaticRouter>,
  );
}

/**
 * The global styles alone (reset, design tokens, the shop's global CSS), for the shell every other
 * path is answered with: the browser build does not insert them itself (vite.config.ts).
 */
export async function globalStyleTags(): Promise<string> {
  return (await render(null)).styleTags;
}

async function render(content: ReactNode): Promise<RenderedPage> {
  const cache = createStyleCache();
  // Compat mode keeps styles in the cache instead of inlining <style> tags beside elements.
  cache.compat = true;
  const { prelude } = await prerender(
    <StrictMode>
      <Providers cache={cache} store={createStore()}>
        {content}
      </Providers>
    </StrictMode>,
    // Every Suspense boundary inline: by default React writes a large one (the page under the
    // layout's loading spinner) as a hidden segment that a script swaps in for the spinner up to
    // 300 ms after the first paint, moving the footer and delaying the page's largest paint.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();

  const globalTags: string[] = [];
  const componentIds: string[] = [];
  let componentCss = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${EMOTION_KEY}-${id}`] === undefined) {
      globalTags.push(`<style ${PRERENDERED_STYLES_ATTRIBUTE}="${id}">${css}</style>`);
    } else {
      componentIds.push(id);
      componentCss += css;
    }
  }
  const componentTag = componentIds.length
    ? `<style ${PRERENDERED_STYLES_ATTRIBUTE}="${componentIds.join(' ')}">${componentCss}</style>`
    : '';
  return { html, styleTags: globalTags.join('') + componentTag };
}

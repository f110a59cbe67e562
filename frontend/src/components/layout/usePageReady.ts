import { startTransition, useEffect, useState } from 'react';
import { isPageReady, whenPageReady } from '../../lib/page-ready';

/**
 * False while prerendering and until the first page has been hydrated (lib/page-ready.ts), then
 * true for the rest of the visit: what the prerendered HTML cannot know (the query, the browser's
 * stored state) is read only then, so the prerendered HTML and the client's first render agree. The
 * switch is a transition, so the render it causes yields to the browser like the hydration itself
 * (issue 15) instead of blocking a phone's main thread for the whole page.
 */
export function usePageReady(): boolean {
  const [ready, setReady] = useState(isPageReady);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void whenPageReady().then(() => current && startTransition(() => setReady(true)));
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}

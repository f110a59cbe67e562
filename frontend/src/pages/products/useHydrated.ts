import { startTransition, useEffect, useState } from 'react';

/** Set by the first hydrated component's effect: pages opened later in the session are never prerendered markup. */
let pageHydrated = false;

/**
 * False while prerendering and during hydration, true afterwards: the product pages read their
 * query parameters only then, so the prerendered HTML (no query) and the first client render agree.
 * The switch is a transition, so the page's second render after hydration yields to the browser
 * like the hydration itself (issue 15) instead of blocking a phone's main thread for the whole page.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    pageHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while prerendering and during hydration, true afterwards: the product pages read their
 * query parameters only then, so the prerendered HTML (no query) and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

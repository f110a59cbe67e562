import { useEffect, useState } from 'react';
import { isPageReady, whenPageReady } from '../../lib/page-ready';

/** False until the first page has been hydrated (lib/page-ready.ts), then true for the rest of the visit. */
export function usePageReady(): boolean {
  const [ready, setReady] = useState(isPageReady);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void whenPageReady().then(() => current && setReady(true));
    return () => {
      current = false;
    };
  }, [ready]);
  return ready;
}

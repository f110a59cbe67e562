import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { readStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { storedClientAtom, type StoredClient } from '../../state';
import { usePageReady } from './usePageReady';
import { usePartnerSession } from './usePartnerSession';

/** Sign-in happens in other tabs and pages too; the spec polls the stored client id every second. */
const CLIENT_ID_POLL_MS = 1000;

function readClient(): StoredClient | null {
  const id = readStorage('local', STORAGE_KEYS.clientId);
  return id ? { id, name: readStorage('local', STORAGE_KEYS.clientName) } : null;
}

/**
 * Mirrors what the browser stores into atoms once the page has been hydrated (lib/page-ready.ts), so
 * the prerendered HTML (a guest's view) and the client's render agree, and the header and page then
 * show the visitor's own state (partner mode included).
 */
export function useBrowserState(): void {
  const pageReady = usePageReady();
  const setClient = useSetAtom(storedClientAtom);

  useEffect(() => {
    if (!pageReady) return;
    const sync = () =>
      setClient((current) => {
        const next = readClient();
        return current?.id === next?.id && current?.name === next?.name ? current : next;
      });
    sync();
    const timer = setInterval(sync, CLIENT_ID_POLL_MS);
    window.addEventListener('storage', sync);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', sync);
    };
  }, [pageReady, setClient]);

  usePartnerSession();
}

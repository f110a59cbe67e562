import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignInHref } from '../../components/layout/account-links';
import { toaster } from '../../components/layout/toast-queue';
import { readStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import type { FormReading } from './configurator-form';

/**
 * A configurator button that needs a client (Save Configuration, Request a price match): pressed by
 * a guest, it asks them to sign in (`signInReason` completes "Please sign in to …"), keeps the form
 * (`onSignInRequired`) and goes to sign in, to come back to this page; with a form that is not a
 * blind yet, it says why; otherwise it opens. On the return from signing in (`reopen`) it is pressed once by itself.
 */
export function useClientAction(
  reading: FormReading,
  {
    signInReason,
    onSignInRequired,
    reopen,
    open,
  }: {
    signInReason: string;
    onSignInRequired: () => void;
    reopen: boolean;
    open: () => void;
  },
): () => void {
  const navigate = useNavigate();
  const signInHref = useSignInHref();

  function start() {
    if (!readStorage('local', STORAGE_KEYS.clientId)) {
      toaster.create({ type: 'info', title: 'Sign In Required', description: `Please sign in to ${signInReason}.` });
      onSignInRequired();
      navigate(signInHref);
      return;
    }
    if (!reading.ok) {
      toaster.create({ type: 'error', title: reading.error.title, description: reading.error.message });
      return;
    }
    open();
  }

  // Once, on the return from signing in, with the restored form's reading (a new `start` each render).
  useEffect(() => {
    if (reopen) start();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `start` is new each render; this runs once per return.
  }, [reopen]);

  return start;
}

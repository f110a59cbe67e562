import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { loadRuntimeConfig } from '../../api/runtime-config';
import { readStorage, removeStorage, writeStorage } from '../../lib/browser-storage';
import { MEASURE_POPUP_DELAY_MS, seenMeasurePopupRecently, shouldAutoShowMeasurePopup } from '../../lib/measure-popup';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { partnerBuyerAtom } from '../../state';

/**
 * Opens the measurement dialog by itself about 5 s after the page loads, when the deployment has it
 * on and the visitor may be offered it (lib/measure-popup.ts), judged on the page they are on by
 * then, unless another dialog is open then (it is not covered). Effects never run while prerendering, so this starts after hydration. Any opening of the
 * dialog counts as having seen it.
 */
export function useMeasurePopupAutoShow(open: boolean, setOpen: (open: boolean) => void): void {
  const { pathname } = useLocation();
  const partner = useAtomValue(partnerBuyerAtom);
  const current = useRef({ pathname, partner });
  current.current = { pathname, partner };

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    loadRuntimeConfig().then(
      ({ measurePopup }) => {
        if (unmounted) return;
        timer = setTimeout(() => {
          const now = Date.now();
          const seen = readStorage('local', STORAGE_KEYS.hasSeenPopup);
          if (seen !== null && !seenMeasurePopupRecently(seen, now)) removeStorage('local', STORAGE_KEYS.hasSeenPopup);
          const anotherDialogOpen =
            document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]') !==
            null;
          if (
            shouldAutoShowMeasurePopup({
              autoShow: measurePopup?.autoShow ?? false,
              ...current.current,
              seen,
              now,
              anotherDialogOpen,
            })
          )
            setOpen(true);
        }, MEASURE_POPUP_DELAY_MS);
      },
      // Without its configuration the page has bigger problems; the dialog just stays shut.
      () => undefined,
    );
    return () => {
      unmounted = true;
      clearTimeout(timer);
    };
  }, [setOpen]);

  useEffect(() => {
    if (open) writeStorage('local', STORAGE_KEYS.hasSeenPopup, String(Date.now()));
  }, [open]);
}

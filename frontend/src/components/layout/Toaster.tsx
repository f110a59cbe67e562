import { useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { onToastWanted, toastsWaiting } from './toast-queue';
import { onDemand } from './useOnDemand';

const useToastRegion = onDemand(() => import('./ToastRegion').then((module) => module.ToastRegion));

/**
 * The toast region starts when the browser is next idle after the page has hydrated, or at the first
 * toast if one comes sooner (it shows the toasts already created when it starts): starting it during
 * hydration re-rendered the page synchronously, a long task on a phone, and its code is downloaded
 * then, not with the page (issue 15). Idle rather than at the first toast, so screen readers have the
 * live region before a toast is put in it.
 */
export function Toaster() {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (started) return;
    const start = () => setStarted(true);
    if (toastsWaiting()) start();
    const cancelWanted = onToastWanted(start);
    const cancelIdle = whenIdle(start, 2000);
    return () => {
      cancelWanted();
      cancelIdle();
    };
  }, [started]);
  // A region that cannot be downloaded (offline) has nobody to tell: the pages say what they must inline.
  const ToastRegion = useToastRegion(started, () => undefined);
  return ToastRegion ? <ToastRegion /> : null;
}

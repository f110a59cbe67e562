import type { CreateToasterReturn } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../lib/when-idle';
import { onDemand } from './useOnDemand';

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/** Toasts created before the region's code (and Chakra's toast store with it) has arrived. */
const waiting: ToastOptions[] = [];
const wanted = new Set<() => void>();
let deliver: ((options: ToastOptions) => void) | undefined;

/**
 * Page-wide notifications: `toaster.create({ title, description, type })` from anywhere. The store
 * behind it comes with the region (ToastRegion.tsx), not with the page (issue 15); a toast created
 * sooner waits for it and starts it.
 */
export const toaster = {
  create(options: ToastOptions): void {
    if (deliver) return deliver(options);
    waiting.push(options);
    for (const start of wanted) start();
  },
};

/** Called by the region once it has its store: what waited is shown, what comes later goes straight there. */
export function deliverToasts(to: (options: ToastOptions) => void): void {
  deliver = to;
  for (const options of waiting.splice(0)) to(options);
}

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
    if (waiting.length > 0) start();
    wanted.add(start);
    const cancelIdle = whenIdle(start, 2000);
    return () => {
      wanted.delete(start);
      cancelIdle();
    };
  }, [started]);
  // A region that cannot be downloaded (offline) has nobody to tell: the pages say what they must inline.
  const ToastRegion = useToastRegion(started, () => undefined);
  return ToastRegion ? <ToastRegion /> : null;
}

import type { CreateToasterReturn } from '@chakra-ui/react';

export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/** Toasts created before the region's code (and Chakra's toast store with it) has arrived. */
const waiting: ToastOptions[] = [];
const wanted = new Set<() => void>();
let deliver: ((options: ToastOptions) => void) | undefined;

/**
 * Page-wide notifications: `toaster.create({ title, description, type })` from anywhere. The store
 * behind it comes with the region (ToastRegion.tsx), not with the page (issue 15); a toast created
 * sooner waits for it and starts it (Toaster.tsx).
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

/** Whether a toast waits for the region. */
export const toastsWaiting = (): boolean => waiting.length > 0;

/** Calls `start` at the next toast created while the region is not there; returns the cancel. */
export function onToastWanted(start: () => void): () => void {
  wanted.add(start);
  return () => wanted.delete(start);
}

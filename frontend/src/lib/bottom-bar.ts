import { atom } from 'jotai';

/**
 * The height in pixels of a bar fixed to the bottom of the screen while one shows (the configurator's
 * sticky price bar on a phone), 0 while none does; what must stay clear of it (the chat launcher)
 * reads it. Not a custom property on the root element: setting one there restyles every element of
 * the page (about 1,000 on a product page, a 30 ms task at the bar's first showing on a phone).
 */
export const bottomBarHeightAtom = atom(0);

/** The chat launcher's round button, and its distance from the right edge and from the bar below it. */
export const CHAT_LAUNCHER_SIZE = '3.5rem';
export const CHAT_LAUNCHER_MARGIN = '1rem';

/**
 * The element on screen that toasts must not cover, if any (the staff chat's reply box, issue 25): the
 * toast region rises above it while it shows. One at a time: only one chat pane is open.
 */
export const toastsKeepClearOfAtom = atom<HTMLElement | null>(null);

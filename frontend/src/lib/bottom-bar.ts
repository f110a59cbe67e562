import { atom } from 'jotai';

/**
 * The height in pixels of a bar fixed to the bottom of the screen while one shows (the configurator's
 * sticky price bar on a phone), 0 while none does; what must stay clear of it (the chat launcher)
 * reads it. Not a custom property on the root element: setting one there restyles every element of
 * the page (about 1,000 on a product page, a 30 ms task at the bar's first showing on a phone).
 */
export const bottomBarHeightAtom = atom(0);

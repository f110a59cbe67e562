/**
 * The height of a bar fixed to the bottom of the screen while one shows (the configurator's sticky
 * price bar on a phone), set on the root element; what must stay clear of it (the page's bottom
 * padding, the chat launcher) reads it, 0 when unset.
 */
export const BOTTOM_BAR_HEIGHT_VARIABLE = '--bottom-bar-height';

/** `length` raised by the bottom bar's height. */
export function aboveBottomBar(length: string): string {
  return `calc(var(${BOTTOM_BAR_HEIGHT_VARIABLE}, 0px) + ${length})`;
}

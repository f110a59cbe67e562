/** The measurement dialog opens by itself this long after the page loads. */
export const MEASURE_POPUP_DELAY_MS = 5_000;

/** Once seen, the dialog does not open by itself again for a day; an older `hasSeenPopup` is cleared. */
export const MEASURE_POPUP_SEEN_FOR_MS = 24 * 60 * 60 * 1000;

/**
 * Where the dialog never opens by itself: staff screens, and pages where the visitor is busy with
 * their account, an order or an appointment they already have (signing in, checking out, the
 * mailed appointment link). A path matches its own and the pages beneath it.
 */
export const NO_MEASURE_POPUP_PATHS = [
  '/admin',
  '/chat',
  '/checkout',
  '/cart',
  '/account',
  '/account-creation',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/email-confirmation',
  '/appointments',
] as const;

/** Whether the stored `hasSeenPopup` (a time in ms) says the dialog was seen within the last day; anything else is stale. */
export function seenMeasurePopupRecently(stored: string | null, now: number): boolean {
  if (stored === null || !/^\d+$/.test(stored)) return false;
  const seenAt = Number(stored);
  return seenAt <= now && now - seenAt < MEASURE_POPUP_SEEN_FOR_MS;
}

export interface MeasurePopupSituation {
  /** The deployment's switch (/config.json `measurePopup.autoShow`). */
  autoShow: boolean;
  /** A procurement partner's buyer: never offered a measurement. */
  partner: boolean;
  pathname: string;
  /** The stored `hasSeenPopup`. */
  seen: string | null;
  now: number;
  /** Another dialog or drawer is open (the mini cart after Add to Cart): not to be covered. */
  anotherDialogOpen: boolean;
}

/** Whether the measurement dialog should open by itself now. */
export function shouldAutoShowMeasurePopup({
  autoShow,
  partner,
  pathname,
  seen,
  now,
  anotherDialogOpen,
}: MeasurePopupSituation): boolean {
  if (!autoShow || partner || anotherDialogOpen || seenMeasurePopupRecently(seen, now)) return false;
  return !NO_MEASURE_POPUP_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The promotion code the customer entered, kept for this browser session so the cart, the mini cart and checkout all apply it. */
import { readStorage, removeStorage, writeStorage } from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';

export function enteredPromoCode(): string {
  return readStorage('session', STORAGE_KEYS.promoCode) ?? '';
}

/** Keeps the code (or forgets it, given ''), for the next cart and checkout reads; answers it as kept (the server's capitals). */
export function keepPromoCode(code: string): string {
  const kept = code.trim().toUpperCase();
  if (kept) writeStorage('session', STORAGE_KEYS.promoCode, kept);
  else removeStorage('session', STORAGE_KEYS.promoCode);
  return kept;
}

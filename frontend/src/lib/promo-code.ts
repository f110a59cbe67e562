/** The promotion code the customer entered, kept for this browser session so the cart, the mini cart and checkout all apply it. */
import { readStorage, removeStorage, writeStorage } from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';

export function enteredPromoCode(): string {
  return readStorage('session', STORAGE_KEYS.promoCode) ?? '';
}

/** Keeps the code (or forgets it, given ''), for the next cart and checkout reads. */
export function keepPromoCode(code: string): void {
  const trimmed = code.trim().toUpperCase();
  if (trimmed) writeStorage('session', STORAGE_KEYS.promoCode, trimmed);
  else removeStorage('session', STORAGE_KEYS.promoCode);
}

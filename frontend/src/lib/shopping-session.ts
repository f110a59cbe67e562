import { isValidSessionId } from '../../../domain/cart/session';
import { readStorage, writeStorage } from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';

let inMemory: string | undefined;

/**
 * The browser's anonymous shopping session id (`shopping_session_id` in localStorage), created on
 * first use. When storage is blocked the id lives for this page only, so the cart still works.
 */
export function shoppingSessionId(): string {
  const stored = readStorage('local', STORAGE_KEYS.shoppingSessionId);
  if (isValidSessionId(stored)) return stored;
  if (inMemory) return inMemory;
  const created = crypto.randomUUID();
  writeStorage('local', STORAGE_KEYS.shoppingSessionId, created);
  if (readStorage('local', STORAGE_KEYS.shoppingSessionId) !== created) inMemory = created;
  return created;
}

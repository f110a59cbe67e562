import { isValidSessionId } from '#domain/cart/session';
import { localReader, readStorage, writeStorage } from './browser-storage';
import { storedPunchoutSession } from './partner-mode';
import { STORAGE_KEYS } from './storage-keys';

let inMemory: string | undefined;

/**
 * The browser's anonymous shopping session id (`shopping_session_id` in localStorage), created on
 * first use. When storage is blocked the id lives for this page only, so the cart still works.
 * While a punch-out session lives its own shopping session is the cart instead; the browser's own
 * comes back when the punch-out session ends.
 */
export function shoppingSessionId(): string {
  const punchout = storedPunchoutSession(localReader, Date.now());
  if (punchout) return punchout.shoppingSessionId;
  const stored = readStorage('local', STORAGE_KEYS.shoppingSessionId);
  if (isValidSessionId(stored)) return stored;
  if (inMemory) return inMemory;
  const created = crypto.randomUUID();
  writeStorage('local', STORAGE_KEYS.shoppingSessionId, created);
  if (readStorage('local', STORAGE_KEYS.shoppingSessionId) !== created) inMemory = created;
  return created;
}

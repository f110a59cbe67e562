import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries the local tools key (or `?key=` in the URL, as the outbox page's links do). */
export const LOCAL_TOOLS_KEY_HEADER = 'x-local-tools-key';

/** A fresh key for one run of the local stack: printed by `npm start` in the outbox URL, given to the tests. */
export function newLocalToolsKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether the request carries `key`, compared in a time that does not depend on where a wrong
 * key differs (both sides are hashed first, so their lengths are equal whatever was sent).
 */
export function carriesLocalToolsKey(req: IncomingMessage, searchParams: URLSearchParams, key: string): boolean {
  const given = req.headers[LOCAL_TOOLS_KEY_HEADER] ?? searchParams.get('key');
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(key));
}

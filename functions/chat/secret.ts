import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A chat's secret: 256 random bits, given to the customer once. Only its SHA-256 is stored (a
 * secret this long needs no slow hash: there is nothing to guess), and a presented secret is
 * compared with it in constant time.
 */
export function newChatSecret(): { secret: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, secretHash: hashOf(secret) };
}

export function secretMatches(presented: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url');
  const actual = Buffer.from(hashOf(presented), 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

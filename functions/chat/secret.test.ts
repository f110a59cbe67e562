import { describe, expect, it } from 'vitest';
import { newChatSecret, secretMatches } from './secret';

describe('a chat secret', () => {
  it('is 256 random bits, stored only as a hash that verifies it and nothing else', () => {
    const { secret, secretHash } = newChatSecret();
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(secretHash).not.toContain(secret);
    expect(secretMatches(secret, secretHash)).toBe(true);
    expect(secretMatches(newChatSecret().secret, secretHash)).toBe(false);
    expect(secretMatches('', secretHash)).toBe(false);
    expect(newChatSecret().secret).not.toBe(secret);
  });
});

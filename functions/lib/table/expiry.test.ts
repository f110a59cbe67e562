import { describe, expect, it } from 'vitest';
import { epochSeconds, isExpired } from './expiry';

describe('expiresAt', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('is counted in whole seconds since the epoch, as DynamoDB TTL expects', () => {
    expect(epochSeconds(new Date('1970-01-01T00:01:40.900Z'))).toBe(100);
  });

  it('treats an item as gone from the second it expires, before DynamoDB deletes it', () => {
    expect(isExpired({ expiresAt: epochSeconds(now) }, now)).toBe(true);
    expect(isExpired({ expiresAt: epochSeconds(now) - 3600 }, now)).toBe(true);
    expect(isExpired({ expiresAt: epochSeconds(now) + 1 }, now)).toBe(false);
  });

  it('never expires an item without expiresAt, nor a missing one', () => {
    expect(isExpired({}, now)).toBe(false);
    expect(isExpired(undefined, now)).toBe(false);
  });
});

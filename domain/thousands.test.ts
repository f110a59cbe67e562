import { describe, expect, it } from 'vitest';
import { groupThousands } from './thousands';

describe('groupThousands', () => {
  it('groups the digits of a whole number in threes, as en-US formatting does', () => {
    for (const whole of [0, 7, 999, 1000, 9999, 12_345, 123_456, 1_234_567, 90_000_000, -1234]) {
      expect(groupThousands(whole)).toBe(whole.toLocaleString('en-US'));
    }
  });
});

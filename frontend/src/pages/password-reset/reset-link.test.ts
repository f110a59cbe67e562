import { describe, expect, it } from 'vitest';
import { readResetLink } from './reset-link';

describe('readResetLink', () => {
  it('reads the e-mail and code from the query or the fragment', () => {
    expect(readResetLink('?type=recovery&email=ana%40example.com&token=123456', '')).toEqual({
      valid: true,
      email: 'ana@example.com',
      code: '123456',
    });
    expect(readResetLink('', '#type=recovery&email=ana%40example.com&token=123456')).toEqual({
      valid: true,
      email: 'ana@example.com',
      code: '123456',
    });
  });

  it('is invalid without a code or an e-mail, with an unknown type, or with an error parameter', () => {
    expect(readResetLink('?email=ana%40example.com', '')).toEqual({ valid: false });
    expect(readResetLink('?type=magic&email=a%40b.co&token=1', '').valid).toBe(false);
    expect(readResetLink('?error=access_denied&email=a%40b.co&token=1', '')).toEqual({
      valid: false,
      debug: 'Session error: access_denied',
    });
  });
});

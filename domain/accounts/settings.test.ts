import { describe, expect, it } from 'vitest';
import { passwordChangeSchema, profileUpdateSchema } from './settings';

describe('profileUpdateSchema', () => {
  it('trims names, keeps a phone number and stores an empty one as none', () => {
    expect(profileUpdateSchema.parse({ firstName: ' Ann ', lastName: 'Lee', phone: '214-555-0199' })).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '214-555-0199',
    });
    expect(profileUpdateSchema.parse({ firstName: 'Ann', lastName: 'Lee', phone: '  ' }).phone).toBeNull();
  });

  it('names each bad field with the registration messages', () => {
    const result = profileUpdateSchema.safeParse({ firstName: 'A', lastName: '', phone: '123' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['firstName', 'First name must be at least 2 characters.'],
      ['lastName', 'Last name must be at least 2 characters.'],
      ['phone', 'Please enter a valid phone number.'],
    ]);
  });
});

describe('passwordChangeSchema', () => {
  const base = { currentPassword: 'Old-pass1', newPassword: 'New-pass1', confirmPassword: 'New-pass1' };

  it('accepts matching passwords of 6 or more characters', () => {
    expect(passwordChangeSchema.safeParse(base).success).toBe(true);
  });

  it('applies the user pool’s policy beyond 6 characters', () => {
    expect(
      passwordChangeSchema.safeParse({ ...base, newPassword: 'abcdefg', confirmPassword: 'abcdefg' }).error?.issues[0]
        ?.message,
    ).toBe('Password must be at least 8 characters.');
    expect(
      passwordChangeSchema.safeParse({ ...base, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }).error?.issues[0]
        ?.message,
    ).toBe('Password must contain at least one uppercase letter, one lowercase letter, and one number.');
  });

  it('refuses a short password and a confirmation that differs, with the spec’s messages', () => {
    expect(
      passwordChangeSchema.safeParse({ ...base, newPassword: 'abc', confirmPassword: 'abc' }).error?.issues[0]?.message,
    ).toBe('Password must be at least 6 characters long.');
    expect(passwordChangeSchema.safeParse({ ...base, confirmPassword: 'Other-pass1' }).error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'New passwords do not match.',
    });
  });
});

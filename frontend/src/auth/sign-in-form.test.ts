import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema, signInDestination, signInFormSchema, signInSuccessToast } from './sign-in-form';

describe('signInDestination', () => {
  it('follows the redirect parameter first, with its query', () => {
    expect(signInDestination('/admin?tab=grids', '/cart')).toBe('/admin?tab=grids');
  });

  it('falls back to the previous page, then to the home page', () => {
    expect(signInDestination(null, '/cart')).toBe('/cart');
    expect(signInDestination(null, null)).toBe('/');
  });

  it.each(['/login', '/account-creation', '/forgot-password?x=1', '/reset-password#top'])(
    'replaces %s by the home page',
    (path) => {
      expect(signInDestination(path, null)).toBe('/');
      expect(signInDestination(null, path)).toBe('/');
    },
  );

  it('never leaves the site', () => {
    expect(signInDestination('https://evil.example/phish', null)).toBe('/');
    expect(signInDestination('//evil.example', '/account')).toBe('/account');
  });
});

describe('signInFormSchema', () => {
  it('gives the spec messages for a bad email and a missing password', () => {
    const result = signInFormSchema.safeParse({ email: 'not-an-email', password: '', rememberMe: false });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'Please enter a valid email address.'],
      ['password', 'Password is required.'],
    ]);
  });

  it('accepts a trimmed email and any password', () => {
    expect(signInFormSchema.parse({ email: ' staff@example.com ', password: 'x', rememberMe: true }).email).toBe(
      'staff@example.com',
    );
  });
});

describe('signInSuccessToast', () => {
  it('welcomes without "back" (a first sign-in is no return) and counts properties in words that agree', () => {
    expect(signInSuccessToast(1)).toBe('Welcome! You have 1 property in your account.');
    expect(signInSuccessToast(2)).toBe('Welcome! You have 2 properties in your account.');
    expect(signInSuccessToast(0)).toBe('Successfully logged in!');
  });
});

describe('newPasswordFormSchema', () => {
  it('holds an invited member’s own password to the registration rules, typed twice alike', () => {
    expect(
      newPasswordFormSchema.safeParse({ newPassword: 'Shutters2026', confirmPassword: 'Shutters2026' }).success,
    ).toBe(true);
    const weak = newPasswordFormSchema.safeParse({ newPassword: 'shutters', confirmPassword: 'shutters' });
    expect(weak.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['newPassword']);
    const mismatch = newPasswordFormSchema.safeParse({ newPassword: 'Shutters2026', confirmPassword: 'Shutters2027' });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: "Passwords don't match" }),
    ]);
  });
});

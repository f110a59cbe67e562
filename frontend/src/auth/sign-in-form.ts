import { z } from 'zod';
import { passwordSchema, PASSWORDS_DONT_MATCH_MESSAGE } from '#domain/accounts/registration';

/** The sign-in form: a valid e-mail and a password. */
export const signInFormSchema = z.object({
  email: z.string().trim().pipe(z.email('Please enter a valid email address.')),
  password: z.string().min(1, 'Password is required.'),
  rememberMe: z.boolean(),
});

export type SignInForm = z.infer<typeof signInFormSchema>;

/** An unconfirmed e-mail is named; every other authentication failure reads the same. */
export const SIGN_IN_MESSAGES = {
  unconfirmed: 'Please confirm your email before signing in.',
  'invalid-credentials': 'Invalid email or password. Please try again.',
  failed: 'Login failed. Please try again.',
} as const;

/**
 * The success toast names how many properties the account has, when it has any. Not "Welcome back":
 * a new customer's first sign-in is not a return, and nothing tells the two apart
 * (docs/decisions/0041).
 */
export function signInSuccessToast(propertyCount: number): string {
  if (propertyCount === 0) return 'Successfully logged in!';
  return `Welcome! You have ${propertyCount} ${propertyCount === 1 ? 'property' : 'properties'} in your account.`;
}

/** The first sign-in of a member of staff invited from the Staff tab: the temporary password replaced by their own. */
export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DONT_MATCH_MESSAGE,
    path: ['confirmPassword'],
  });

export const NEW_PASSWORD_MESSAGES = {
  intro: 'You signed in with the temporary password of your invitation. Choose your own password to finish.',
  failed: 'That password could not be set. Please try another.',
} as const;

/** The pause between the success toast and leaving the sign-in page. */
export const SIGN_IN_REDIRECT_DELAY_MS = 100;

/** Pages that make no sense to return to once signed in. */
const AUTH_PAGES = ['/login', '/account-creation', '/forgot-password', '/reset-password'];

/**
 * Where a successful sign-in goes: the `redirect` query parameter, else the previous page, else /.
 * Only paths of this site are followed, and the sign-in and account pages become /.
 */
export function signInDestination(redirect: string | null, previousPath: string | null): string {
  const target = [redirect, previousPath].find((path) => path && path.startsWith('/') && !path.startsWith('//')) ?? '/';
  const pathname = target.split(/[?#]/, 1)[0]!;
  return AUTH_PAGES.includes(pathname) ? '/' : target;
}

import * as z from 'zod';
import { singleLineText } from '../text';

/**
 * The password rule of the user pool (infra/stacks/auth-stack.ts): 8+ characters with an upper-case
 * letter, a lower-case letter and a digit. The registration form says so up front rather than
 * letting Cognito refuse what the form accepted; the reset form uses the same rule.
 */
export const PASSWORD_MIN_LENGTH_MESSAGE = 'Password must be at least 8 characters.';
export const PASSWORD_CHARACTERS_MESSAGE =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number.';
export const PASSWORDS_DONT_MATCH_MESSAGE = "Passwords don't match";
/** The rule as the forms that set a password show it under the field. */
export const PASSWORD_RULES_TEXT = 'At least 8 characters, with an uppercase letter, a lowercase letter and a number.';

export const passwordSchema = z
  .string()
  .min(8, PASSWORD_MIN_LENGTH_MESSAGE)
  .max(256, 'Password must be at most 256 characters.')
  .refine((value) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value), PASSWORD_CHARACTERS_MESSAGE);

/** The registration form's rules; the browser and POST /api/registrations validate with it. */
export const registrationSchema = z
  .object({
    firstName: singleLineText('First name').min(2, 'First name must be at least 2 characters.').max(100),
    lastName: singleLineText('Last name').min(2, 'Last name must be at least 2 characters.').max(100),
    email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.')),
    phone: singleLineText('Phone')
      .min(10, 'Please enter a valid phone number.')
      .max(30, 'Please enter a valid phone number.'),
    password: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DONT_MATCH_MESSAGE,
  });

export type RegistrationForm = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** Sign-up with an e-mail that already has an account. */
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists. Please try signing in instead.';

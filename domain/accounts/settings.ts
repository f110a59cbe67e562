import * as z from 'zod';
import { singleLineText } from '../text';
import { passwordSchema } from './registration';

/**
 * The Account Settings tabs. Names follow registration's rules; the phone number may be left empty
 * (the profile's phone is nullable) but otherwise needs 10 characters.
 */
export const profileUpdateSchema = z.object({
  firstName: singleLineText('First name', { error: 'First name must be at least 2 characters.' })
    .min(2, 'First name must be at least 2 characters.')
    .max(100),
  lastName: singleLineText('Last name', { error: 'Last name must be at least 2 characters.' })
    .min(2, 'Last name must be at least 2 characters.')
    .max(100),
  phone: singleLineText('Phone')
    .max(30, 'Please enter a valid phone number.')
    .refine((phone) => phone === '' || phone.length >= 10, 'Please enter a valid phone number.')
    .transform((phone) => (phone === '' ? null : phone))
    .nullable()
    .default(null),
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const NEW_PASSWORDS_DONT_MATCH_MESSAGE = 'New passwords do not match.';
export const SETTINGS_PASSWORD_MIN_LENGTH = 6;
export const SETTINGS_PASSWORD_MIN_LENGTH_MESSAGE = 'Password must be at least 6 characters long.';
export const PASSWORD_CHANGE_FAILED_MESSAGE = 'Failed to update password. Please try again.';
export const PASSWORD_CHANGE_ERROR_MESSAGE = 'An error occurred while changing your password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed successfully.';

/**
 * The Password & Security form, checked in the browser: 6+ characters and a matching confirmation
 * (the old shop's rule), then the user pool's own policy (8+ characters with upper and lower case
 * and a digit, as registration says), so the form does not accept what Cognito refuses. Cognito
 * checks again; the tab shows its refusal with the reason.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    newPassword: z
      .string()
      .min(SETTINGS_PASSWORD_MIN_LENGTH, SETTINGS_PASSWORD_MIN_LENGTH_MESSAGE)
      .pipe(passwordSchema),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: NEW_PASSWORDS_DONT_MATCH_MESSAGE,
  });

import { describe, expect, it } from 'vitest';
import { registrationSchema } from './registration';

const valid = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: ' Ana.Lopez@Example.com ',
  phone: '214-555-0100',
  password: 'Blinds2024',
  confirmPassword: 'Blinds2024',
};

function messagesOf(input: unknown): Array<[string, string]> {
  const result = registrationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [String(issue.path[0]), issue.message]);
}

describe('registrationSchema', () => {
  it('accepts a complete form, with the e-mail trimmed and lower-cased', () => {
    expect(registrationSchema.parse(valid)).toMatchObject({
      firstName: 'Ana',
      email: 'ana.lopez@example.com',
      phone: '214-555-0100',
    });
  });

  it('names every field with the spec messages', () => {
    expect(
      messagesOf({
        firstName: 'A',
        lastName: ' B ',
        email: 'nope',
        phone: '555-0100',
        password: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual([
      ['firstName', 'First name must be at least 2 characters.'],
      ['lastName', 'Last name must be at least 2 characters.'],
      ['email', 'Please enter a valid email address.'],
      ['phone', 'Please enter a valid phone number.'],
      ['password', 'Password must be at least 8 characters.'],
      ['password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number.'],
    ]);
  });

  it('refuses a password the user pool would refuse, saying what it needs', () => {
    expect(messagesOf({ ...valid, password: 'blinds2024', confirmPassword: 'blinds2024' })).toEqual([
      ['password', 'Password must contain at least one uppercase letter, one lowercase letter, and one number.'],
    ]);
  });

  it("says the passwords don't match under the confirmation", () => {
    expect(messagesOf({ ...valid, confirmPassword: 'Blinds2025' })).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
  });
});

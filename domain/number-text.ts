/**
 * Numbers that arrive as text. The API's JSON bodies take numbers as JSON numbers only (security
 * review, issue 8: `true`, `"0x1E"` and `[3]` must not become numbers); these read text where text
 * is all there is, and anything that is not a plain decimal becomes NaN, which the field's own
 * number schema refuses with its own message.
 */
import * as z from 'zod';

const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
const DIGITS = /^\d+$/;

/**
 * What a form's number box holds, for the browser only: surrounding spaces are ignored and an empty
 * box reads as 0 (so a required measurement says it must be more than 0); hex, exponents and words are NaN.
 */
export const typedNumber = z
  .string()
  .trim()
  .transform((text) => (text === '' ? 0 : DECIMAL.test(text) ? Number(text) : Number.NaN));

/** A whole number in a query string: decimal digits only (no sign, space, fraction, exponent or hex). */
export const queryWholeNumber = z.string().transform((text) => (DIGITS.test(text) ? Number(text) : Number.NaN));

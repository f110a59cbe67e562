/**
 * The guest shopping session id the browser keeps under `shopping_session_id` and sends with every
 * cart call. The server accepts it only in the shape the spec gives: longer than 10 characters and
 * not the text "null" or "undefined" (what a careless `String(value)` leaves behind).
 */
export const SESSION_ID_HEADER = 'x-shopping-session-id';

const MIN_SESSION_ID_LENGTH = 11;
/** Bounded so a session id can sit in a table key. */
const MAX_SESSION_ID_LENGTH = 128;
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isValidSessionId(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (value === 'null' || value === 'undefined') return false;
  return (
    value.length >= MIN_SESSION_ID_LENGTH && value.length <= MAX_SESSION_ID_LENGTH && SESSION_ID_PATTERN.test(value)
  );
}

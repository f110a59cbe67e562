import { describe, expect, it } from 'vitest';
import { Invalid } from '#domain/errors';
import { cursorOf, INVALID_CURSOR_MESSAGE, startKeyOf } from './page-cursor';

const lastKey = { pk: 'CLIENT#1', sk: 'PROFILE', gsi1pk: 'CLIENTS', gsi1sk: 'ana lee#1' };

function refusal(cursor: string): unknown {
  try {
    startKeyOf(cursor, 'gsi1', 'CLIENTS');
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('page cursors', () => {
  it('give back the key the previous page ended at', () => {
    expect(startKeyOf(cursorOf(lastKey)!, 'gsi1', 'CLIENTS')).toEqual(lastKey);
  });

  it('mark the last page with null and start the first page without a key', () => {
    expect(cursorOf(undefined)).toBeNull();
    expect(startKeyOf(undefined, 'gsi1', 'CLIENTS')).toBeUndefined();
  });

  it.each([
    ['a key of another partition', cursorOf({ ...lastKey, gsi1pk: 'LEADS' })!],
    ['a key with another attribute', cursorOf({ ...lastKey, status: 'x' })!],
    ['a key missing its index sort key', cursorOf({ pk: 'CLIENT#1', sk: 'PROFILE', gsi1pk: 'CLIENTS' })!],
    ['text that is not a key', 'not-a-cursor'],
  ])('refuse %s with a 400 naming the cursor', (_case, cursor) => {
    const error = refusal(cursor);
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toMatchObject({ message: INVALID_CURSOR_MESSAGE, fieldErrors: { cursor: INVALID_CURSOR_MESSAGE } });
  });
});

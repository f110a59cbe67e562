import { describe, expect, it } from 'vitest';
import { parseStoredChat } from './stored-chat';

describe('parseStoredChat', () => {
  it('reads the chat id and secret the widget stored', () => {
    expect(parseStoredChat(JSON.stringify({ sessionId: 'a1', secret: 's3cret' }))).toEqual({
      sessionId: 'a1',
      secret: 's3cret',
    });
  });

  it('keeps nothing but the id and the secret', () => {
    expect(parseStoredChat(JSON.stringify({ sessionId: 'a1', secret: 's', name: 'Ana' }))).toEqual({
      sessionId: 'a1',
      secret: 's',
    });
  });

  it('treats a missing, broken or partial value as no chat', () => {
    expect(parseStoredChat(null)).toBeNull();
    expect(parseStoredChat('')).toBeNull();
    expect(parseStoredChat('{not json')).toBeNull();
    expect(parseStoredChat('"a1"')).toBeNull();
    expect(parseStoredChat('null')).toBeNull();
    expect(parseStoredChat(JSON.stringify({ sessionId: 'a1' }))).toBeNull();
    expect(parseStoredChat(JSON.stringify({ sessionId: '', secret: 's' }))).toBeNull();
    expect(parseStoredChat(JSON.stringify({ sessionId: 1, secret: 's' }))).toBeNull();
  });
});

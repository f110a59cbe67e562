/**
 * The live chat this browser started: its id and secret in localStorage, so the chat resumes on
 * every page and after a reload, and is forgotten once it is no longer active. Kept out of the
 * widget's chunk: the chat button reads it on load to decide whether to load the widget at all.
 */
import { readStorage, removeStorage, writeStorage } from '../browser-storage';
import { STORAGE_KEYS } from '../storage-keys';

export interface StoredChat {
  sessionId: string;
  secret: string;
}

/** The stored value, or null when it is missing or not one this widget wrote. */
export function parseStoredChat(text: string | null): StoredChat | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { sessionId, secret } = value as Record<string, unknown>;
    return typeof sessionId === 'string' && sessionId !== '' && typeof secret === 'string' && secret !== ''
      ? { sessionId, secret }
      : null;
  } catch {
    return null;
  }
}

export function readStoredChat(): StoredChat | null {
  return parseStoredChat(readStorage('local', STORAGE_KEYS.chatSession));
}

export function rememberChat(chat: StoredChat): void {
  writeStorage('local', STORAGE_KEYS.chatSession, JSON.stringify({ sessionId: chat.sessionId, secret: chat.secret }));
}

export function forgetChat(): void {
  removeStorage('local', STORAGE_KEYS.chatSession);
}

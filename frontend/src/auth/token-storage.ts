import type { KeyValueStorageInterface } from 'aws-amplify/utils';
import { readStorage, removeStorage, writeStorage } from '../lib/browser-storage';

let rememberNextSession: boolean | undefined;

/** Chosen at sign-in with Remember me: keep the tokens across browser restarts, or for this tab's session only. */
export function rememberSessionOnThisDevice(remember: boolean): void {
  rememberNextSession = remember;
}

const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider';

function amplifyKeys(storage: Storage | undefined): string[] {
  try {
    return storage ? Object.keys(storage).filter((key) => key.startsWith(AMPLIFY_KEY_PREFIX)) : [];
  } catch {
    return [];
  }
}

/**
 * Where Amplify keeps the Cognito tokens. Remembered sign-ins live in localStorage, the others in
 * sessionStorage (gone with the tab). A refresh after a reload writes back where the token already is.
 */
export const rememberMeTokenStorage: KeyValueStorageInterface = {
  async setItem(key, value) {
    const remember = rememberNextSession ?? readStorage('session', key) === null;
    writeStorage(remember ? 'local' : 'session', key, value);
    removeStorage(remember ? 'session' : 'local', key);
  },
  async getItem(key) {
    return readStorage('session', key) ?? readStorage('local', key);
  },
  async removeItem(key) {
    removeStorage('session', key);
    removeStorage('local', key);
  },
  async clear() {
    for (const key of amplifyKeys(globalThis.sessionStorage)) removeStorage('session', key);
    for (const key of amplifyKeys(globalThis.localStorage)) removeStorage('local', key);
  },
};

/**
 * The access token for API calls, loading Amplify only when it is asked for, so pages that never
 * sign anyone in do not download it.
 */
import { readStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';

export async function accessToken(): Promise<string | undefined> {
  return (await import('./session')).currentAccessToken();
}

/** For calls that serve guests too (the cart): without a stored client there is no token to look for. */
export async function accessTokenIfSignedIn(): Promise<string | undefined> {
  return readStorage('local', STORAGE_KEYS.clientId) ? accessToken() : undefined;
}

/**
 * Storage access that never throws: storage is missing during prerendering and may be blocked by
 * privacy settings, and neither should break a page.
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Blocked storage only costs the remembered preference.
  }
}

export function removeStorage(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** A Storage-shaped reader for helpers that take one. */
export const localReader = { getItem: (key: string) => readStorage('local', key) };

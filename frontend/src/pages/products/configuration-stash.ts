/**
 * A guest's configuration kept across signing in (issue 5: "a guest is asked to sign in and comes
 * back to the same configuration"). Save Configuration and Select Property and Room send a guest to
 * /login; the whole form waits in sessionStorage under the page's path and is taken back once when
 * the configurator mounts there again, with what the guest was doing so it can be reopened. Its
 * schema (configuration-stash-schema.ts) is downloaded only when there is a stash to read, so zod
 * stays out of the product page's first load (decision 0026).
 */
import type { FamilyId } from '#domain/catalogue/families';
import { readStorage, removeStorage, writeStorage } from '../../lib/browser-storage';
import type { ConfigurationStash } from './configuration-stash-shape';

/** One stash per page: the configurator of another page never takes it. */
export function stashKey(pathname: string): string {
  return `configurator-return:${pathname}`;
}

export function serializeStash(stash: ConfigurationStash): string {
  return JSON.stringify(stash);
}

export function keepConfigurationStash(pathname: string, stash: ConfigurationStash): void {
  writeStorage('session', stashKey(pathname), serializeStash(stash));
}

/**
 * Reads and forgets the page's stash, so it is restored once; an unusable one is forgotten too.
 * Rejects when the schema cannot be downloaded (offline): the stash is gone and the form keeps its defaults.
 */
export async function takeConfigurationStash(
  pathname: string,
  expected: { family: FamilyId; series: string },
  now: number,
): Promise<ConfigurationStash | null> {
  const text = readStorage('session', stashKey(pathname));
  if (text === null) return null;
  removeStorage('session', stashKey(pathname));
  const { parseStash } = await import('./configuration-stash-schema');
  return parseStash(text, expected, now);
}

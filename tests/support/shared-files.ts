/**
 * Where the project's shared documents are (`../shared` beside the repository: the spec and the cXML
 * DTDs and buyers' documents). A clone elsewhere (a CI workspace, /tmp) finds them through
 * SHARED_DIR, or at the workspace's /work/shared.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

function sharedDir(): string {
  const candidates = [process.env.SHARED_DIR, resolve(import.meta.dirname, '../../../shared'), '/work/shared'].filter(
    (dir): dir is string => Boolean(dir),
  );
  const found = candidates.find((dir) => existsSync(resolve(dir, 'cxml')));
  if (!found)
    throw new Error(
      `The shared documents (cxml/) are in none of ${candidates.join(', ')}: set SHARED_DIR to the folder that holds them.`,
    );
  return found;
}

export const SHARED_DIR = sharedDir();
/** The official cXML DTDs. */
export const CXML_DTD_DIR = resolve(SHARED_DIR, 'cxml');
/** Documents real procurement systems sent, with their quirks. */
export const CXML_BUYERS_DIR = resolve(SHARED_DIR, 'cxml/buyers');

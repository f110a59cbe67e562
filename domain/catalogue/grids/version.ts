/** A grid's version: a hash of its CSV form, so the server and the CDN can tell a changed grid. */
import { gridToCsv } from './csv';
import type { GridKind, GridRow } from './types';

/** cyrb53, a fast 53-bit string hash (public domain): plenty to tell grid versions apart. */
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** For example "roller-1a2b3c4d5e6f7": the kind, then 14 hex digits of the content hash. */
export function gridVersion<K extends GridKind>(kind: K, rows: readonly GridRow<K>[]): string {
  return `${kind}-${cyrb53(gridToCsv(kind, rows)).toString(16).padStart(14, '0')}`;
}

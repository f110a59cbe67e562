import { createHash } from 'node:crypto';
import { json, type HttpEvent, type HttpResult } from '../lib/http';

/** Catalogue and grids: the CDN and the browser keep them a minute and revalidate in the background. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

export function entityTag(text: string): string {
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
}

function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}

/** A 200 with the body, or a 304 when the caller already holds this entity tag. */
export function cacheableJson(event: HttpEvent, tag: string, body: unknown): HttpResult {
  const headers = { etag: tag, 'cache-control': CACHE_CONTROL };
  if (matches(event.headers['if-none-match'], tag)) return { statusCode: 304, headers };
  return json(200, body, headers);
}

import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * How the site's files are cached and compressed, declared once: the CDK's distribution
 * (infra/stacks/web-stack.ts) and the local server (infra/local/spa.ts) both read it, and
 * tests/infra/site-caching.test.ts checks that they agree.
 */

/** Vite writes content-hashed file names under this folder of the build: a file there never changes. */
export const HASHED_ASSETS_DIR = 'assets';

/** The distribution's behavior for the hashed assets. */
export const HASHED_ASSETS_PATH_PATTERN = `/${HASHED_ASSETS_DIR}/*`;

/** Hashed assets: kept for a year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** HTML, /config.json and every other unhashed file: revalidated on each visit, so a deploy shows at once. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** The Cache-Control of the file at a path relative to the build's root (`assets/index-3f2a.js`, `about-us/index.html`). */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith(`${HASHED_ASSETS_DIR}/`) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
}

/**
 * CloudFront compresses an object of 1,000 to 10,000,000 bytes whose Content-Type is one of its list
 * ("File types that CloudFront compresses", Amazon CloudFront Developer Guide), Brotli when the viewer
 * accepts it, else gzip. Only the site's types and their aliases are listed here.
 */
export const COMPRESSIBLE_SIZE = { min: 1_000, max: 10_000_000 } as const;
export const COMPRESSIBLE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/javascript',
  'application/json',
  'application/xml',
  'application/xhtml+xml',
  'application/vnd.ms-fontobject',
  'font/otf',
  'font/ttf',
  'image/svg+xml',
  'text/css',
  'text/csv',
  'text/html',
  'text/javascript',
  'text/plain',
  'text/xml',
]);

/** Whether CloudFront compresses an object of this Content-Type (parameters such as charset ignored) and size. */
export function isCompressible(contentType: string, size: number): boolean {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return COMPRESSIBLE_CONTENT_TYPES.has(mediaType) && size >= COMPRESSIBLE_SIZE.min && size <= COMPRESSIBLE_SIZE.max;
}

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding CloudFront sends for an `Accept-Encoding`: Brotli when accepted, else gzip, else none.
 * A coding listed with `q=0` is refused.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([coding]) => coding!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * A body compressed as CloudFront would send it. CloudFront compresses on the fly, so Brotli at
 * quality 5 (near its sizes) rather than the maximum 11; gzip at zlib's default level.
 */
export function compressBody(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../site-caching';
import { serveBuiltSite, type BuiltSite } from '../../tests/support/built-site';

const SCRIPT = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(', ')}];\n`;
const PAGE = `<!doctype html><title>Faux wood blinds</title>${'<p>Made to measure in Dallas.</p>'.repeat(60)}`;
const SMALL_PAGE = '<!doctype html><title>home</title>';
const PICTURE = Buffer.alloc(4_000, 7);

let site: BuiltSite;
const get = (path: string, headers?: Record<string, string>, method?: string) => site.get(path, headers, method);

beforeAll(async () => {
  site = await serveBuiltSite({
    'assets/index-3f2a.js': SCRIPT,
    'assets/photo-9c1d.webp': PICTURE,
    'faux-wood-blinds/index.html': PAGE,
    'index.html': SMALL_PAGE,
    '200.html': PAGE,
  });
});

afterAll(() => site.close());

describe('the local site, compressed as CloudFront compresses it', () => {
  it('sends Brotli when the browser accepts it, preferred to gzip', async () => {
    const answer = await get('/assets/index-3f2a.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes gzip only, or refuses Brotli with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.8']) {
      const answer = await get('/faux-wood-blinds', { 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(PAGE);
    }
  });

  it('sends the file as it is without an Accept-Encoding it can use, still saying the answer varies by it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip;q=0, br;q=0' }] as Array<
      Record<string, string>
    >) {
      const answer = await get('/faux-wood-blinds', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.body.toString()).toBe(PAGE);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    }
  });

  it('leaves files under 1,000 bytes and types CloudFront does not compress as they are', async () => {
    const small = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.body.toString()).toBe(SMALL_PAGE);
    const picture = await get('/assets/photo-9c1d.webp', { 'accept-encoding': 'br, gzip' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.body.equals(PICTURE)).toBe(true);
  });

  it('answers HEAD with the headers GET would send and no body', async () => {
    const accept = { 'accept-encoding': 'br' };
    const [head, full] = await Promise.all([
      get('/assets/index-3f2a.js', accept, 'HEAD'),
      get('/assets/index-3f2a.js', accept),
    ]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-encoding', 'content-length', 'cache-control', 'vary']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  });
});

describe('the local site, cached as the CDK says', () => {
  it('keeps hashed assets for a year and has every other file revalidated', async () => {
    expect((await get('/assets/index-3f2a.js')).headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect((await get('/assets/photo-9c1d.webp')).headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(IMMUTABLE_CACHE_CONTROL).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/faux-wood-blinds', '/account/settings']) {
      expect((await get(path)).headers['cache-control'], path).toBe(REVALIDATE_CACHE_CONTROL);
    }
    expect(REVALIDATE_CACHE_CONTROL).toBe('no-cache');
  });
});

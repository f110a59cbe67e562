import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import {
  cacheControlFor,
  compressBody,
  isCompressible,
  negotiateEncoding,
  type ContentEncoding,
} from '../site-caching';
import { sendJson } from './http-util';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * The built SPA as CloudFront serves it: files as they are, an extensionless path as its
 * prerendered `<path>/index.html`, any other route as the shell `200.html` (status 200); with the
 * Cache-Control and the compression of infra/site-caching.ts. Compressed bodies are kept in memory
 * per file version, so repeated page loads (Lighthouse, e2e) cost no compression.
 */
export function createBuiltSpa(distDir: string) {
  const root = resolve(distDir);
  const fileAt = async (path: string) => ((await stat(path).catch(() => undefined))?.isFile() ? path : undefined);
  const compressed = new Map<string, { version: string; body: Buffer }>();

  async function compressedBody(file: string, version: string, encoding: ContentEncoding): Promise<Buffer> {
    const key = `${encoding} ${file}`;
    const kept = compressed.get(key);
    if (kept?.version === version) return kept.body;
    const body = compressBody(await readFile(file), encoding);
    compressed.set(key, { version, body });
    return body;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const path = sitePath(root, new URL(req.url ?? '/', 'http://local').pathname);
    if (path === undefined) return sendJson(res, 400, { message: 'Bad Request' });
    const file = extname(path)
      ? await fileAt(path)
      : ((await fileAt(join(path, 'index.html'))) ?? (await fileAt(join(root, '200.html'))));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const info = await stat(file);
    const contentType = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const headers: OutgoingHttpHeaders = {
      'content-type': contentType,
      'cache-control': cacheControlFor(relative(root, file).split(sep).join('/')),
    };
    const compressible = isCompressible(contentType, info.size);
    const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
    if (compressible) headers.vary = 'Accept-Encoding';
    if (encoding) {
      const body = await compressedBody(file, `${info.mtimeMs} ${info.size}`, encoding);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}

/**
 * The file path a URL path names under `root`, or undefined when it cannot name one there: a
 * malformed %-escape, a NUL, or a path that leaves `root` once decoded (`/..%2fdist-ssr/…`). The
 * comparison ends with a separator, so `…/frontend/dist-ssr` is not taken for inside `…/frontend/dist`.
 */
function sitePath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch (error) {
    if (error instanceof URIError) return undefined;
    throw error;
  }
  if (decoded.includes('\0')) return undefined;
  const path = resolve(root, `.${decoded}`);
  return path === root || path.startsWith(root + sep) ? path : undefined;
}

/** Vite's dev server in middleware mode, sharing the stack's HTTP server for hot reload. */
export async function createDevSpa(root: string, server: Server) {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(root, 'frontend/vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  return {
    handle(req: IncomingMessage, res: ServerResponse): void {
      vite.middlewares(req, res, () => res.writeHead(404).end('Not Found'));
    },
    close: () => vite.close(),
  };
}

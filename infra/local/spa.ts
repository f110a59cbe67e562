import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

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
 * prerendered `<path>/index.html`, any other route as the shell `200.html` (status 200).
 * Hashed assets are cached for a year; HTML is revalidated on every visit.
 */
export function createBuiltSpa(distDir: string) {
  const root = resolve(distDir);
  const fileAt = async (relative: string) => {
    const path = normalize(join(root, relative));
    if (!path.startsWith(root)) return undefined;
    return (await stat(path).catch(() => undefined))?.isFile() ? path : undefined;
  };

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    const file = extname(pathname)
      ? await fileAt(pathname)
      : ((await fileAt(join(pathname, 'index.html'))) ?? (await fileAt('200.html')));
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    const info = await stat(file);
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
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

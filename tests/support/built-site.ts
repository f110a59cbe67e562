import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createBuiltSpa } from '../../infra/local/spa';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: still compressed when the server compressed them. */
  body: Buffer;
}

export interface BuiltSite {
  /** A raw request (fetch would decode the body and hide what was sent). */
  get(path: string, headers?: Record<string, string>, method?: string): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** A built-looking site folder (`files` by path) served by the local server as `npm start` serves frontend/dist. */
export async function serveBuiltSite(files: Record<string, string | Buffer>): Promise<BuiltSite> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-built-'));
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), body);
  }
  const spa = createBuiltSpa(dir);
  const server = createServer((req, res) => void spa(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    get: (path, headers = {}, method = 'GET') =>
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      }),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

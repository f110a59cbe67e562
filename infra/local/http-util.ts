import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function sendJson(
  res: ServerResponse,
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Stops listening and ends open connections (keep-alive ones included). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** The address of the connection a request came on, as API Gateway and CloudFront give it (an IPv4-mapped address as IPv4). */
export function remoteAddressOf(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

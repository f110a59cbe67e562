import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, sendJson } from './http-util';

type ServiceHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> | void;

export interface ServiceListener {
  /** `http://127.0.0.1:<port>`, a port picked at every start and published nowhere the browser sees. */
  origin: string;
  /** Serves `handler` at `${origin}${prefix}` (prefix `/eventbridge`: one segment), giving it the path after the prefix. */
  serve(prefix: string, handler: ServiceHandler): void;
  close(): Promise<void>;
}

/**
 * The listener of the AWS APIs the handlers call through the SDK with IAM credentials on AWS
 * (EventBridge, SES, the WebSocket API's @connections): on loopback, apart from the shop's server,
 * so no page, config or browser is given their address (docs/decisions/0013). Listening starts at
 * once, so the handlers' environment can name it before the services exist.
 */
export async function startServiceListener(): Promise<ServiceListener> {
  const services = new Map<string, ServiceHandler>();
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    const prefix = `/${pathname.split('/')[1]}`;
    const handler = services.get(prefix);
    if (!handler) return sendJson(res, 404, { message: 'Not Found' });
    Promise.resolve(handler(req, res, pathname.slice(prefix.length))).catch((error: unknown) => {
      console.error(`[local] ${prefix} failed:`, error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    serve: (prefix, handler) => void services.set(prefix, handler),
    close: () => closeServer(server),
  };
}

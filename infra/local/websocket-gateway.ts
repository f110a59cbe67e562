import { randomBytes, randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { WebSocketRoute } from '../../functions/routing';
import { type HandlerLoader, lambdaContext } from './handlers';
import { readBody, sendJson } from './http-util';
import { LOCAL_ACCOUNT_ID } from './local-aws';

/** API Gateway WebSocket API quotas. */
export const MAX_MESSAGE_BYTES = 128 * 1024;
export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
export const MAX_CONNECTION_MS = 2 * 60 * 60 * 1000;
const HANDLER_TIMEOUT_MS = 29_000;
const STAGE = 'local';

interface Connection {
  socket: WebSocket;
  connectedAt: Date;
  lastActiveAt: Date;
  sourceIp: string;
  userAgent: string;
  idleTimer?: NodeJS.Timeout;
  lifetimeTimer: NodeJS.Timeout;
}

export interface WebSocketGatewayOptions {
  server: Server;
  /** Upgrade requests on this path are WebSocket connections. */
  path: string;
  routes: WebSocketRoute[];
  loadHandler: HandlerLoader;
  idleTimeoutMs?: number;
}

/**
 * The API Gateway WebSocket API: $connect (which may refuse the connection), $disconnect, routing
 * by the message's `action` field, and the @connections management API for handlers.
 */
export function createWebSocketGateway(options: WebSocketGatewayOptions) {
  const connections = new Map<string, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  const routeFor = (routeKey: string) => options.routes.find((route) => route.routeKey === routeKey);

  async function invoke(route: WebSocketRoute, event: unknown): Promise<unknown> {
    const handler = await options.loadHandler(route.handler);
    return handler(event, lambdaContext(route.id, HANDLER_TIMEOUT_MS));
  }

  function requestContext(req: IncomingMessage, connectionId: string, routeKey: string, eventType: string) {
    const now = new Date();
    const connection = connections.get(connectionId);
    return {
      routeKey,
      eventType,
      extendedRequestId: randomUUID(),
      requestTime: now.toUTCString(),
      messageDirection: 'IN',
      stage: STAGE,
      connectedAt: (connection?.connectedAt ?? now).getTime(),
      requestTimeEpoch: now.getTime(),
      identity: { sourceIp: connection?.sourceIp ?? sourceIp(req), userAgent: req.headers['user-agent'] ?? '' },
      requestId: randomUUID(),
      domainName: (req.headers.host ?? 'localhost').split(':')[0],
      connectionId,
      apiId: 'local',
      accountId: LOCAL_ACCOUNT_ID,
    };
  }

  function touch(connectionId: string): void {
    const connection = connections.get(connectionId);
    if (!connection) return;
    connection.lastActiveAt = new Date();
    clearTimeout(connection.idleTimer);
    connection.idleTimer = setTimeout(() => connection.socket.close(1001, 'Going away'), idleTimeoutMs);
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== options.path) return;
    const connectionId = randomBytes(9).toString('base64');
    const connect = routeFor('$connect');
    if (connect) {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(',') : (value ?? ''),
        ]),
      );
      const query = Object.fromEntries(url.searchParams);
      const event = {
        headers,
        multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
        ...(url.searchParams.size > 0
          ? {
              queryStringParameters: query,
              multiValueQueryStringParameters: Object.fromEntries(
                [...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key)]),
              ),
            }
          : {}),
        requestContext: requestContext(req, connectionId, '$connect', 'CONNECT'),
        isBase64Encoded: false,
      };
      let status: number;
      try {
        const result = await invoke(connect, event);
        status =
          result !== null && typeof result === 'object' && 'statusCode' in result ? Number(result.statusCode) : 200;
      } catch (error) {
        console.error('[ws] $connect failed:', error);
        status = 500;
      }
      if (status < 200 || status > 299) {
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
        );
        return;
      }
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = {
        socket: ws,
        connectedAt: new Date(),
        lastActiveAt: new Date(),
        sourceIp: sourceIp(req),
        userAgent: req.headers['user-agent'] ?? '',
        lifetimeTimer: setTimeout(() => ws.close(1001, 'Going away'), MAX_CONNECTION_MS),
      };
      connections.set(connectionId, connection);
      touch(connectionId);
      ws.on('message', (data, isBinary) => {
        touch(connectionId);
        const body = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
        void onMessage(req, connectionId, body, isBinary);
      });
      // ws reports an oversized message as an error, then closes with 1009 as API Gateway does.
      ws.on('error', (error) => console.warn(`[ws] ${connectionId}: ${error.message}`));
      ws.on('close', () => {
        clearTimeout(connection.idleTimer);
        clearTimeout(connection.lifetimeTimer);
        connections.delete(connectionId);
        const disconnect = routeFor('$disconnect');
        if (!disconnect) return;
        const event = {
          headers: { host: req.headers.host ?? '' },
          requestContext: requestContext(req, connectionId, '$disconnect', 'DISCONNECT'),
          isBase64Encoded: false,
        };
        invoke(disconnect, event).catch((error: unknown) => console.error('[ws] $disconnect failed:', error));
      });
    });
  }

  async function onMessage(req: IncomingMessage, connectionId: string, body: Buffer, isBinary: boolean) {
    const text = isBinary ? undefined : body.toString('utf8');
    let action: unknown;
    try {
      action = text === undefined ? undefined : (JSON.parse(text) as { action?: unknown }).action;
    } catch {
      action = undefined;
    }
    const named = typeof action === 'string' ? routeFor(action) : undefined;
    const route = named ?? routeFor('$default');
    if (!route) return;
    const event = {
      requestContext: { ...requestContext(req, connectionId, route.routeKey, 'MESSAGE'), messageId: randomUUID() },
      body: text ?? body.toString('base64'),
      isBase64Encoded: isBinary,
    };
    try {
      await invoke(route, event);
    } catch (error) {
      console.error(`[ws] ${route.routeKey} failed:`, error);
    }
  }

  /** POST/GET/DELETE /@connections/{connectionId}, as ApiGatewayManagementApi calls them. */
  async function handleManagement(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const found = /^\/@connections\/([^/]+)$/.exec(path);
    if (!found) return sendJson(res, 404, { message: 'Not Found' });
    const connection = connections.get(decodeURIComponent(found[1] as string));
    const body = await readBody(req);
    if (!connection || connection.socket.readyState !== connection.socket.OPEN) {
      return sendJson(res, 410, { message: null }, { 'x-amzn-errortype': 'GoneException' });
    }
    if (req.method === 'POST') {
      if (body.length > MAX_MESSAGE_BYTES) {
        return sendJson(res, 413, { message: 'Message too long' }, { 'x-amzn-errortype': 'PayloadTooLargeException' });
      }
      connection.socket.send(body.toString('utf8'));
      res.writeHead(200).end();
      return;
    }
    if (req.method === 'GET') {
      return sendJson(res, 200, {
        connectedAt: connection.connectedAt.toISOString(),
        lastActiveAt: connection.lastActiveAt.toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      });
    }
    if (req.method === 'DELETE') {
      connection.socket.close(1000);
      res.writeHead(204).end();
      return;
    }
    sendJson(res, 404, { message: 'Not Found' });
  }

  const upgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    onUpgrade(req, socket, head).catch((error: unknown) => {
      console.error('[ws] upgrade failed:', error);
      socket.destroy();
    });
  };
  options.server.on('upgrade', upgradeListener);

  return {
    handleManagement,
    close(): void {
      options.server.off('upgrade', upgradeListener);
      for (const connection of connections.values()) connection.socket.terminate();
      wss.close();
    },
  };
}

function sourceIp(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

import {
  ApiGatewayManagementApiClient,
  GetConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WebSocketRoute } from '../../functions/routing';
import { createHandlerLoader } from '../../infra/local/handlers';
import { createWebSocketGateway } from '../../infra/local/websocket-gateway';
import { calls } from './fixtures/handlers';

const fixture = (name: string) => ({ file: 'tests/integration/fixtures/handlers.ts', export: name });
const routes: WebSocketRoute[] = [
  { id: 'Connect', routeKey: '$connect', handler: fixture('record'), grants: [] },
  { id: 'Disconnect', routeKey: '$disconnect', handler: fixture('record'), grants: [] },
  { id: 'Default', routeKey: '$default', handler: fixture('reply'), grants: [] },
  { id: 'Ping', routeKey: 'ping', handler: fixture('record'), grants: [] },
];

let server: Server;
let origin: string;
let management: ApiGatewayManagementApiClient;
let closeGateway: () => void;

beforeAll(async () => {
  server = createServer();
  const gateway = createWebSocketGateway({
    server,
    path: '/ws',
    routes,
    loadHandler: createHandlerLoader(process.cwd()),
  });
  closeGateway = gateway.close;
  server.on(
    'request',
    (req, res) => void gateway.handleManagement(req, res, (req.url ?? '').replace('/ws-management', '')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  process.env.WEBSOCKET_MANAGEMENT_URL = `http://${origin}/ws-management`;
  management = new ApiGatewayManagementApiClient({
    endpoint: process.env.WEBSOCKET_MANAGEMENT_URL,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(async () => {
  closeGateway();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  calls.events.length = 0;
});

type Recorded = {
  requestContext: { routeKey: string; eventType: string; connectionId: string };
  queryStringParameters?: Record<string, string>;
  body?: string;
};
const recorded = () => calls.events as Recorded[];

function open(query = ''): Promise<WebSocket> {
  const socket = new WebSocket(`ws://${origin}/ws${query}`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('the local WebSocket gateway', () => {
  it('calls $connect with the query string, routes by action, answers through @connections', async () => {
    const socket = await open('?token=abc');
    const connect = recorded()[0];
    expect(connect?.requestContext).toMatchObject({ routeKey: '$connect', eventType: 'CONNECT' });
    expect(connect?.queryStringParameters).toEqual({ token: 'abc' });
    const connectionId = connect?.requestContext.connectionId as string;

    const reply = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send(JSON.stringify({ action: 'hello', text: 'hi' }));
    expect(await reply).toBe('echo:{"action":"hello","text":"hi"}');
    socket.send(JSON.stringify({ action: 'ping' }));
    await until(() => recorded().some((event) => event.requestContext.routeKey === 'ping'));
    expect(recorded().map((event) => event.requestContext.routeKey)).toEqual(['$connect', '$default', 'ping']);
    expect(recorded().every((event) => event.requestContext.connectionId === connectionId)).toBe(true);

    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.Identity?.SourceIp).toBe('127.0.0.1');

    socket.close();
    await until(() => recorded().some((event) => event.requestContext.routeKey === '$disconnect'));
    await expect(
      management.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: 'anyone there?' })),
    ).rejects.toBeInstanceOf(GoneException);
  });

  it('closes the connection on a message over 128 KB', async () => {
    const socket = await open();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('x'.repeat(128 * 1024 + 1));
    expect(await closed).toBe(1009);
  });
});

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HttpRoute } from '../../functions/routing';
import { createHandlerLoader } from '../../infra/local/handlers';
import { createHttpGateway } from '../../infra/local/http-gateway';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer';
import { accessTokenFor } from '../support/user-pool';

const fixture = (name: string) => ({ file: 'tests/integration/fixtures/handlers.ts', export: name });
const routes: HttpRoute[] = [
  {
    id: 'Echo',
    method: 'POST',
    path: '/api/things/{thingId}/{rest+}',
    handler: fixture('echo'),
    access: 'public',
    grants: [],
  },
  {
    id: 'Literal',
    method: 'POST',
    path: '/api/things/special/x',
    handler: fixture('bare'),
    access: 'public',
    grants: [],
  },
  { id: 'Bare', method: 'GET', path: '/api/bare', handler: fixture('bare'), access: 'public', grants: [] },
  { id: 'Slow', method: 'GET', path: '/api/slow', handler: fixture('slow'), access: 'public', grants: [] },
  { id: 'Mine', method: 'GET', path: '/api/mine', handler: fixture('echo'), access: 'customer', grants: [] },
];

const env = inject('localEnv');
let server: Server;
let base: string;

beforeAll(async () => {
  const gateway = createHttpGateway({
    routes,
    loadHandler: createHandlerLoader(process.cwd()),
    authorize: createJwtAuthorizer({
      issuer: env.JWT_ISSUER as string,
      jwksUri: env.JWKS_URI as string,
      audience: [env.USER_POOL_CLIENT_ID as string],
    }),
    integrationTimeoutMs: 500,
  });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('the local HTTP API gateway', () => {
  it('hands the handler an API Gateway payload 2.0 event', async () => {
    const response = await fetch(`${base}/api/things/t%2042/a/b.txt?size=2&size=3&q=blue%20shade`, {
      method: 'POST',
      headers: { cookie: 'cart=c1; session=s1', 'content-type': 'application/json', 'X-Custom': 'Yes' },
      body: JSON.stringify({ width: 1200 }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual(['session=abc; Path=/; HttpOnly', 'theme=dark']);
    const event = await response.json();
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /api/things/{thingId}/{rest+}',
      rawPath: '/api/things/t%2042/a/b.txt',
      rawQueryString: 'size=2&size=3&q=blue%20shade',
      cookies: ['cart=c1', 'session=s1'],
      queryStringParameters: { size: '2,3', q: 'blue shade' },
      pathParameters: { thingId: 't 42', rest: 'a/b.txt' },
      body: '{"width":1200}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/api/things/t%2042/a/b.txt', sourceIp: '127.0.0.1' },
        routeKey: 'POST /api/things/{thingId}/{rest+}',
        stage: '$default',
      },
    });
    expect(event.headers['x-custom']).toBe('Yes');
    expect(event.headers.cookie).toBeUndefined();
    expect(typeof event.requestContext.requestId).toBe('string');
    expect(typeof event.requestContext.timeEpoch).toBe('number');
  });

  it('base64-encodes binary bodies such as file uploads', async () => {
    const bytes = Buffer.from([0, 255, 16, 32]);
    const response = await fetch(`${base}/api/things/1/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    const event = await response.json();
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body, 'base64')).toEqual(bytes);
  });

  it('prefers a literal path to a template', async () => {
    const response = await fetch(`${base}/api/things/special/x`, { method: 'POST' });
    expect(await response.json()).toEqual({ greeting: 'hello' });
  });

  it('answers a bare handler value as 200 JSON', async () => {
    const response = await fetch(`${base}/api/bare`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ greeting: 'hello' });
  });

  it('answers 404 Not Found for an unknown route or method', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['DELETE', '/api/bare'],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('answers 503 when the handler outlives the integration time-out', async () => {
    const response = await fetch(`${base}/api/slow`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('refuses a protected route without a token or with a bad one', async () => {
    const token = await accessTokenFor(inject('baseUrl'), inject('staffAccount'));
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const authorization of [undefined, 'Bearer nonsense', `Bearer ${forged}`]) {
      const response = await fetch(`${base}/api/mine`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('passes the claims of a cognito-local access token like the JWT authorizer', async () => {
    const token = await accessTokenFor(inject('baseUrl'), inject('staffAccount'));
    const response = await fetch(`${base}/api/mine`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const { claims, scopes } = (await response.json()).requestContext.authorizer.jwt;
    expect(claims).toMatchObject({
      client_id: env.USER_POOL_CLIENT_ID,
      token_use: 'access',
      iss: env.JWT_ISSUER,
      'cognito:groups': '[admin]',
    });
    expect(typeof claims.exp).toBe('string');
    expect(scopes).toEqual(['aws.cognito.signin.user.admin']);
  });
});

describe('the local stack', () => {
  it('answers 404 Not Found for an unknown API route', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/no-such-route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('serves the runtime config the SPA reads', async () => {
    const config = await (await fetch(`${inject('baseUrl')}/config.json`)).json();
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      userPoolId: env.USER_POOL_ID,
      userPoolClientId: env.USER_POOL_CLIENT_ID,
    });
    // The browser's Cognito address names the tokens' issuer; the handlers reach cognito-local at another.
    expect(env.JWT_ISSUER).toBe(`${config.userPoolEndpoint}/${env.USER_POOL_ID}`);
    expect(config.webSocketUrl).toMatch(/^ws:\/\/localhost:\d+\/ws$/);
  });
});

import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  GetUserCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runtimeConfigSchema, type RuntimeConfig } from '#domain/runtime-config';
import { contentSecurityPolicy } from '../../infra/security-headers';
import { createBuiltSpa } from '../../infra/local/spa';
import { signUpConfirmedCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';

// Security review, issue 8, finding 4: the local stack must be no looser than AWS.

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
let config: RuntimeConfig;

beforeAll(async () => {
  config = runtimeConfigSchema.parse(await (await fetch(`${baseUrl}/config.json`)).json());
});

interface RawResponse {
  status: number;
  contentType: string | undefined;
  body: string;
}

/**
 * A request sent as written: fetch would normalize `..`, backslashes and some escapes in the path
 * first, and join repeated headers into one. `headers` are name, value pairs.
 */
function raw(
  origin: string,
  path: string,
  options: { method?: string; headers?: Array<[string, string]>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port, host } = new URL(origin);
  const headers = [['host', host], ...(options.headers ?? [])].flat();
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('a malformed %-escape in a path', () => {
  it('gets 400 from the API gateway, with the API error body', async () => {
    const response = await raw(baseUrl, '/api/properties/%E0%A4%A/rooms');
    expect(response.status).toBe(400);
    expect(response.contentType).toBe('application/json');
    expect(JSON.parse(response.body)).toEqual({ message: 'Bad Request' });
  });

  it('is an unknown payment page or Stripe object at the Stripe stand-in, never a 500', async () => {
    expect((await raw(baseUrl, '/_local/stripe/checkout/cs_%E0%A4%A')).status).toBe(404);
    const api = await raw(baseUrl, '/v1/checkout/sessions/cs_%E0%A4%A', {
      headers: [['authorization', `Bearer ${inject('localEnv').STRIPE_SECRET_KEY}`]],
    });
    expect(api.status).toBe(404);
  });
});

describe('the site server', () => {
  const SERVER_BUNDLE = 'export const render = "the server bundle";';
  const SECRET = 'a file beside the site';
  let root: string;
  let server: Server;
  let site: string;

  beforeAll(async () => {
    // The build's layout: dist/ is served; dist-ssr/ (the prerender's bundle) sits beside it.
    root = await mkdtemp(join(tmpdir(), 'shop-site-'));
    await mkdir(join(root, 'dist', 'assets'), { recursive: true });
    await mkdir(join(root, 'dist-ssr'), { recursive: true });
    await writeFile(join(root, 'dist', 'index.html'), '<title>home</title>');
    await writeFile(join(root, 'dist', '200.html'), '<title>shell</title>');
    await writeFile(join(root, 'dist', 'assets', 'app.js'), 'console.log("app")');
    await writeFile(join(root, 'dist-ssr', 'entry-server.js'), SERVER_BUNDLE);
    await writeFile(join(root, 'secret.txt'), SECRET);
    const spa = createBuiltSpa(join(root, 'dist'));
    // As the local stack's server does with a request that throws.
    server = createServer((req, res) => {
      spa(req, res).catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    site = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(root, { recursive: true, force: true });
  });

  it('serves the built site', async () => {
    expect(await raw(site, '/assets/app.js')).toMatchObject({ status: 200, body: 'console.log("app")' });
    expect(await raw(site, '/')).toMatchObject({ status: 200, body: '<title>home</title>' });
    expect(await raw(site, '/account/settings')).toMatchObject({ status: 200, body: '<title>shell</title>' });
  });

  it('answers a malformed %-escape with 400 and the API error body', async () => {
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A.js']) {
      const response = await raw(site, path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ message: 'Bad Request' });
    }
  });

  it.each([
    '/..%2fdist-ssr/entry-server.js',
    '/..%2Fdist-ssr%2Fentry-server.js',
    '/..%2fdist-ssr',
    '/assets/..%2f..%2fdist-ssr/entry-server.js',
    '/%2e%2e/dist-ssr/entry-server.js',
    '/%2e%2e%2fdist-ssr%2fentry-server.js',
    '/..\\dist-ssr\\entry-server.js',
    '/..%5cdist-ssr%5centry-server.js',
    '/%252e%252e%252fdist-ssr%252fentry-server.js',
    '/%252e%252e/entry-server.js',
    '/..%2fsecret.txt',
    '/..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/index.html%00.js',
    '/..%2fdist-ssr/entry-server.js%00.html',
    '//etc/passwd.txt',
    '/%2fetc%2fpasswd.txt',
  ])('answers %s with 400 or 404 and nothing from outside the built site', async (path) => {
    const response = await raw(site, path);
    expect([400, 404]).toContain(response.status);
    expect(response.body).not.toContain(SERVER_BUNDLE);
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toContain('root:');
  });

  it('answers an absolute path to a file outside the site with 400 or 404', async () => {
    const outside = join(root, 'secret.txt');
    for (const path of [outside, `/${encodeURIComponent(outside)}`]) {
      const response = await raw(site, path);
      expect([400, 404], path).toContain(response.status);
      expect(response.body).not.toContain(SECRET);
    }
  });
});

describe('the Cognito address the browser is given (/config.json)', () => {
  const post = (target: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(config.userPoolEndpoint as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target, ...headers },
      body: JSON.stringify(body),
    });

  it('is not the address the handlers reach Cognito at, and tokens name only the browser one', async () => {
    expect(config.userPoolEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER).not.toBe(config.userPoolEndpoint);
    const customer = await signUpConfirmedCustomer(baseUrl);
    const { iss } = JSON.parse(Buffer.from(customer.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as {
      iss: string;
    };
    expect(iss).toBe(`${config.userPoolEndpoint}/${config.userPoolId}`);
    expect(iss).not.toContain(new URL(env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER as string).port);
  });

  it('refuses a customer who tries to add themselves to the admin group, as Cognito refuses a caller without IAM credentials', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const response = await post('AWSCognitoIdentityProviderService.AdminAddUserToGroup', {
      UserPoolId: config.userPoolId,
      Username: customer.email,
      GroupName: 'admin',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      __type: 'AccessDeniedException',
      message: expect.stringContaining('AdminAddUserToGroup'),
    });

    const internal = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const groups = await internal.send(
      new AdminListGroupsForUserCommand({ UserPoolId: config.userPoolId, Username: customer.email }),
    );
    internal.destroy();
    expect(groups.Groups).toEqual([]);
    const token = await accessTokenFor(baseUrl, customer);
    expect(
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'))['cognito:groups'],
    ).toBeUndefined();
  });

  it.each([
    'AdminCreateUser',
    'AdminSetUserPassword',
    'AdminGetUser',
    'AdminDeleteUser',
    'AdminConfirmSignUp',
    'AdminUpdateUserAttributes',
    'AdminInitiateAuth',
    'CreateGroup',
    'ListUsers',
    'ListUsersInGroup',
    'ListUserPools',
    'DescribeUserPool',
    'DescribeUserPoolClient',
    'UpdateUserPoolClient',
    'DeleteUserPool',
  ])('refuses %s with AccessDeniedException', async (action) => {
    // Another pool's id: were the call passed on, it would still change nothing other tests use.
    const response = await post(`AWSCognitoIdentityProviderService.${action}`, {
      UserPoolId: 'us-east-1_NotThisOne',
      ClientId: 'not-this-client',
      Username: 'staff@hillbrookblinds.com',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ __type: 'AccessDeniedException' });
  });

  it('refuses a target it cannot name exactly, and cognito-local paths Cognito does not have', async () => {
    for (const target of [
      'Other.SignUp.AdminAddUserToGroup',
      'AWSCognitoIdentityProviderService.SignUp.x',
      'SignUp',
      '',
    ]) {
      const response = await post(target, {});
      expect(response.status, target).toBe(400);
      expect((await response.json()).__type, target).toBe('AccessDeniedException');
    }
    const twoTargets = await raw(config.userPoolEndpoint as string, '/', {
      method: 'POST',
      headers: [
        ['content-type', 'application/x-amz-json-1.1'],
        ['x-amz-target', 'AWSCognitoIdentityProviderService.SignUp'],
        ['x-amz-target', 'AWSCognitoIdentityProviderService.AdminAddUserToGroup'],
      ],
      body: '{}',
    });
    expect(twoTargets.status).toBe(400);
    expect(JSON.parse(twoTargets.body).__type).toBe('AccessDeniedException');
    for (const [method, path] of [
      ['GET', '/health'],
      ['POST', '/oauth2/token'],
      ['POST', '/?x=1#'],
      ['PUT', '/'],
    ]) {
      const response = await fetch(`${config.userPoolEndpoint}${path}`, {
        method,
        headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await response.json()).__type).toBe('AccessDeniedException');
    }
  });

  it('passes what the browser calls: preflight, sign-in and the signed-in user, and the public keys', async () => {
    const preflight = await fetch(config.userPoolEndpoint as string, {
      method: 'OPTIONS',
      headers: {
        origin: baseUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.ok).toBe(true);
    expect(preflight.headers.get('access-control-allow-origin')).toBeTruthy();

    const customer = await signUpConfirmedCustomer(baseUrl);
    const browser = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: config.userPoolEndpoint,
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    const user = await browser.send(new GetUserCommand({ AccessToken: customer.accessToken }));
    browser.destroy();
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value).toBe(customer.email);

    const keys = await fetch(`${config.userPoolEndpoint}/${config.userPoolId}/.well-known/jwks.json`);
    expect(keys.status).toBe(200);
    expect((await keys.json()).keys).toHaveLength(1);
  });

  it('leaves every action to the handlers’ own address', async () => {
    const internal = new CognitoIdentityProviderClient({
      region: config.region,
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const staff = await internal.send(
      new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: inject('staffAccount').email }),
    );
    internal.destroy();
    expect(staff.UserStatus).toBe('CONFIRMED');
  });
});

describe('the services behind the local stack', () => {
  /** This machine's addresses other than loopback (link-local ones need a scope and are left out). */
  const otherAddresses = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'))
    .map((address) => address!.address);

  const reachable = (host: string, port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port, timeout: 2000 });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(false));
    });

  it.skipIf(otherAddresses.length === 0)(
    'listen on loopback only: DynamoDB Local, both Cognito addresses, s3rver, EventBridge/SES/@connections and the shop',
    async () => {
      const services = {
        'DynamoDB Local': env.AWS_ENDPOINT_URL_DYNAMODB,
        'cognito-local': env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
        'Cognito for the browser': config.userPoolEndpoint,
        s3rver: env.AWS_ENDPOINT_URL_S3,
        'EventBridge, SES and @connections': env.AWS_ENDPOINT_URL_EVENTBRIDGE,
        shop: baseUrl,
      };
      for (const [name, endpoint] of Object.entries(services)) {
        const port = Number(new URL(endpoint as string).port);
        expect(await reachable('127.0.0.1', port), `${name} on loopback`).toBe(true);
        for (const address of otherAddresses)
          expect(await reachable(address, port), `${name} on ${address}`).toBe(false);
      }
    },
  );
});

describe('the security headers of CloudFront’s response headers policy', () => {
  it('come with the API’s answers and the runtime config, as CloudFront adds them', async () => {
    for (const path of ['/config.json', '/api/health', '/api/no-such-route']) {
      const { headers } = await fetch(`${baseUrl}${path}`);
      expect(headers.get('strict-transport-security'), path).toBe('max-age=63072000; includeSubDomains; preload');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // The CloudFront policy's declaration, with this stack's WebSocket, Cognito and uploads bucket addresses.
      expect(headers.get('content-security-policy'), path).toBe(
        contentSecurityPolicy({
          connectSources: [config.webSocketUrl, config.userPoolEndpoint as string],
          uploadsOrigin: env.AWS_ENDPOINT_URL_S3!,
          scriptHashes: [],
        }),
      );
    }
  });
});

import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_SOURCE, eventCatalog, multiEventConsumers } from '#events/catalog';
import { authMessage } from '../../functions/accounts/auth-messages';
import { httpRoutes, webSocketRoutes } from '../../functions/routes';
import { queueConsumers, webhookDeliveryQueue } from '../../functions/queues';
import { scheduledJobs } from '../../functions/schedules';
import {
  parseAnalyticsSetting,
  parseMeasurePopupAutoShow,
  type AnalyticsConfig,
  type RuntimeConfig,
} from '#domain/runtime-config';
import { readBusinessSettings } from '../business-settings';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from '../security-headers';
import {
  type CodeDelivery,
  ensureStaffAccount,
  ensureUserPool,
  type StaffAccount,
  startCognitoLocal,
  type UserPool,
} from './cognito';
import { ensureTable, startDynamoDbLocal } from './dynamodb';
import { LocalEventBus } from './event-bus';
import { createEventBridgeEndpoint } from './eventbridge-endpoint';
import { createHandlerLoader, lambdaContext } from './handlers';
import { createHttpGateway } from './http-gateway';
import { closeServer, sendJson } from './http-util';
import { createJwtAuthorizer } from './jwt-authorizer';
import { createLambdaEndpoint } from './lambda-endpoint';
import { LOCAL_REGION } from './local-aws';
import { createLocalTools } from './local-tools';
import { newLocalToolsKey } from './local-tools-key';
import { Outbox } from './outbox';
import { freePort, rememberedPorts } from './ports';
import { ensureBucketAt, startS3 } from './s3';
import { type LocalScheduler, startLocalScheduler } from './scheduler';
import { seed } from './seed';
import { startServiceListener } from './service-listener';
import { createSesEndpoint } from './ses-endpoint';
import { createSqsEndpoint, LocalQueue, localQueueUrl } from './sqs';
import { LOCAL_KEY_PREFIX, startStripeStandIn, type StripeStandIn } from './stripe';
import { createBuiltSpa, createDevSpa } from './spa';
import { setViewerAddress } from './viewer-address';
import { createWebSocketGateway } from './websocket-gateway';

export const TABLE_NAME = 'shop';
export const EVENT_BUS_NAME = 'shop-events';
export const UPLOADS_BUCKET = 'shop-uploads';
export const MAIL_FROM = 'Hill & Brook Blinds <orders@hillbrookblinds.com>';
export const STAFF_EMAIL = 'staff@hillbrookblinds.com';
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SITE_DIR = join(REPO_ROOT, 'frontend/dist');

export interface LocalStackOptions {
  /** Port of the one HTTP server (site, API, WebSocket, dev pages); 0 picks a free one. Default: env PORT or 3000. */
  port?: number;
  /** Interface to listen on. Default: env HOST or localhost. */
  host?: string;
  /** Where data lives between runs. Default: env LOCAL_DATA_DIR or `.local/`. Ignored when inMemory. */
  dataDir?: string;
  /** Tests: DynamoDB in memory, temporary directories for the rest, removed by stop(). */
  inMemory?: boolean;
  serveSpa?: 'built' | 'dev' | false;
  /**
   * Ports of the services beside the HTTP server (cognitoPort: the Cognito address the browser is
   * given, cognito-local itself takes any free port); free ones are picked when not given.
   */
  dynamoDbPort?: number;
  cognitoPort?: number;
  s3Port?: number;
  staffAccountEmail?: string;
  staffAccountPassword?: string;
  /** Waits between an event consumer's attempts (default 1 s and 4 s: 3 attempts). */
  busRetryDelaysMs?: number[];
  /** Runs every scheduled job this often instead of at its rate (functions/schedules.ts). */
  scheduleIntervalMs?: number;
  /** Waits between the Stripe stand-in's webhook attempts (default 1 s, 4 s, 16 s, 60 s). */
  stripeRetryDelaysMs?: number[];
  /** Where the SPA sends page views (/config.json, and the CSP allows its hosts). Default: env ANALYTICS (JSON), else none. */
  analytics?: AnalyticsConfig;
  /** The measurement dialog opens by itself on the SPA's pages (/config.json). Default: env MEASURE_POPUP_AUTO_SHOW, else on. */
  measurePopupAutoShow?: boolean;
  /** One log line per API request (`npm start`); tests leave it off. */
  logRequests?: boolean;
}

export interface LocalStack {
  url: string;
  /** The key the developer's and tests' tools under /_local take (`?key=` or x-local-tools-key), new at every start. */
  localToolsKey: string;
  /** The environment the handlers run with (also set on this process). */
  env: Record<string, string>;
  outbox: Outbox;
  bus: LocalEventBus;
  scheduler: LocalScheduler;
  userPool: UserPool;
  staffAccount: StaffAccount;
  /** The Stripe stand-in, unless STRIPE_SECRET_KEY points the handlers at real Stripe. */
  stripe?: StripeStandIn;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use. Stop the other process or set PORT=...`);
  }
}

/** Starts every stand-in and the one HTTP server in front of them. */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const host = options.host ?? process.env.HOST ?? 'localhost';
  const analytics = options.analytics ?? parseAnalyticsSetting(process.env.ANALYTICS, 'ANALYTICS');
  const measurePopupAutoShow =
    options.measurePopupAutoShow ??
    parseMeasurePopupAutoShow(process.env.MEASURE_POPUP_AUTO_SHOW, 'MEASURE_POPUP_AUTO_SHOW');
  const requestedPort = options.port ?? Number(process.env.PORT ?? 3000);
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups.length = 0;
  };

  let handleRequest: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => {
    sendJson(res, 503, { message: 'The local stack is starting' });
  };
  const server = createServer((req, res) => {
    handleRequest(req, res).catch((error: unknown) => {
      console.error('[local] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
      else res.destroy();
    });
  });
  const port = await listen(server, requestedPort, host);
  cleanups.push(() => closeServer(server));

  try {
    const url = `http://localhost:${port}`;
    const dataDir = options.inMemory
      ? await mkdtemp(join(tmpdir(), 'shop-local-'))
      : resolve(options.dataDir ?? process.env.LOCAL_DATA_DIR ?? join(REPO_ROOT, '.local'));
    if (options.inMemory) cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
    await mkdir(join(dataDir, 'cognito'), { recursive: true });
    await mkdir(join(dataDir, 's3'), { recursive: true });

    const servicePorts = options.inMemory
      ? { dynamoDb: await freePort(), cognito: await freePort(), s3: await freePort() }
      : await rememberedPorts(join(dataDir, 'ports.json'), ['dynamoDb', 'cognito', 's3'] as const);
    const dynamoDbPort = options.dynamoDbPort ?? servicePorts.dynamoDb;
    const cognitoPort = options.cognitoPort ?? servicePorts.cognito;
    const s3Port = options.s3Port ?? servicePorts.s3;
    // AWS_ENDPOINT_URL (LocalStack) serves DynamoDB and S3 when set; otherwise their stand-ins run here.
    const localStackEndpoint = process.env.AWS_ENDPOINT_URL;
    const services = await startServiceListener();
    cleanups.push(() => services.close());
    const [dynamoDb, cognito, s3] = await Promise.all([
      localStackEndpoint
        ? { endpoint: localStackEndpoint }
        : startDynamoDbLocal(dynamoDbPort, options.inMemory ? undefined : join(dataDir, 'dynamodb')).then((started) => {
            cleanups.push(started.stop);
            return started;
          }),
      startCognitoLocal(cognitoPort, join(dataDir, 'cognito')).then((started) => {
        cleanups.push(started.stop);
        return started;
      }),
      localStackEndpoint
        ? ensureBucketAt(localStackEndpoint, UPLOADS_BUCKET, url)
        : startS3(s3Port, join(dataDir, 's3'), UPLOADS_BUCKET, url).then((started) => {
            cleanups.push(started.stop);
            return started;
          }),
    ]);

    const [userPool] = await Promise.all([
      ensureUserPool(cognito, join(dataDir, 'cognito')),
      ensureTable(dynamoDb.endpoint, TABLE_NAME).then(() => seed(dynamoDb.endpoint, TABLE_NAME)),
    ]);
    const staffAccount = await ensureStaffAccount(cognito.endpoint, userPool, join(dataDir, 'cognito'), {
      email: options.staffAccountEmail ?? process.env.STAFF_ACCOUNT_EMAIL ?? STAFF_EMAIL,
      password: options.staffAccountPassword ?? process.env.STAFF_ACCOUNT_PASSWORD,
    });

    // Real Stripe when a key is set, except one the stand-in generated for an earlier stack in this process.
    const realStripeKey = process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SECRET_KEY.startsWith(LOCAL_KEY_PREFIX);
    const stripe = realStripeKey
      ? undefined
      : await startStripeStandIn({
          dataDir: join(dataDir, 'stripe'),
          siteUrl: url,
          webhookUrl: `${url}/api/payments/stripe-webhook`,
          retryDelaysMs: options.stripeRetryDelaysMs,
        });
    if (stripe) cleanups.push(() => stripe.stop());

    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      // s3rver verifies signatures for its one key pair; DynamoDB Local and cognito-local take any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_ENDPOINT_URL_DYNAMODB: dynamoDb.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      // The services handlers call with IAM credentials on AWS, off the shop's server (decision 0013).
      AWS_ENDPOINT_URL_EVENTBRIDGE: `${services.origin}/eventbridge`,
      AWS_ENDPOINT_URL_SESV2: `${services.origin}/ses`,
      AWS_ENDPOINT_URL_SQS: `${services.origin}/sqs`,
      WEBHOOK_QUEUE_URL: localQueueUrl(services.origin, webhookDeliveryQueue),
      // Receivers on this machine (http://localhost:…) are what webhooks and invoices are tried against here.
      OUTGOING_REQUESTS_ALLOW_LOOPBACK: 'true',
      AWS_ENDPOINT_URL_LAMBDA: `${services.origin}/lambda`,
      TABLE_NAME,
      EVENT_BUS_NAME,
      UPLOADS_BUCKET,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPool.userPoolClientId,
      JWT_ISSUER: userPool.issuer,
      JWKS_URI: userPool.jwksUri,
      MAIL_FROM,
      STAFF_EMAIL,
      SITE_URL: url,
      BUSINESS_SETTINGS: JSON.stringify(
        readBusinessSettings(process.env.BUSINESS_SETTINGS_FILE, 'BUSINESS_SETTINGS_FILE'),
      ),
      WEBSOCKET_MANAGEMENT_URL: `${services.origin}/ws-management`,
      APPOINTMENT_TOKEN_KEY: await signingKey(dataDir, 'appointment-token-key'),
      QUOTE_LINK_KEY: await signingKey(dataDir, 'quote-link-key'),
      ...(stripe && {
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        // The SDK's own settings: its API calls reach the stand-in's /v1 on this server.
        STRIPE_API_HOST: 'localhost',
        STRIPE_API_PORT: String(port),
        STRIPE_API_PROTOCOL: 'http',
      }),
    };
    // Handlers read their settings from process.env, as on Lambda; set before any handler loads.
    Object.assign(process.env, env);
    const { resetConfigCache } = await import('../../functions/lib/config');
    resetConfigCache();

    const outbox = await Outbox.open(join(dataDir, 'outbox'));
    cognito.onCodeDelivery((delivery) => void deliverCognitoCode(outbox, url, delivery));
    const loadHandler = createHandlerLoader(REPO_ROOT);
    const { recordDeadLetter } = await import('../../functions/monitor/dead-letter-store');
    const bus = new LocalEventBus({
      catalog: eventCatalog,
      multiEventConsumers,
      source: EVENT_SOURCE,
      retryDelaysMs: options.busRetryDelaysMs,
      invoke: async (consumer, event) => {
        const handler = await loadHandler(consumer.handler);
        return handler(event, lambdaContext(consumer.id, 900_000));
      },
      // What the dead-letter queue's consumer records on AWS; the target a retry invokes is the consumer's id.
      onDeadLetter: async ({ consumerId, event, error, failedAt }) => {
        await recordDeadLetter({
          eventId: event.id,
          eventType: event['detail-type'],
          consumerId,
          target: consumerId,
          error,
          failedAt,
          event,
        });
      },
    });
    cleanups.push(() => bus.drained());
    const queues = queueConsumers.map(
      (consumer) =>
        new LocalQueue(
          {
            consumer,
            invoke: async (declared, event) =>
              (await loadHandler(declared.handler))(event, lambdaContext(declared.id, declared.timeoutSeconds * 1000)),
          },
          services.origin,
        ),
    );
    cleanups.push(() => Promise.all(queues.map((queue) => queue.stop())));

    const scheduler = startLocalScheduler({
      jobs: scheduledJobs,
      intervalMs: options.scheduleIntervalMs,
      invoke: async (job, event) => {
        const handler = await loadHandler(job.handler);
        return handler(event, lambdaContext(job.id, 300_000));
      },
    });
    // Stopped before the bus drains, so the events of a last run are delivered too.
    cleanups.push(() => scheduler.stop());

    const api = createHttpGateway({
      routes: httpRoutes,
      loadHandler,
      authorize: createJwtAuthorizer({
        issuer: userPool.issuer,
        jwksUri: userPool.jwksUri,
        audience: [userPool.userPoolClientId],
      }),
      logRequests: options.logRequests,
    });
    const webSockets = createWebSocketGateway({ server, path: '/ws', routes: webSocketRoutes, loadHandler });
    cleanups.push(() => webSockets.close());
    services.serve('/eventbridge', createEventBridgeEndpoint(bus, EVENT_BUS_NAME));
    services.serve('/ses', createSesEndpoint(outbox));
    services.serve('/sqs', createSqsEndpoint(queues));
    services.serve('/lambda', createLambdaEndpoint(bus));
    services.serve('/ws-management', webSockets.handleManagement);
    const localToolsKey = newLocalToolsKey();
    const localTools = createLocalTools({ key: localToolsKey, outbox, bus, scheduler, queues, stripe });

    let spa: ((req: IncomingMessage, res: ServerResponse) => Promise<void> | void) | undefined;
    if (options.serveSpa === 'built') spa = createBuiltSpa(SITE_DIR);
    if (options.serveSpa === 'dev') {
      const dev = await createDevSpa(REPO_ROOT, server);
      cleanups.push(() => dev.close());
      spa = dev.handle;
    }

    const webSocketUrl = (req: IncomingMessage) => `ws://${req.headers.host ?? `localhost:${port}`}/ws`;
    const runtimeConfig = (req: IncomingMessage): RuntimeConfig => ({
      region: LOCAL_REGION,
      apiBaseUrl: '/api',
      webSocketUrl: webSocketUrl(req),
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPool.userPoolClientId,
      userPoolEndpoint: cognito.browserEndpoint,
      ...(analytics && { analytics }),
      measurePopup: { autoShow: measurePopupAutoShow },
    });

    // CloudFront's response headers policy, with the inline scripts of this build allowed by hash.
    // Vite's dev server adds inline scripts of its own, so `npm run dev` goes without the CSP.
    const scriptHashes = options.serveSpa === 'built' ? inlineScriptHashes(SITE_DIR) : [];
    const securityHeadersFor = (req: IncomingMessage) =>
      securityHeaders(
        options.serveSpa === 'dev'
          ? undefined
          : contentSecurityPolicy({
              connectSources: [webSocketUrl(req), cognito.browserEndpoint],
              uploadsOrigin: s3.endpoint,
              scriptHashes,
              analytics,
            }),
      );

    handleRequest = async (req, res) => {
      const { pathname, searchParams } = new URL(req.url ?? '/', 'http://local');
      const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
      // On AWS every answer of the site and the API passes CloudFront; the local tools do not exist there.
      if (!under('/_local'))
        for (const [name, value] of Object.entries(securityHeadersFor(req))) res.setHeader(name, value);
      if (under('/api')) {
        // CloudFront's viewer-request function on /api/* (infra/stacks/web-stack.ts), which this server stands in for.
        setViewerAddress(req);
        return api(req, res);
      }
      if (under('/_local')) return localTools(req, res, pathname, searchParams);
      if (stripe && under('/v1')) return stripe.api(req, res);
      if (pathname === '/config.json') {
        return sendJson(res, 200, runtimeConfig(req), { 'cache-control': 'no-cache' });
      }
      if (spa) return spa(req, res);
      sendJson(res, 404, { message: 'Not Found' });
    };

    return { url, localToolsKey, env, outbox, bus, scheduler, userPool, staffAccount, stripe, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Cognito would mail these codes; locally they reach the outbox with a link that uses them. */
async function deliverCognitoCode(outbox: Outbox, siteUrl: string, delivery: CodeDelivery): Promise<void> {
  const mail = authMessage(delivery.kind, { siteUrl, email: delivery.destination, code: delivery.code });
  await outbox.add({ from: MAIL_FROM, to: [delivery.destination], cc: [], bcc: [], replyTo: [], ...mail });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * A links' HMAC key (the appointment links', the quote share links'), made once per data directory
 * and kept there, so the links in the outbox's mails keep working across restarts as on AWS (where
 * a secret holds it).
 */
async function signingKey(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const key = randomBytes(48).toString('base64url');
  await writeFile(file, key, { mode: 0o600 });
  return key;
}

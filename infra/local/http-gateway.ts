import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  ADMITTED_ROLES_HEADER,
  PATH_PARAMETER,
  routePathPattern,
  type AddressRate,
  type HttpRoute,
} from '../../functions/routing';
import { type HandlerLoader, lambdaContext } from './handlers';
import { readBody, remoteAddressOf, sendJson } from './http-util';
import type { JwtAuthorization, JwtAuthorizer } from './jwt-authorizer';
import { LOCAL_ACCOUNT_ID } from './local-aws';

/** API Gateway's integration time-out for HTTP APIs. */
export const INTEGRATION_TIMEOUT_MS = 29_000;

export interface HttpGatewayOptions {
  routes: HttpRoute[];
  loadHandler: HandlerLoader;
  authorize: JwtAuthorizer;
  integrationTimeoutMs?: number;
  /**
   * The gateway's clock in epoch milliseconds: each request's time (requestContext.timeEpoch, the
   * rate limits' clock, as API Gateway stamps it on AWS) and the route throttles'. Tests inject one.
   */
  now?: () => number;
  /**
   * Logs one JSON line per request when it is answered, with the fields the handlers' logs carry
   * (`correlation_id` is the request id, as httpHandler makes it), so a request reads as one line.
   */
  logRequests?: boolean;
}

/** The API Gateway HTTP API (payload format 2.0) in front of the route declarations' handlers. */
export function createHttpGateway(options: HttpGatewayOptions) {
  const matchers = options.routes.map(compileRoute).sort((a, b) => b.specificity - a.specificity);
  const timeoutMs = options.integrationTimeoutMs ?? INTEGRATION_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const overAddressRate = addressRates();
  const withinThrottle = routeThrottles();

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const requestId = randomUUID();
    if (options.logRequests) logWhenAnswered(req, res, url.pathname, requestId);
    const respond = (status: number, message: string) =>
      sendJson(res, status, { message }, { 'apigw-requestid': requestId });

    let pathParameters: Record<string, string> | undefined;
    let matcher: CompiledRoute | undefined;
    try {
      matcher = matchers.find((candidate) => {
        if (candidate.route.method !== req.method) return false;
        pathParameters = candidate.match(url.pathname);
        return pathParameters !== undefined;
      });
    } catch (error) {
      // A path parameter with a malformed %-escape is the caller's mistake: 400, never 500.
      if (error instanceof URIError) return respond(400, 'Bad Request');
      throw error;
    }
    if (!matcher) return respond(404, 'Not Found');
    const time = new Date(now());
    const refusingRate = overAddressRate(matcher.route, remoteAddressOf(req), time);
    // The WAF's answer (infra/stacks/waf-stack.ts), which comes before API Gateway's.
    if (refusingRate)
      return sendJson(
        res,
        429,
        { message: 'Too Many Requests' },
        { 'retry-after': String(refusingRate.windowSeconds) },
      );
    if (!withinThrottle(matcher.route, time)) return respond(429, 'Too Many Requests');

    let authorization: JwtAuthorization | undefined;
    if (matcher.route.access !== 'public') {
      authorization = await options.authorize(req.headers.authorization);
      if (!authorization) return respond(401, 'Unauthorized');
    }

    const body = await readBody(req);
    const event = buildEvent(req, url, body, requestId, time, matcher.route, pathParameters ?? {}, authorization);
    let result: unknown;
    try {
      const handler = await options.loadHandler(matcher.route.handler);
      result = await withTimeout(
        Promise.resolve(handler(event, lambdaContext(matcher.route.id, timeoutMs))),
        timeoutMs,
      );
    } catch (error) {
      if (error instanceof IntegrationTimeout) return respond(503, 'Service Unavailable');
      console.error(`[api] ${matcher.route.id} failed:`, error);
      return respond(500, 'Internal Server Error');
    }
    writeResult(res, result, requestId);
  };
}

function logWhenAnswered(req: IncomingMessage, res: ServerResponse, path: string, requestId: string): void {
  const startedAt = performance.now();
  res.once('finish', () =>
    console.log(
      JSON.stringify({
        level: res.statusCode >= 500 ? 'ERROR' : 'INFO',
        message: `${req.method} ${path} ${res.statusCode}`,
        timestamp: new Date().toISOString(),
        service: 'local-api',
        correlation_id: requestId,
        method: req.method,
        path,
        status: res.statusCode,
        duration_ms: Math.round(performance.now() - startedAt),
      }),
    ),
  );
}

interface CompiledRoute {
  route: HttpRoute;
  specificity: number;
  match(path: string): Record<string, string> | undefined;
}

/**
 * API Gateway path templates: `{name}` is one segment, a trailing `{name+}` the rest of the path.
 * `match` throws URIError when a parameter it decodes has a malformed %-escape.
 */
function compileRoute(route: HttpRoute): CompiledRoute {
  const names: string[] = [];
  let specificity = 0;
  for (const segment of route.path.split('/')) {
    const param = PATH_PARAMETER.exec(segment);
    if (param) names.push(param[1] as string);
    specificity += !param ? 3 : param[2] ? 1 : 2;
  }
  const regex = new RegExp(`^${routePathPattern(route.path)}$`);
  return {
    route,
    specificity,
    match(path) {
      const found = regex.exec(path);
      if (!found) return undefined;
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] as string)]));
    },
  };
}

/** Content types API Gateway passes as text; any other body reaches the handler base64-encoded. */
function isTextContent(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') || /^application\/([\w.-]+\+)?(json|xml)$/.test(type) || type === 'application/javascript'
  );
}

function buildEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  requestId: string,
  now: Date,
  route: HttpRoute,
  pathParameters: Record<string, string>,
  authorization: JwtAuthorization | undefined,
) {
  const headers: Record<string, string> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] as string).toLowerCase();
    const value = req.rawHeaders[i + 1] as string;
    if (name === 'cookie') continue;
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  // The staff route's roles, overwriting any the caller sent, as the route's parameter mapping does on AWS.
  if (route.roles) headers[ADMITTED_ROLES_HEADER] = route.roles.join(',');
  const cookieHeader = req.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(/;\s*/).filter(Boolean) : undefined;

  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }
  const rawUrl = req.url ?? '/';
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const text = isTextContent(headers['content-type']);
  const host = headers.host ?? 'localhost';

  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: queryStart === -1 ? '' : rawUrl.slice(queryStart + 1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(url.searchParams.size > 0 ? { queryStringParameters } : {}),
    ...(Object.keys(pathParameters).length > 0 ? { pathParameters } : {}),
    requestContext: {
      accountId: LOCAL_ACCOUNT_ID,
      apiId: 'local',
      ...(authorization ? { authorizer: { jwt: authorization } } : {}),
      domainName: host.split(':')[0],
      domainPrefix: host.split('.')[0]?.split(':')[0],
      http: {
        method: req.method,
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: remoteAddressOf(req),
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !text,
  };
}

/** Payload format 2.0 responses: a structured result, or any other value as a 200 JSON body. */
function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as {
          statusCode: unknown;
          headers?: Record<string, string | number | boolean>;
          cookies?: string[];
          body?: string;
          isBase64Encoded?: boolean;
        })
      : undefined;
  if (!structured) {
    const body = result === undefined ? '' : typeof result === 'string' ? result : JSON.stringify(result);
    res.writeHead(200, { 'content-type': 'application/json', 'apigw-requestid': requestId });
    res.end(body);
    return;
  }
  if (typeof structured.statusCode !== 'number') {
    sendJson(res, 500, { message: 'Internal Server Error' }, { 'apigw-requestid': requestId });
    return;
  }
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ?? '';
  res.writeHead(structured.statusCode, headers);
  res.end(structured.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

class IntegrationTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new IntegrationTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The WAF's rates per client address on the routes that declare one (`throttle.perAddress`): the
 * requests of each address (the connection's, which CloudFront's WAF counts by) to the routes
 * sharing a rate, over its window. A request is refused while the address has sent more than the
 * limit in the window, this one included; refused requests count too, as WAF counts every request
 * it sees. Answers the rate that refuses, if one does. (WAF checks its counts every few seconds,
 * so on AWS an address may get a few seconds past the limit before it is refused.)
 */
function addressRates(): (route: HttpRoute, address: string, time: Date) => AddressRate | undefined {
  const sent = new Map<string, number[]>();
  return (route, address, time) => {
    const rate = route.throttle?.perAddress;
    if (!rate) return undefined;
    const at = time.getTime();
    const key = `${rate.name} ${address}`;
    const times = (sent.get(key) ?? []).filter((sentAt) => sentAt > at - rate.windowSeconds * 1000);
    times.push(at);
    sent.set(key, times);
    return times.length > rate.limit ? rate : undefined;
  };
}

/**
 * API Gateway's per-route throttle: a token bucket per route, holding `burstLimit` requests and
 * refilled at `rateLimit` a second. Routes without a throttle of their own are not limited here.
 */
function routeThrottles(): (route: HttpRoute, time: Date) => boolean {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (route, time) => {
    if (!route.throttle) return true;
    const { rateLimit, burstLimit } = route.throttle;
    const at = time.getTime();
    const bucket = buckets.get(route.id) ?? { tokens: burstLimit, at };
    bucket.tokens = Math.min(burstLimit, bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * rateLimit);
    bucket.at = Math.max(at, bucket.at);
    buckets.set(route.id, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

/** API Gateway's requestContext.time format: 12/Mar/2020:19:03:58 +0000. */
function apiGatewayTime(date: Date): string {
  const [, day, month, year, time] = /^\w+, (\d+) (\w+) (\d+) ([\d:]+)/.exec(date.toUTCString()) ?? [];
  return `${day}/${month}/${year}:${time} +0000`;
}

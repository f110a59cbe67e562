import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { ACCOUNT_CLOSED_MESSAGE } from '#domain/accounts/retention';
import { DomainError, type RefusalKind } from '#domain/errors';
import { withTextRules } from '#domain/text';
import { secretsClient } from './aws-clients';
import { originCheckConfig } from './config';
import { isClosedAccountWrite } from './closed-accounts';
import { withCorrelationId } from './correlation';
import { logger } from './logger';
import { accessClaimsOf, isStaffRoute, staffRouteRefusal } from './staff-access';
import { staffTokenRefusal } from './staff-tokens';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** The body of every error the API returns: a sentence for people, and one message per bad field. */
export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}

/** Thrown anywhere in a handler to answer with that status and body (and headers, such as a 429's Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The one place a domain error (domain/errors.ts) becomes HTTP: the status of each kind. */
const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, notFound: 404, conflict: 409, gone: 410 };

/** The answer an error gives: an HttpError as thrown, a domain error with its kind's status; undefined for anything else (a 500). */
export function refusalOf(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) return new HttpError(REFUSAL_STATUS[error.kind], error.message, error.fieldErrors);
  return undefined;
}

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** First message of each field, keyed by the field's dotted path, as the forms show them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Parses and validates a JSON body; bad input becomes a 400 that names every bad field. Every
 * string the schema parsed is held to the text rules, whether or not its field took a text builder
 * (domain/text.ts, docs/decisions/0037).
 */
/** The request body as text (API Gateway may hand it over base64-encoded). */
export function bodyText(event: HttpEvent): string {
  return event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
}

/**
 * A CSV upload's text (a price grid, a window schedule): the body sent as text/csv, or JSON
 * `{ "csv": "..." }` as the SPA's API client sends it. Its cells are held to the text rules by the
 * CSV's own reader, not here.
 */
export function csvBody(event: HttpEvent, what: string): string {
  const body = bodyText(event);
  if (!(event.headers['content-type'] ?? '').includes('json')) return body;
  try {
    const { csv } = JSON.parse(body) as { csv?: unknown };
    if (typeof csv === 'string') return csv;
  } catch {
    // answered below
  }
  throw new HttpError(400, `Send the ${what} as text/csv, or as JSON { "csv": "..." }.`);
}

export function parseBody<S extends z.ZodType>(event: HttpEvent, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(bodyText(event) || '{}');
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  const parsed = withTextRules(schema).safeParse(raw);
  if (!parsed.success) {
    throw new HttpError(400, 'Please correct the highlighted fields.', fieldErrorsOf(parsed.error));
  }
  return parsed.data;
}

/** Parses and validates the query string, held to the text rules as a body is; bad parameters become a 400 that names each one. */
export function parseQuery<S extends z.ZodType>(event: HttpEvent, schema: S): z.infer<S> {
  const parsed = withTextRules(schema).safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new HttpError(400, 'Please correct the highlighted fields.', fieldErrorsOf(parsed.error));
  return parsed.data;
}

/**
 * The header CloudFront adds to every request it sends the API (an origin custom header of the
 * /api/* origin, infra/stacks/web-stack.ts), replacing any value the viewer sent.
 */
/**
 * The time API Gateway received the request: the clock of the limits and of what expires (a quote's
 * 30 days), as a scheduled event's `time` is a job's. On AWS API Gateway sets it, and the local
 * gateway lets tests choose it.
 */
export function requestTime(event: HttpEvent): Date {
  return new Date(event.requestContext.timeEpoch);
}

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

let originSecretDigest: Promise<Buffer> | undefined;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the request came through CloudFront, which alone knows the origin secret: a request sent
 * to the API's own domain skips the web ACL and could name any viewer address (docs/decisions/0015).
 * The secret is read once per instance (a failed read is retried by the next request). Without
 * the setting, as on one machine, every request passes. Compared as SHA-256 digests in constant
 * time, so neither the value nor its length leaks through timing.
 */
async function cameThroughCloudFront(event: HttpEvent): Promise<boolean> {
  const secretArn = originCheckConfig().ORIGIN_VERIFY_SECRET_ARN;
  if (!secretArn) return true;
  originSecretDigest ??= readOriginSecretDigest(secretArn).catch((error: unknown) => {
    originSecretDigest = undefined;
    throw error;
  });
  return timingSafeEqual(sha256(event.headers[ORIGIN_VERIFY_HEADER] ?? ''), await originSecretDigest);
}

async function readOriginSecretDigest(secretArn: string): Promise<Buffer> {
  const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretArn }));
  if (!SecretString) throw new Error('The origin secret has no value');
  return sha256(SecretString);
}

/**
 * Wraps a handler so that a request that did not come through CloudFront, or a member of staff whose
 * roles the staff route does not admit, gets 403 without the handler running (a closed account's
 * write 401), an HttpError or a
 * domain error becomes its response (refusalOf) and anything else a logged 500 that reveals nothing
 * internal. The request's id is the correlation id of its logs and of the events it publishes.
 */
export function httpHandler(
  handle: (event: HttpEvent, context: Context) => Promise<HttpResult>,
  options: HttpHandlerOptions = {},
) {
  return (event: HttpEvent, context: Context): Promise<HttpResult> =>
    withCorrelationId(event.requestContext.requestId, () => answer(handle, event, context, options));
}

export interface HttpHandlerOptions {
  /** The handler answers a closed account itself (the closure, asked again, answers `closed`). */
  answersClosedAccounts?: boolean;
}

/** On a customer route (the authorizer verified the caller): a closed account's token changes nothing. */
async function refuseClosedAccountWrite(event: HttpEvent): Promise<void> {
  const claims = accessClaimsOf(event);
  if (!claims || isStaffRoute(event)) return;
  if (await isClosedAccountWrite(event.requestContext.http.method, String(claims.sub)))
    throw new HttpError(401, ACCOUNT_CLOSED_MESSAGE);
}

/** On a staff route: a token issued before an owner disabled, removed or changed the member is refused. */
async function refuseCutOffStaffToken(event: HttpEvent): Promise<void> {
  const claims = accessClaimsOf(event);
  if (!claims || !isStaffRoute(event)) return;
  const refusal = await staffTokenRefusal(claims);
  if (refusal) throw new HttpError(401, refusal);
}

async function answer(
  handle: (event: HttpEvent, context: Context) => Promise<HttpResult>,
  event: HttpEvent,
  context: Context,
  options: HttpHandlerOptions,
): Promise<HttpResult> {
  try {
    if (!(await cameThroughCloudFront(event))) {
      logger.warn('Refused a request that did not come through CloudFront', { routeKey: event.routeKey });
      throw new HttpError(403, 'Forbidden');
    }
    const refusal = staffRouteRefusal(event);
    if (refusal) throw new HttpError(refusal.statusCode, refusal.message);
    await refuseCutOffStaffToken(event);
    if (!options.answersClosedAccounts) await refuseClosedAccountWrite(event);
    return await handle(event, context);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      const body: ErrorBody = {
        message: refusal.message,
        ...(refusal.fieldErrors && { fieldErrors: refusal.fieldErrors }),
      };
      return json(refusal.statusCode, body, refusal.headers);
    }
    logger.error('Unhandled error', { error: error as Error, routeKey: event.routeKey });
    return json(500, { message: 'An unexpected error occurred. Please try again.' } satisfies ErrorBody);
  }
}

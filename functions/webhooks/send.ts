/**
 * One webhook attempt over HTTP: a POST that takes at most DELIVERY_TIMEOUT_MS from the address
 * look-up to the end of the answer. Unless the deployment allows local URLs, the receiver must be
 * https and every address its host resolves to public (domain/webhooks/address.ts); the check runs
 * inside the connection's own look-up, so the address checked is the address connected to (a name
 * that resolves elsewhere between a check and the connection gains nothing).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressLiteralOf, isPublicAddress } from '../../domain/webhooks/address';
import { BODY_EXCERPT_LENGTH, DELIVERY_TIMEOUT_MS, isSuccessStatus } from '../../domain/webhooks/delivery';
import { INSECURE_URL_MESSAGE, PRIVATE_ADDRESS_MESSAGE } from '../../domain/webhooks/subscription';

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  durationMs: number;
  bodyExcerpt: string;
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowLocalUrls: boolean;
}

class RefusedAddressError extends Error {}

/** The look-up of a connection that may reach public addresses only. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((address) => !isPublicAddress(address.address))) {
      return callback(new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
};

/** Why a URL may not receive webhooks here, or null. Names are resolved: a name of a private address is refused when saved too. */
export async function urlProblem(url: string, allowLocalUrls: boolean): Promise<string | null> {
  if (allowLocalUrls) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return INSECURE_URL_MESSAGE;
  const literal = addressLiteralOf(parsed.hostname);
  if (literal !== null) return isPublicAddress(literal) ? null : PRIVATE_ADDRESS_MESSAGE;
  return new Promise((resolve) => {
    publicOnlyLookup(parsed.hostname, { all: true }, (error) => resolve(error instanceof RefusedAddressError ? PRIVATE_ADDRESS_MESSAGE : null));
  });
}

export async function sendWebhook(request: WebhookRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (status: number | null, bodyExcerpt: string, error: string | null): AttemptOutcome => ({
    ok: error === null && isSuccessStatus(status),
    status,
    durationMs: Math.round(performance.now() - started),
    bodyExcerpt,
    error: error ?? (isSuccessStatus(status) ? null : `HTTP ${status}`),
  });
  const url = new URL(request.url);
  if (!request.allowLocalUrls) {
    const literal = addressLiteralOf(url.hostname);
    if (url.protocol !== 'https:') return outcome(null, '', INSECURE_URL_MESSAGE);
    if (literal !== null && !isPublicAddress(literal)) return outcome(null, '', PRIVATE_ADDRESS_MESSAGE);
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (result: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)), 'user-agent': 'shop-webhooks' },
        ...(!request.allowLocalUrls && { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < BODY_EXCERPT_LENGTH) excerpt += chunk;
        });
        res.on('end', () => finish(outcome(res.statusCode ?? null, excerpt.slice(0, BODY_EXCERPT_LENGTH), null)));
        res.on('error', (error) => finish(outcome(res.statusCode ?? null, excerpt.slice(0, BODY_EXCERPT_LENGTH), error.message)));
      },
    );
    const timer = setTimeout(() => {
      finish(outcome(null, '', `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`));
      req.destroy();
    }, DELIVERY_TIMEOUT_MS);
    req.on('error', (error) => finish(outcome(null, '', error.message)));
    req.end(request.body);
  });
}

/**
 * Every request the shop sends to an address staff or a buyer typed (webhook receivers, a buyer's
 * invoice address; docs/decisions/0036) goes through here, so one set of rules holds for all:
 *
 * - https only, and every address the host resolves to public (domain/outgoing-address.ts). The check
 *   runs inside the connection's own look-up, at each attempt, so the address checked is the address
 *   connected to (a name that resolves elsewhere between a check and the connection gains nothing).
 * - No redirects: a 3xx is the answer, never followed (a public receiver cannot hand the request on
 *   to a private one).
 * - Bounded time: the whole exchange, from the look-up to the answer's last byte, within `timeoutMs`.
 * - Bounded size: the answer's body is read up to `maxBodyBytes`, then the connection is closed.
 *
 * On the local stack (OUTGOING_REQUESTS_ALLOW_LOOPBACK) http:// and loopback addresses are allowed
 * too, for the receivers tests and developers run on this machine; the rest of the private network
 * stays out of reach there as well.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import {
  addressLiteralOf,
  INSECURE_URL_MESSAGE,
  isLoopbackAddress,
  isPublicAddress,
  PRIVATE_ADDRESS_MESSAGE,
} from '#domain/outgoing-address';
import { outgoingRequestConfig } from './config';

export interface OutgoingPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** The whole exchange, from the address look-up to the answer's last byte, must fit in this. */
  timeoutMs: number;
  /** How much of the answer's body is read; the rest is never received. */
  maxBodyBytes: number;
}

export interface OutgoingAnswer {
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  /** The answer's body as UTF-8, at most `maxBodyBytes` of it. */
  body: string;
  /** Whether the body went on past `maxBodyBytes` (and was cut there). */
  bodyCut: boolean;
  durationMs: number;
  /** Why there is no whole answer (address refused, not reached, no answer in time, connection broken), or null. */
  error: string | null;
  /** The address broke the rules above, so nothing was sent. */
  refused: boolean;
}

class RefusedAddressError extends Error {}

/** The addresses a request may reach: public ones, and on the local stack this machine's own. */
function allowedAddress(address: string): boolean {
  return (
    isPublicAddress(address) || (outgoingRequestConfig().OUTGOING_REQUESTS_ALLOW_LOOPBACK && isLoopbackAddress(address))
  );
}

/** The look-up of a connection that may reach allowed addresses only: every address the name has must be one. */
const allowedOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || addresses.some((address) => !allowedAddress(address.address))) {
      return callback(new RefusedAddressError(PRIVATE_ADDRESS_MESSAGE), '', 0);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [LookupAddress];
    callback(null, first.address, first.family);
  });
};

/** Why the URL's scheme or address literal is refused before any look-up, or null. */
function literalProblem(url: URL): string | null {
  if (
    url.protocol !== 'https:' &&
    !(url.protocol === 'http:' && outgoingRequestConfig().OUTGOING_REQUESTS_ALLOW_LOOPBACK)
  )
    return INSECURE_URL_MESSAGE;
  const literal = addressLiteralOf(url.hostname);
  return literal !== null && !allowedAddress(literal) ? PRIVATE_ADDRESS_MESSAGE : null;
}

/**
 * Why the shop would refuse to send to `url`, or null: for the forms where staff type one, so a name
 * of a private address is refused when saved and not only at the first attempt.
 */
export async function outgoingUrlProblem(url: string): Promise<string | null> {
  const parsed = new URL(url);
  const problem = literalProblem(parsed);
  if (problem || addressLiteralOf(parsed.hostname) !== null) return problem;
  return new Promise((resolve) => {
    allowedOnlyLookup(parsed.hostname, { all: true }, (error) =>
      resolve(error instanceof RefusedAddressError ? PRIVATE_ADDRESS_MESSAGE : null),
    );
  });
}

/** POSTs `request.body` to `request.url` under the rules above; never throws, the answer says what happened. */
export async function postOutgoing(request: OutgoingPost): Promise<OutgoingAnswer> {
  const started = performance.now();
  const answer = (fields: Partial<OutgoingAnswer>): OutgoingAnswer => ({
    status: null,
    body: '',
    bodyCut: false,
    error: null,
    refused: false,
    ...fields,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(request.url);
  const problem = literalProblem(url);
  if (problem) return answer({ error: problem, refused: true });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutgoingAnswer>((resolve) => {
    let settled = false;
    const finish = (result: OutgoingAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: allowedOnlyLookup,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? null;
        const chunks: Buffer[] = [];
        let received = 0;
        const bodyOf = () => new StringDecoder('utf8').write(Buffer.concat(chunks).subarray(0, request.maxBodyBytes));
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received <= request.maxBodyBytes) return;
          finish(answer({ status, body: bodyOf(), bodyCut: true }));
          req.destroy();
        });
        res.on('end', () => finish(answer({ status, body: bodyOf() })));
        res.on('error', (error) => finish(answer({ status, body: bodyOf(), error: error.message })));
      },
    );
    const timer = setTimeout(() => {
      finish(answer({ error: `No answer within ${request.timeoutMs / 1000} s` }));
      req.destroy();
    }, request.timeoutMs);
    req.on('error', (error) => finish(answer({ error: error.message, refused: error instanceof RefusedAddressError })));
    req.end(request.body);
  });
}

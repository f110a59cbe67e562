/**
 * The read-only share link of a customer quote: the quote id signed with HMAC-SHA256 under
 * QUOTE_LINK_KEY, so an owner opens the quote without signing in and nobody reaches a quote by
 * guessing. It names the quote (one version), never a customer or an action: the page it opens is
 * read-only. Nothing is stored per link; a replaced version's page says so and links to the newer one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUOTE_MESSAGES, sharedQuotePath } from '#domain/customer-quotes/customer-quote';
import { NotFound } from '#domain/errors';
import { config, quoteLinkConfig } from '../lib/config';

const sign = (payload: string) =>
  createHmac('sha256', quoteLinkConfig().QUOTE_LINK_KEY).update(`quote:${payload}`).digest();

/** An HMAC-SHA256 in base64url: the token's last 43 characters. */
const SIGNATURE_LENGTH = 43;

/**
 * The quote id in base64url, then its signature: one path segment of URL-safe characters and no
 * dot, so the site's server never takes the page for a file.
 */
export function quoteShareToken(quoteId: string): string {
  const payload = Buffer.from(quoteId).toString('base64url');
  return `${payload}${sign(payload).toString('base64url')}`;
}

export function quoteShareUrl(quoteId: string): string {
  return new URL(sharedQuotePath(quoteShareToken(quoteId)), config().SITE_URL).href;
}

/** The quote id of a token this shop signed; anything else is NotFound (a 404, as for a quote that does not exist). */
export function verifyQuoteShareToken(token: string): string {
  const payload = token.slice(0, -SIGNATURE_LENGTH);
  const signature = token.slice(-SIGNATURE_LENGTH);
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(payload);
  if (
    payload === '' ||
    !/^[A-Za-z0-9_-]+$/.test(token) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  )
    throw new NotFound(QUOTE_MESSAGES.linkInvalid);
  return Buffer.from(payload, 'base64url').toString('utf8');
}

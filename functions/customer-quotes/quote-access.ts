/** The quote a route reads: the caller's own, or the one a share link names; any other is a 404. */
import { QUOTE_MESSAGES, quoteIdSchema, type CustomerQuote } from '#domain/customer-quotes/customer-quote';
import { NotFound } from '#domain/errors';
import { authorizedCaller } from '../lib/caller';
import type { HttpEvent } from '../lib/http';
import { verifyQuoteShareToken } from './quote-link';
import { readQuote } from './quote-store';

/** The caller's own quote of the path, or the 404 of one that does not exist. */
export async function ownQuote(event: HttpEvent): Promise<CustomerQuote> {
  const { userId } = authorizedCaller(event);
  const quoteId = quoteIdSchema.safeParse(event.pathParameters?.quoteId);
  const quote = quoteId.success ? await readQuote(quoteId.data) : undefined;
  if (!quote || quote.clientId !== userId) throw new NotFound(QUOTE_MESSAGES.notFound);
  return quote;
}

/** The quote a share link's token names, or the 404 of a link not signed by the shop. */
export async function sharedQuote(event: HttpEvent): Promise<CustomerQuote> {
  const quoteId = verifyQuoteShareToken(event.pathParameters?.token ?? '');
  const quote = quoteIdSchema.safeParse(quoteId).success ? await readQuote(quoteId) : undefined;
  if (!quote) throw new NotFound(QUOTE_MESSAGES.linkInvalid);
  return quote;
}

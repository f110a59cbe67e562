/**
 * The staff routes of the Quotes tab: every customer quote, newest first; one quote with its
 * history; and a new version with staff's changes (freight for blinds over 100" wide, old-blind
 * removal, high-ladder work, a discount of their own). The version keeps the lines at the prices
 * quoted, starts a new 30 days, replaces the old one in the same transaction (only while it still
 * has the status it was read with) and mails the customer (CustomerQuoteVersionIssued).
 */
import { randomUUID } from 'node:crypto';
import {
  customerQuoteViewOf,
  QUOTE_LIFECYCLE,
  QUOTE_MESSAGES,
  quoteIdSchema,
  quoteReference,
  quoteStatusAt,
  quoteSummaryOf,
  quoteValidUntil,
  quoteVersionRequestSchema,
  versionTotals,
  type CustomerQuote,
} from '#domain/customer-quotes/customer-quote';
import { Conflict, Invalid, NotFound } from '#domain/errors';
import { CustomerQuoteVersionIssued } from '#events/customer-quotes';
import * as z from 'zod';
import { staffCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, json, parseBody, parseQuery, requestTime, type HttpEvent } from '../lib/http';
import { quoteShareUrl } from './quote-link';
import { insertVersion, listQuotesForStaff, readQuote } from './quote-store';

const listQuerySchema = z.object({ cursor: z.string().min(1).max(2048).optional() });

/** GET /api/admin/customer-quotes?cursor= */
export const listQuotes = httpHandler(async (event) => {
  const now = requestTime(event);
  const { quotes, nextCursor } = await listQuotesForStaff(parseQuery(event, listQuerySchema).cursor);
  return json(200, {
    quotes: quotes.map((quote) => ({
      ...quoteSummaryOf(quote, now),
      customerName: quote.customer.name,
      customerEmail: quote.customer.email,
    })),
    nextCursor,
  });
});

async function quoteOfPath(event: HttpEvent): Promise<CustomerQuote> {
  const quoteId = quoteIdSchema.safeParse(event.pathParameters?.quoteId);
  const quote = quoteId.success ? await readQuote(quoteId.data) : undefined;
  if (!quote) throw new NotFound(QUOTE_MESSAGES.notFound);
  return quote;
}

const staffViewOf = (quote: CustomerQuote, now: Date) => ({
  ...customerQuoteViewOf(quote, now, quoteShareUrl(quote.id)),
  history: quote.history,
});

/** GET /api/admin/customer-quotes/{quoteId} */
export const getQuote = httpHandler(async (event) => {
  return json(200, staffViewOf(await quoteOfPath(event), requestTime(event)));
});

/** POST /api/admin/customer-quotes/{quoteId}/versions: 201 with the new version; 409 when the quote cannot be replaced (any more). */
export const issueVersion = httpHandler(async (event) => {
  const { userId } = staffCaller(event);
  const changes = parseBody(event, quoteVersionRequestSchema);
  const quote = await quoteOfPath(event);
  const now = requestTime(event);
  if (!QUOTE_LIFECYCLE.can(quote.status, 'replace'))
    throw new Conflict(QUOTE_MESSAGES.notReplaceable(quoteStatusAt(quote, now)));
  const priced = versionTotals(quote, changes);
  if (!priced.ok) throw new Invalid(priced.message, { [priced.field]: priced.message });
  const at = now.toISOString();
  const version: CustomerQuote = {
    ...quote,
    id: randomUUID(),
    version: quote.version + 1,
    status: 'open',
    totals: priced.totals,
    createdAt: at,
    validUntil: quoteValidUntil(at),
    staffNote: changes.note || null,
    replacesId: quote.id,
    replacedBy: null,
    order: null,
    history: [{ from: null, to: 'open', at, by: userId, note: `Replaces ${quoteReference(quote)}` }],
  };
  const { entry } = QUOTE_LIFECYCLE.move(quote.status, 'replace', {
    at,
    by: userId,
    note: `Replaced by ${quoteReference(version)}`,
  });
  const issued = await insertVersion(
    quote,
    version,
    entry,
    [
      outboxEvent(CustomerQuoteVersionIssued, {
        quoteId: version.id,
        reference: quoteReference(version),
        customer: { name: version.customer.name, email: version.customer.email },
        validUntil: version.validUntil,
        blindCount: version.totals.blindCount,
        totalCents: version.totals.totalCents,
        shareUrl: quoteShareUrl(version.id),
        replacedReference: quoteReference(quote),
        staffNote: version.staffNote,
      }),
    ],
    userId,
  );
  if (!issued) throw new Conflict(QUOTE_MESSAGES.changedMeanwhile);
  return json(201, staffViewOf(version, now));
});

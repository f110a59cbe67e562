/**
 * The customer's quote routes: saving a quote of the cart (or of lines, from a property selection),
 * priced here as checkout prices (the same pricing, grids, volume tiers and contract prices; never a
 * figure the browser sends); their list, one quote; e-mailing its share link. And the share link's
 * public read. A quote is reached only by its owner: anyone else gets the 404 of a quote that does
 * not exist. Its PDF (quote-pdf-api.ts) and accepting it (accept-quote-api.ts) are apart: the PDF
 * renderer and the payment SDK stay out of these routes' bundle.
 */
import { randomUUID } from 'node:crypto';
import { shopDateAt } from '#domain/appointments/schedule';
import { quoteCheckout, type QuotedCartLine } from '#domain/checkout/quote';
import {
  createdEntry,
  createQuoteRequestSchema,
  customerQuoteViewOf,
  emailQuoteRequestSchema,
  QUOTE_MESSAGES,
  quoteLinesOf,
  quoteReference,
  quoteSummaryOf,
  quoteTotals,
  quoteValidUntil,
  sharedQuoteViewOf,
  type CreateQuoteInput,
  type CustomerQuote,
} from '#domain/customer-quotes/customer-quote';
import { Invalid } from '#domain/errors';
import { CustomerQuoteEmailed, CustomerQuoteFreightRequested } from '#events/customer-quotes';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { resolveCart } from '../cart/cart-lifecycle-store';
import { readCart } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { volumeTiersNow } from '../catalogue/volume-table-store';
import { authorizedCaller } from '../lib/caller';
import { businessConfig } from '../lib/config';
import { outboxEvent } from '../lib/event-outbox';
import { publish } from '../lib/events';
import { httpHandler, json, parseBody, requestTime, type HttpEvent } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { checkoutVisitor } from '../orders/current-checkout';
import { quoteShareUrl } from './quote-link';
import { insertQuote, listClientQuotes } from './quote-store';
import { ownQuote, sharedQuote } from './quote-access';

/** The lines to quote: the request's (a property selection), or the caller's cart as it is. */
async function linesToQuote(
  event: HttpEvent,
  lines: QuotedCartLine[] | undefined,
  now: Date,
): Promise<QuotedCartLine[]> {
  if (lines) return lines;
  const visitor = checkoutVisitor(event);
  const cartId = await resolveCart(visitor, now, { create: false });
  const cart = cartId ? await readCart(cartId, visitor) : null;
  return (cart?.lines ?? []).map((line) => ({
    lineId: line.lineId,
    configuration: line.configuration,
    roomLabel: line.roomLabel ?? null,
    quantity: line.quantity,
  }));
}

function parseLines(lines: CreateQuoteInput['lines']): QuotedCartLine[] | undefined {
  return lines?.map((line, index) => ({
    lineId: `line-${index + 1}`,
    configuration: line.configuration,
    roomLabel: line.roomLabel,
    quantity: line.configuration.quantity,
  }));
}

/** The event a quote's mails are made from. */
function quoteMailOf(quote: CustomerQuote) {
  return {
    quoteId: quote.id,
    reference: quoteReference(quote),
    customer: { name: quote.customer.name, email: quote.customer.email },
    validUntil: quote.validUntil,
    blindCount: quote.totals.blindCount,
    totalCents: quote.totals.totalCents,
    shareUrl: quoteShareUrl(quote.id),
  };
}

/**
 * POST /api/customer-quotes: 201 with the quote. Priced by checkout's own quote of the lines for
 * the address, without promotions (their uses are taken by an order, not held for 30 days). A blind
 * over 100" wide makes a quote awaiting staff's freight price ("Request a freight quote").
 */
export const createQuote = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const input = parseBody(event, createQuoteRequestSchema);
  const now = requestTime(event);
  const cartLines = await linesToQuote(event, parseLines(input.lines), now);
  if (cartLines.length === 0) throw new Invalid(QUOTE_MESSAGES.emptyCart, { items: QUOTE_MESSAGES.emptyCart });
  const [{ grids }, tiers, priceList] = await Promise.all([
    loadCurrentGrids(),
    volumeTiersNow(now),
    clientPriceListInEffect(userId, now),
  ]);
  const figures = quoteCheckout({
    phoneDisplay: businessConfig().phoneDisplay,
    cartLines,
    samples: [],
    grids,
    destination: input.shippingAddress,
    installationRequested: input.installation,
    contractPrices: priceList && { priceList, today: shopDateAt(now) },
    tiers,
  });
  const refusal = figures.problems.find((problem) => problem.code !== 'freight');
  if (refusal) {
    const field = refusal.code === 'installationUnavailable' ? 'installation' : 'items';
    throw new Invalid(refusal.message, { [field]: refusal.message });
  }
  const needsFreight = figures.shipping.status === 'freight';
  const createdAt = now.toISOString();
  const status = needsFreight ? 'awaitingPricing' : 'open';
  const quote = await insertQuote(
    {
      id: randomUUID(),
      version: 1,
      status,
      clientId: userId,
      customer: input.customer,
      shippingAddress: input.shippingAddress,
      installation: figures.installation.selected,
      notes: input.notes,
      lines: quoteLinesOf(figures.lines),
      totals: quoteTotals({
        blindCount: figures.blindCount,
        subtotalCents: figures.subtotalCents,
        discounts: figures.discounts,
        parcelShippingCents: figures.shipping.cents,
        installationCents: figures.installation.cents,
        charges: [],
      }),
      needsFreight,
      createdAt,
      validUntil: quoteValidUntil(createdAt),
      staffNote: null,
      replacesId: null,
      replacedBy: null,
      order: null,
      history: [createdEntry(status, createdAt, userId)],
    },
    (numbered) => (needsFreight ? [outboxEvent(CustomerQuoteFreightRequested, quoteMailOf(numbered))] : []),
  );
  return json(201, customerQuoteViewOf(quote, now, quoteShareUrl(quote.id)));
});

/** GET /api/customer-quotes: the caller's quotes, newest first. */
export const listMyQuotes = httpHandler(async (event) => {
  const { userId } = authorizedCaller(event);
  const now = requestTime(event);
  return json(200, {
    quotes: (await listClientQuotes(userId)).map((quote) => quoteSummaryOf(quote, now)),
  });
});
/** GET /api/customer-quotes/{quoteId} */
export const getMyQuote = httpHandler(async (event) => {
  const quote = await ownQuote(event);
  return json(200, customerQuoteViewOf(quote, requestTime(event), quoteShareUrl(quote.id)));
});
/** GET /api/customer-quotes/shared/{token}: the quote, read-only, for anyone with its link. */
export const getSharedQuote = httpHandler(async (event) => {
  const quote = await sharedQuote(event);
  const replacedByShareUrl = quote.replacedBy ? quoteShareUrl(quote.replacedBy.id) : null;
  return json(200, sharedQuoteViewOf(quote, requestTime(event), quoteShareUrl(quote.id), replacedByShareUrl));
});
/** POST /api/customer-quotes/{quoteId}/email: 202; the address typed is mailed the share link (rate-limited as other mails). */
export const emailMyQuote = httpHandler(async (event) => {
  const { email, message } = parseBody(event, emailQuoteRequestSchema);
  const quote = await ownQuote(event);
  await limitAttempt(event, 'quoteEmail', email);
  await publish(CustomerQuoteEmailed, {
    ...quoteMailOf(quote),
    recipient: email,
    message,
    sentAt: requestTime(event).toISOString(),
  });
  return json(202, { message: QUOTE_MESSAGES.emailed(email) });
});

/**
 * The customer's quote routes: saving a quote of the cart (or of lines, from a property selection),
 * priced here as checkout prices (the same pricing, grids, volume tiers and contract prices; never a
 * figure the browser sends); their list, one quote, its PDF; e-mailing its share link; accepting it,
 * which places the order at the quoted figures and opens its payment page as checkout does. And the
 * share link's public read. A quote is reached only by its owner: anyone else gets the 404 of a
 * quote that does not exist.
 */
import { createHash, randomUUID } from 'node:crypto';
import { shopDateAt } from '#domain/appointments/schedule';
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import { quoteCheckout, type QuotedCartLine } from '#domain/checkout/quote';
import {
  createdEntry,
  createQuoteRequestSchema,
  customerQuoteViewOf,
  emailQuoteRequestSchema,
  QUOTE_LIFECYCLE,
  QUOTE_MESSAGES,
  quoteIdSchema,
  quoteLinesOf,
  quoteReference,
  quoteStatusAt,
  quoteSummaryOf,
  quoteTotals,
  quoteValidUntil,
  sharedQuoteViewOf,
  type CreateQuoteInput,
  type CustomerQuote,
  type QuoteHistoryEntry,
} from '#domain/customer-quotes/customer-quote';
import { quoteDocument } from '#domain/customer-quotes/quote-document';
import { Conflict, Gone, Invalid, NotFound } from '#domain/errors';
import { newOrder } from '#domain/orders/order';
import { CustomerQuoteEmailed, CustomerQuoteFreightRequested } from '#events/catalog';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { resolveCart } from '../cart/cart-lifecycle-store';
import { readCart } from '../cart/cart-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { volumeTiersNow } from '../catalogue/volume-table-store';
import { authorizedCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { publish } from '../lib/events';
import { httpHandler, json, parseBody, requestTime, type HttpEvent, type HttpResult } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { checkoutVisitor, resumedPlacement } from '../orders/checkout-api';
import { openCheckout } from '../orders/checkout-session';
import { renderDocumentPdf } from '../orders/invoice-pdf';
import { insertOrder, readOrder } from '../orders/order-store';
import { quoteShareUrl, verifyQuoteShareToken } from './quote-link';
import {
  acceptanceClaim,
  insertQuote,
  listClientQuotes,
  noteAcceptedOrderNumber,
  readQuote,
  readQuoteHeader,
  recordExpiry,
  type QuoteHeader,
} from './quote-store';

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

/** The caller's own quote of the path, or the 404 of one that does not exist. */
async function ownQuote(event: HttpEvent): Promise<CustomerQuote> {
  const { userId } = authorizedCaller(event);
  const quoteId = quoteIdSchema.safeParse(event.pathParameters?.quoteId);
  const quote = quoteId.success ? await readQuote(quoteId.data) : undefined;
  if (!quote || quote.clientId !== userId) throw new NotFound(QUOTE_MESSAGES.notFound);
  return quote;
}

/** GET /api/customer-quotes/{quoteId} */
export const getMyQuote = httpHandler(async (event) => {
  const quote = await ownQuote(event);
  return json(200, customerQuoteViewOf(quote, requestTime(event), quoteShareUrl(quote.id)));
});

async function pdfOf(quote: CustomerQuote): Promise<HttpResult> {
  const pdf = await renderDocumentPdf(quoteDocument(quote));
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="quote-${quoteReference(quote).replace(' ', '-')}.pdf"`,
      'cache-control': 'no-store',
    },
    body: Buffer.from(pdf).toString('base64'),
    isBase64Encoded: true,
  };
}

/** GET /api/customer-quotes/{quoteId}/pdf: the printable quote. */
export const getMyQuotePdf = httpHandler(async (event) => pdfOf(await ownQuote(event)));

/** The quote a share link's token names, or the 404 of a link not signed by the shop. */
async function sharedQuote(event: HttpEvent): Promise<CustomerQuote> {
  const quoteId = verifyQuoteShareToken(event.pathParameters?.token ?? '');
  const quote = quoteIdSchema.safeParse(quoteId).success ? await readQuote(quoteId) : undefined;
  if (!quote) throw new NotFound(QUOTE_MESSAGES.linkInvalid);
  return quote;
}

/** GET /api/customer-quotes/shared/{token}: the quote, read-only, for anyone with its link. */
export const getSharedQuote = httpHandler(async (event) => {
  const quote = await sharedQuote(event);
  const replacedByShareUrl = quote.replacedBy ? quoteShareUrl(quote.replacedBy.id) : null;
  return json(200, sharedQuoteViewOf(quote, requestTime(event), quoteShareUrl(quote.id), replacedByShareUrl));
});

/** GET /api/customer-quotes/shared/{token}/pdf */
export const getSharedQuotePdf = httpHandler(async (event) => pdfOf(await sharedQuote(event)));

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

/** The order a quote's acceptance places: one id per quote, so every accept of it finds the same order. */
function orderIdOfQuote(quoteId: string): string {
  return createHash('sha256').update(`quote#${quoteId}`).digest('base64url').slice(0, 22);
}

/** Why the quote cannot be accepted now (its own words), or nothing when it can. */
function refuseAcceptance(quote: QuoteHeader, now: Date): void {
  const status = quoteStatusAt(quote, now);
  if (status === 'expired') throw new Gone(QUOTE_MESSAGES.expired(quote));
  if (status === 'awaitingPricing') throw new Conflict(QUOTE_MESSAGES.awaitingPricing);
  if (status === 'replaced')
    throw new Conflict(
      QUOTE_MESSAGES.replaced({ reference: quoteReference({ ...quote, version: quote.replacedBy!.version }) }),
    );
  if (status !== 'open') throw new Conflict(QUOTE_MESSAGES.changedMeanwhile);
}

/**
 * POST /api/customer-quotes/{quoteId}/accept: places the order at the quote's figures (whatever the
 * grids say now) and answers its payment page as checkout does, 201; a second accept, at once or
 * later, answers the same order and page (200). The acceptance is a condition of the placing
 * transaction: the quote still open and valid. An expired quote is 410 with its sentence (and is
 * recorded expired); one awaiting its freight price or replaced is 409.
 */
export const acceptMyQuote = httpHandler(async (event) => {
  const quote = await ownQuote(event);
  const now = requestTime(event);
  const orderId = orderIdOfQuote(quote.id);
  const accepted = async () => {
    const placed = await readOrder(orderId);
    return placed && json(200, await resumedPlacement(placed.order, now));
  };
  if (quote.status === 'accepted') return (await accepted())!;
  if (quoteStatusAt(quote, now) === 'expired' && quote.status !== 'expired')
    await recordExpiry(
      quote,
      QUOTE_LIFECYCLE.move(quote.status, 'expire', { at: now.toISOString(), by: quote.clientId }).entry,
    );
  refuseAcceptance(quote, now);

  const entry: QuoteHistoryEntry = QUOTE_LIFECYCLE.move(quote.status, 'accept', {
    at: now.toISOString(),
    by: quote.clientId,
  }).entry;
  const { totals } = quote;
  const sessionId = event.headers[SESSION_ID_HEADER];
  const order = newOrder({
    id: orderId,
    channel: 'card',
    status: 'pending',
    paymentStatus: 'pending',
    clientId: quote.clientId,
    customer: quote.customer,
    shippingAddress: quote.shippingAddress,
    billingAddress: quote.shippingAddress,
    installation: quote.installation,
    notes: [`Accepted quote ${quoteReference(quote)}.`, quote.notes].filter(Boolean).join(' '),
    lines: quote.lines,
    samples: [],
    totals: {
      blindCount: totals.blindCount,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      discounts: totals.discounts,
      taxCents: totals.taxCents,
      shippingCents: totals.shippingCents!,
      sampleShippingCents: 0,
      installationCents: totals.installationCents,
      ...(totals.charges.length > 0 ? { charges: totals.charges } : {}),
      totalCents: totals.totalCents!,
    },
    createdAt: now.toISOString(),
  });
  const outcome = await insertOrder(
    order,
    { cartId: null, sessionId: isValidSessionId(sessionId) ? sessionId : `quote-${quote.id}` },
    null,
    { claims: [acceptanceClaim(quote, orderId, entry, now)] },
  );
  if (outcome.kind === 'placed') {
    await noteAcceptedOrderNumber(quote.id, orderId, outcome.order.orderNumber);
    const { checkoutUrl } = await openCheckout(outcome.order, now);
    return json(201, { orderId, orderNumber: outcome.order.orderNumber, checkoutUrl });
  }
  // A concurrent accept placed it first, or the quote moved (replaced, expired) since it was read.
  const placedMeanwhile = await accepted();
  if (placedMeanwhile) return placedMeanwhile;
  refuseAcceptance((await readQuoteHeader(quote.id))!, now);
  throw new Conflict(QUOTE_MESSAGES.changedMeanwhile);
});

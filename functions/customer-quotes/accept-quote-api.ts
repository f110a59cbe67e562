/**
 * Accepting a customer quote (customer): places the order at the quoted figures and opens its
 * payment page as checkout does. Apart from the other quote routes, which carry no payment SDK.
 */
import { createHash } from 'node:crypto';
import { isValidSessionId, SESSION_ID_HEADER } from '#domain/cart/session';
import {
  QUOTE_LIFECYCLE,
  QUOTE_MESSAGES,
  quoteReference,
  quoteStatusAt,
  type QuoteHistoryEntry,
} from '#domain/customer-quotes/customer-quote';
import { Conflict, Gone } from '#domain/errors';
import { newOrder } from '#domain/orders/order';
import { httpHandler, json, requestTime } from '../lib/http';
import { resumedPlacement } from '../orders/checkout-api';
import { openCheckout } from '../orders/checkout-session';
import { insertOrder } from '../orders/order-placement-store';
import { readOrder } from '../orders/order-store';
import {
  acceptanceClaim,
  noteAcceptedOrderNumber,
  readQuoteHeader,
  recordExpiry,
  type QuoteHeader,
} from './quote-store';
import { ownQuote } from './quote-access';

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

/**
 * Placing an order (customer): validates, re-quotes the caller's cart and sample cart with the
 * current price grids for the address (nothing the browser says about money is read), writes the
 * order and opens its payment page. The quote the order summary shows is checkout-quote-api.ts's,
 * the success page's look-up checkout-success-api.ts's: apart, so they carry no payment SDK.
 */
import { createHash } from 'node:crypto';
import {
  INSTALLATION_MESSAGES,
  unbookableInstallationReason,
  windowTime,
  type Installation,
} from '#domain/appointments/installation';
import type { InstallationOptions, InstallationVisit } from '#domain/appointments/installation-choices';
import { shopInstant } from '#domain/appointments/schedule';
import { onAccountRefusal, CREDIT_MESSAGES, type CreditAccount } from '#domain/accounts/payment-terms';
import {
  accountOrderSuccessPath,
  CHECKOUT_MESSAGES,
  placeOrderRequestSchema,
  type CheckoutQuote,
  type PlaceOrderInput,
  type PlaceOrderResponse,
} from '#domain/checkout/checkout';
import { FIT_CHECK_MESSAGES, FIT_CONFIRMED_NOTE, unconfirmedFitLines } from '#domain/properties/fit-check';
import { paymentPageEnded } from '#domain/orders/lifecycle';
import { newOrder, type Order } from '#domain/orders/order';
import { PROMOTION_MESSAGES, type Promotion, type PromotionOffers } from '#domain/promotions/promotion';
import { creditHoldWrites, readCreditAccount } from '../accounts/credit-store';
import { installationPlacementWrites } from '../appointments/installation-store';
import { checkoutReference } from '../cart/cart-store';
import { httpHandler, HttpError, json, parseBody, type HttpEvent } from '../lib/http';
import { promotionClaim, promotionPaid } from '../promotions/promotion-store';
import { startAccountOrder } from './after-payment';
import { checkoutVisitor, currentCheckout } from './current-checkout';
import { expireCheckoutSession, openCheckout, reopenCheckout } from './checkout-session';
import { cardOrderPlacedAfter, listClientCheckouts } from './order-lookup-store';
import { insertOrder } from './order-placement-store';
import { readOrder, type StoredOrder } from './order-store';

/** The promotion the quote chose, as the offers read it. */
function promotionOf(offers: PromotionOffers, promotionId: string | null): Promotion | undefined {
  if (!promotionId) return undefined;
  const offered = [offers.code?.promotion, ...offers.sales.map((sale) => sale.promotion)];
  return offered.find((promotion) => promotion?.id === promotionId);
}

/** A form with missing or wrong fields answers Missing Information's sentence, each field named. */
function parsePlacement(event: HttpEvent): PlaceOrderInput {
  try {
    return parseBody(event, placeOrderRequestSchema);
  } catch (error) {
    if (error instanceof HttpError && error.fieldErrors)
      throw new HttpError(400, CHECKOUT_MESSAGES.missingInformation, error.fieldErrors);
    throw error;
  }
}

/** The order's id: the same for every retry of one placement by one client, never the same for two clients. */
function orderIdOf(clientId: string, placementKey: string): string {
  return createHash('sha256').update(`${clientId}#${placementKey}`).digest('base64url').slice(0, 22);
}

/** What stands in the way of paying the quote by card, as the 400 the page shows. */
function refuseUnpayable(figures: CheckoutQuote): void {
  const [problem] = figures.problems;
  if (!problem) return;
  switch (problem.code) {
    case 'empty':
      throw new HttpError(400, CHECKOUT_MESSAGES.emptyCart);
    case 'freight':
      throw new HttpError(400, problem.message, { items: problem.message });
    case 'installationUnavailable':
      throw new HttpError(400, problem.message, { installation: problem.message });
    case 'unpriced':
    case 'tooManyLines':
      throw new HttpError(400, problem.message, { items: problem.message });
  }
}

/**
 * Whether the order buys from the client's cart or sample cart, which only one payment page may do
 * at a time. An accepted customer quote's order buys its own lines: no checkout replaces it, and it
 * replaces none.
 */
function buysFromCart(order: Pick<StoredOrder, 'cartId' | 'samples'>): boolean {
  return order.cartId !== null || order.samples.length > 0;
}

/**
 * A retried placement: the order it made (with its lines, for a payment page still to open), and
 * its payment page. An order whose page ran out or whose delayed payment failed gets a new page if
 * it is still the client's latest placement and has no promotion; an older one was replaced, and
 * one with a promotion gave its use back (409: placing again makes a new order from the cart as it is).
 */
export async function resumedPlacement(order: StoredOrder, now: Date): Promise<PlaceOrderResponse> {
  const answer = (checkoutUrl: string): PlaceOrderResponse => ({
    orderId: order.id,
    orderNumber: order.orderNumber,
    checkoutUrl,
  });
  if (order.channel === 'account') {
    await startAccountOrder(order.id, now);
    return answer(accountOrderSuccessPath(order.id));
  }
  if (order.status !== 'pending' || !paymentPageEnded(order.paymentStatus))
    return answer((await openCheckout(order, now)).checkoutUrl);
  // Its promotion's use and its installation window were given back when the page ended: placing
  // again takes them afresh, if any is left.
  if (order.promotionId || order.installation || (buysFromCart(order) && (await cardOrderPlacedAfter(order))))
    throw new HttpError(409, CHECKOUT_MESSAGES.checkoutExpired);
  const { checkoutUrl, checkoutSessionId } = await reopenCheckout(order, now);
  await closeReplacedCheckouts(order, checkoutSessionId);
  return answer(checkoutUrl);
}

/**
 * Of the client's orders waiting for payment (this one, an earlier visit's, from the cart or of
 * samples alone), only the newest keeps its payment page: the others close, so the same cart or
 * samples are never paid twice. Every placement closes all but the newest, itself included when a
 * newer one was placed meanwhile, so two placements finishing at once leave exactly one open.
 */
async function closeReplacedCheckouts(placed: StoredOrder, checkoutSessionId: string | null): Promise<void> {
  if (!buysFromCart(placed)) return;
  const placedOrder = (order: StoredOrder) => `${order.createdAt}#${order.id}`;
  const others = (await listClientCheckouts(placed.clientId)).filter(
    (order) =>
      order.id !== placed.id && order.status === 'pending' && order.paymentStatus === 'pending' && buysFromCart(order),
  );
  const waiting = [{ ...placed, checkoutSessionId }, ...others];
  const newest = waiting.reduce((newer, order) => (placedOrder(order) > placedOrder(newer) ? order : newer));
  await Promise.all(
    waiting
      .filter((order) => order !== newest && order.checkoutSessionId)
      .map((order) => expireCheckoutSession(order.checkoutSessionId!, order.id)),
  );
}

/**
 * The visit of an order that bought installation: scheduled in the window chosen (which must be
 * bookable: after the order's delivered-by date, 400 naming `installationVisit` otherwise), or
 * unscheduled, to be chosen from the order later.
 */
function newInstallation(
  order: Omit<Order, 'orderNumber'>,
  options: InstallationOptions,
  visit: InstallationVisit | null,
  { now, closures }: { now: Date; closures: readonly string[] },
): Omit<Installation, 'orderNumber'> {
  const deliveredBy = order.estimate?.deliveredBy ?? null;
  if (visit) {
    const reason = unbookableInstallationReason(visit.date, visit.window, { deliveredBy, now, closures });
    if (reason) throw new HttpError(400, reason, { installationVisit: reason });
  }
  return {
    orderId: order.id,
    clientId: order.clientId,
    status: visit ? 'scheduled' : 'unscheduled',
    date: visit?.date ?? null,
    window: visit?.window ?? null,
    startsAt: visit ? shopInstant(visit.date, windowTime(visit.window)).toISOString() : null,
    deliveredBy,
    blindCount: order.totals.blindCount,
    options,
    contact: {
      name: order.customer.name,
      email: order.customer.email,
      phone: order.customer.phone,
      address: [order.shippingAddress.address1, order.shippingAddress.address2, order.shippingAddress.city]
        .filter(Boolean)
        .join(', '),
      zipCode: order.shippingAddress.zipCode,
    },
    version: 1,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  };
}

/** Placements of one order on account decided afresh after its hold was refused: others' orders placed at the same moment. */
const CREDIT_PLACEMENT_ATTEMPTS = 5;

/** Why the client may not put an order of this amount on account, as the answer naming the field (null: they may). */
function accountRefusal(account: CreditAccount | undefined, totalCents: number): HttpError | null {
  const refusal = onAccountRefusal(account, totalCents);
  if (!refusal) return null;
  return new HttpError(refusal === CREDIT_MESSAGES.notOnTerms ? 403 : 409, refusal, { paymentMethod: refusal });
}

/**
 * POST /api/orders: validates, re-quotes, writes the order in one transaction with the cart's
 * reference to it and its OrderPlaced event, opens the hosted checkout for exactly its amounts and answers its URL. A retry
 * of the same placement (same `placementKey`) answers the order it made.
 */
export const placeOrder = httpHandler(async (event) => {
  const visitor = checkoutVisitor(event);
  const clientId = visitor.clientId!;
  const input = parsePlacement(event);
  const now = new Date();
  const orderId = orderIdOf(clientId, input.placementKey);

  const placedBefore = await readOrder(orderId);
  if (placedBefore) return json(200, await resumedPlacement(placedBefore.order, now));

  const {
    quote: figures,
    fitChecks: checks,
    cart,
    offers,
    closures,
  } = await currentCheckout(
    visitor,
    input.shippingAddress,
    { requested: input.installation, options: input.installationOptions },
    input.promoCode,
    now,
  );
  refuseUnpayable(figures);
  if (unconfirmedFitLines(checks, input.confirmedFitLines).length > 0)
    throw new HttpError(409, FIT_CHECK_MESSAGES.unconfirmed, { fitChecks: FIT_CHECK_MESSAGES.unconfirmed });
  const questioned = new Set(checks.map((check) => check.lineId));
  if (figures.promoCode?.status === 'refused')
    throw new HttpError(400, figures.promoCode.message!, { promoCode: figures.promoCode.message! });
  const onAccount = input.paymentMethod === 'account';
  // Read afresh at placing: staff may have withdrawn the terms or changed the limit since the page loaded.
  let account = onAccount ? await readCreditAccount(clientId, true) : undefined;
  if (onAccount) {
    const refused = accountRefusal(account, figures.totalCents!);
    if (refused) throw refused;
  }
  const order = newOrder({
    id: orderId,
    // On account: nothing to pay now, so it goes to production as a paid card order does, billed on invoice.
    channel: onAccount ? 'account' : 'card',
    status: onAccount ? 'processing' : 'pending',
    paymentStatus: onAccount ? 'invoice' : 'pending',
    poNumber: input.poNumber,
    clientId,
    customer: input.customer,
    shippingAddress: input.shippingAddress,
    billingAddress: input.billingAddress,
    installation: figures.installation.selected,
    notes: input.notes,
    lines: figures.lines.map((line, index) => ({
      ...line,
      position: index + 1,
      ...(questioned.has(line.lineId) && { note: FIT_CONFIRMED_NOTE }),
    })),
    samples: figures.samples,
    totals: {
      blindCount: figures.blindCount,
      subtotalCents: figures.subtotalCents,
      discountCents: figures.discountCents,
      discounts: figures.discounts,
      taxCents: figures.taxCents,
      shippingCents: figures.shipping.cents!,
      sampleShippingCents: figures.sampleShippingCents,
      installationCents: figures.installation.cents,
      ...(figures.installation.charges.length > 0 && { charges: figures.installation.charges }),
      totalCents: figures.totalCents!,
    },
    estimate: figures.estimate,
    createdAt: now.toISOString(),
  });
  const visit = figures.installation.selected
    ? await installationPlacementWrites(
        newInstallation(order, input.installationOptions, input.installationVisit, { now, closures }),
      )
    : null;
  const cartId = cart && figures.lines.length > 0 ? cart.id : null;
  const reference = cartId && cart ? checkoutReference(cart.id, visitor, orderId, cart, now) : null;
  const promotion = promotionOf(offers, figures.promotionId);
  // The order keeps the terms its hold was decided on.
  const place = (creditAccount: CreditAccount | undefined) =>
    insertOrder(
      { ...order, paymentTerms: creditAccount?.terms ?? null },
      { cartId, sessionId: visitor.sessionId },
      reference,
      {
        promotion: promotion && {
          claim: promotionClaim(promotion, clientId, offers.today),
          promotionId: promotion.id,
          ...(onAccount && { paid: promotionPaid(promotion.id, order.totals.totalCents) }),
        },
        credit: creditAccount && creditHoldWrites(clientId, orderId, order.totals.totalCents, creditAccount),
        installation: visit,
      },
    );
  let outcome = await place(account);
  // Other orders took credit, or staff changed the terms, since the account was read: decide again on the
  // account as it is now. Each refusal means the account moved, so this ends; the bound only guards a busy one.
  for (let attempt = 1; outcome.kind === 'creditRefused'; attempt += 1) {
    account = await readCreditAccount(clientId, true);
    const refused = accountRefusal(account, order.totals.totalCents);
    if (refused) throw refused;
    if (attempt >= CREDIT_PLACEMENT_ATTEMPTS)
      throw new HttpError(409, CREDIT_MESSAGES.creditChanged, { paymentMethod: CREDIT_MESSAGES.creditChanged });
    outcome = await place(account);
  }
  if (outcome.kind === 'cartChanged') throw new HttpError(409, CHECKOUT_MESSAGES.cartChanged);
  if (outcome.kind === 'promotionRefused') {
    const message = outcome.refusal === 'customer' ? PROMOTION_MESSAGES.usedByCustomer : PROMOTION_MESSAGES.usedUp;
    throw new HttpError(409, message, { promoCode: message });
  }
  if (outcome.kind === 'installationWindowTaken')
    throw new HttpError(409, INSTALLATION_MESSAGES.windowTaken, {
      installationVisit: INSTALLATION_MESSAGES.windowTaken,
    });
  if (outcome.kind === 'exists') {
    // A concurrent retry of this placement wrote it first.
    return json(200, await resumedPlacement((await readOrder(orderId))!.order, now));
  }

  const placed = outcome.order;
  if (onAccount) {
    await startAccountOrder(placed.id, now);
    await closeReplacedCheckouts(placed, null);
    return json(201, {
      orderId,
      orderNumber: placed.orderNumber,
      checkoutUrl: accountOrderSuccessPath(orderId),
    } satisfies PlaceOrderResponse);
  }
  const { checkoutUrl, checkoutSessionId } = await openCheckout(placed, now);
  await closeReplacedCheckouts(placed, checkoutSessionId);
  return json(201, { orderId, orderNumber: placed.orderNumber, checkoutUrl } satisfies PlaceOrderResponse);
});

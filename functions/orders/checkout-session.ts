/**
 * The hosted checkout session of an order at the payment provider (Stripe Checkout, or the local
 * stack's stand-in behind the same SDK): exactly the order's lines and amounts, so the session's
 * total is the order's total to the cent.
 */
import type Stripe from 'stripe';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout';
import { ESTIMATED_TAX_PERCENT } from '#domain/cart/totals';
import { paymentPageEnded } from '#domain/orders/lifecycle';
import { groupThousands } from '#domain/thousands';
import { OPERATIONAL_METRICS } from '#events/business-metrics';
import { config } from '../lib/config';
import { HttpError } from '../lib/http';
import { logger } from '../lib/logger';
import { countMetric } from '../lib/metrics';
import { stripeClient } from '../lib/stripe';
import { readStripeCustomerId } from '../accounts/stripe-customer-store';
import { attachCheckoutSession, replaceCheckoutSession } from './order-payment-store';
import { readOrderHeader, type StoredOrder } from './order-store';

/**
 * Stripe's shortest session life is 30 minutes from when it receives the call; a minute more
 * absorbs the trip there. Rounded up to the minute, so concurrent retries of one placement within a
 * minute send the same body under the same idempotency key.
 */
const SESSION_LIFETIME_SECONDS = 31 * 60;

function expiresAtFrom(now: Date): number {
  return Math.ceil((now.getTime() / 1000 + SESSION_LIFETIME_SECONDS) / 60) * 60;
}

type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

function lineItem(name: string, unitAmount: number, quantity: number, description?: string): LineItem {
  return {
    quantity,
    price_data: {
      currency: 'usd',
      unit_amount: unitAmount,
      product_data: { name, ...(description ? { description } : {}) },
    },
  };
}

/** Stripe Checkout takes at most 100 line items in a session. */
const SESSION_MAX_LINE_ITEMS = 100;
/** What a grouped line item's description says of its rooms at most (Stripe shows it under the name). */
const GROUP_DESCRIPTION_MAX_LENGTH = 500;

/**
 * An order's blinds as line items: one per order line at its unit price, or, when they would not fit
 * in a session beside the charges, one per product and series for the sum of its lines (quantity 1:
 * its blinds' unit prices differ), its blinds and rooms in the description. Either way the items add
 * up to the order's blinds to the cent; the order page, mails and invoice list every blind.
 */
function blindLineItems(lines: StoredOrder['lines'], room: number): LineItem[] {
  if (lines.length <= room)
    return lines.map((line) => lineItem(line.title, line.unitCents, line.quantity, line.description.join(' · ')));
  const groups = new Map<string, StoredOrder['lines']>();
  for (const line of lines) {
    const key = `${line.family}/${line.series}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()].map((group) => {
    const blinds = group.reduce((sum, line) => sum + line.quantity, 0);
    const rooms = [...new Set(group.map((line) => line.roomLabel).filter((label) => label !== null))];
    const description = `${groupThousands(blinds)} blinds${rooms.length > 0 ? ` · Rooms: ${rooms.join(', ')}` : ''}`;
    return lineItem(
      `${group[0]!.title} (${groupThousands(blinds)} blinds)`,
      group.reduce((sum, line) => sum + line.lineCents, 0),
      1,
      description.length <= GROUP_DESCRIPTION_MAX_LENGTH
        ? description
        : `${description.slice(0, GROUP_DESCRIPTION_MAX_LENGTH - 1)}…`,
    );
  });
}

/**
 * The order's blinds (blindLineItems), then tax, shipping, sample shipping, installation and a
 * quote's charges as lines of their own when not zero; the discounts come off as the session's coupon (discountsOf).
 */
export function checkoutLineItems(order: Pick<StoredOrder, 'lines' | 'totals'>): LineItem[] {
  const { totals } = order;
  const allCharges: Array<[string, number]> = [
    [`Sales tax (${ESTIMATED_TAX_PERCENT}%)`, totals.taxCents],
    ['Shipping', totals.shippingCents],
    ['Sample shipping', totals.sampleShippingCents],
    ['Professional installation', totals.installationCents],
    ...(totals.charges ?? []).map((charge): [string, number] => [charge.label, charge.cents]),
  ];
  const charges = allCharges.filter(([, cents]) => cents > 0);
  return [
    ...blindLineItems(order.lines, SESSION_MAX_LINE_ITEMS - charges.length),
    ...charges.map(([name, cents]) => lineItem(name, cents, 1)),
  ];
}

/** The coupon's name: the discount's label, or a general one for several (Stripe names a coupon in at most 40 characters). */
function couponName(order: StoredOrder): string {
  const name = order.totals.discounts.map((discount) => discount.label).join(' + ');
  return name.length <= 40 ? name : 'Order discount';
}

/**
 * The order's discounts as one coupon of their sum, made for this order and usable once: a session
 * takes one discount, and spreads it over the line items as the order's are, to the order's total.
 */
async function discountsOf(order: StoredOrder): Promise<Stripe.Checkout.SessionCreateParams.Discount[] | undefined> {
  const { discountCents } = order.totals;
  if (discountCents === 0) return undefined;
  const coupon = await stripeClient().coupons.create(
    {
      amount_off: discountCents,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
      name: couponName(order),
      metadata: { orderId: order.id, orderNumber: order.orderNumber },
    },
    { idempotencyKey: `order-${order.id}-coupon-${discountCents}` },
  );
  return [{ coupon: coupon.id }];
}

/**
 * Who pays: a client who already has a Stripe customer (saved cards, account invoices) pays as that
 * customer, so the page offers their saved cards and lets them save this one; anyone else by the
 * order's e-mail (Stripe takes one or the other). No customer is made here: a checkout is not a
 * reason to keep someone at Stripe.
 */
async function payerOf(order: StoredOrder): Promise<Partial<Stripe.Checkout.SessionCreateParams>> {
  const customer = await readStripeCustomerId(order.clientId);
  if (!customer) return { customer_email: order.customer.email };
  return { customer, saved_payment_method_options: { payment_method_save: 'enabled' } };
}

async function sessionParams(order: StoredOrder, now: Date): Promise<Stripe.Checkout.SessionCreateParams> {
  const site = config().SITE_URL.replace(/\/$/, '');
  const [discounts, payer] = await Promise.all([discountsOf(order), payerOf(order)]);
  return {
    mode: 'payment',
    line_items: checkoutLineItems(order),
    ...(discounts ? { discounts } : {}),
    client_reference_id: order.id,
    metadata: { orderId: order.id, orderNumber: order.orderNumber },
    payment_intent_data: {
      metadata: { orderId: order.id, orderNumber: order.orderNumber },
      description: `Order ${order.orderNumber}`,
    },
    ...payer,
    success_url: `${site}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${site}/checkout/cancel`,
    expires_at: expiresAtFrom(now),
  };
}

function successUrlOf(session: Stripe.Checkout.Session): string {
  return `${config().SITE_URL.replace(/\/$/, '')}/checkout/success?session_id=${encodeURIComponent(session.id)}`;
}

function providerFailure(error: unknown, orderId: string): HttpError {
  logger.error('The payment provider refused the checkout session', { error: error as Error, orderId });
  countMetric(OPERATIONAL_METRICS.checkoutFailed);
  return new HttpError(502, CHECKOUT_MESSAGES.checkoutFailed);
}

/**
 * Where the customer goes to pay the order: its open session's page, made now if it has none
 * (idempotent on the order: a retry within the minute replays the same session; a session made
 * concurrently by another retry is expired and the recorded one answered). A session already paid
 * (or paying by a delayed method) sends the customer to the success page; one that ran out or whose
 * payment failed is not answered (409).
 */
export async function openCheckout(
  order: StoredOrder,
  now: Date,
): Promise<{ checkoutUrl: string; checkoutSessionId: string }> {
  const stripe = stripeClient();
  // A page that ran out or whose delayed payment failed is not answered: reopenCheckout makes a new one.
  if (paymentPageEnded(order.paymentStatus)) throw new HttpError(409, CHECKOUT_MESSAGES.checkoutExpired);
  if (order.checkoutSessionId) {
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(order.checkoutSessionId);
    } catch (error) {
      throw providerFailure(error, order.id);
    }
    if (session.status === 'open' && session.url) return { checkoutUrl: session.url, checkoutSessionId: session.id };
    if (session.status === 'complete') return { checkoutUrl: successUrlOf(session), checkoutSessionId: session.id };
    throw new HttpError(409, CHECKOUT_MESSAGES.checkoutExpired);
  }
  let session: Stripe.Checkout.Session;
  try {
    const params = await sessionParams(order, now);
    session = await stripe.checkout.sessions.create(params, {
      idempotencyKey: `order-${order.id}-session-${params.expires_at}`,
    });
  } catch (error) {
    throw providerFailure(error, order.id);
  }
  const recorded = await attachCheckoutSession(order.id, session.id, now);
  if (recorded === session.id) return { checkoutUrl: session.url!, checkoutSessionId: session.id };
  await expireCheckoutSession(session.id, order.id);
  return openCheckout({ ...order, checkoutSessionId: recorded }, now);
}

/**
 * A new payment page for an order whose page ran out or whose delayed payment failed: the order as
 * placed, for exactly its amounts, made under a key of its own (derived from the page it replaces)
 * and recorded in that page's place, so the old one's late events change nothing. Of concurrent
 * retries one records its page; the others close theirs (unless the provider replayed the same one)
 * and answer the order's page as it then is.
 */
export async function reopenCheckout(
  order: StoredOrder,
  now: Date,
): Promise<{ checkoutUrl: string; checkoutSessionId: string }> {
  let session: Stripe.Checkout.Session;
  try {
    const params = await sessionParams(order, now);
    session = await stripeClient().checkout.sessions.create(params, {
      idempotencyKey: `order-${order.id}-after-${order.checkoutSessionId}-${params.expires_at}`,
    });
  } catch (error) {
    throw providerFailure(error, order.id);
  }
  if (await replaceCheckoutSession(order, session.id, now))
    return { checkoutUrl: session.url!, checkoutSessionId: session.id };
  const current = (await readOrderHeader(order.id))!;
  if (current.checkoutSessionId === session.id) return { checkoutUrl: session.url!, checkoutSessionId: session.id };
  await expireCheckoutSession(session.id, order.id);
  return openCheckout(current, now);
}

/**
 * Closes a session nobody should pay any more (a concurrent duplicate, or the session of an order
 * the same cart replaced). Best effort: a session already completed or expired stays as it is, and
 * its events arrive at the webhook like any other.
 */
export async function expireCheckoutSession(checkoutSessionId: string, orderId: string): Promise<void> {
  try {
    await stripeClient().checkout.sessions.expire(checkoutSessionId);
  } catch (error) {
    logger.warn('Could not expire a checkout session', { error: error as Error, orderId, checkoutSessionId });
  }
}

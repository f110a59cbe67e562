/**
 * Account Settings → Payment Methods: a client's cards saved with Stripe. A card is added on
 * Stripe's hosted Checkout page in setup mode (nothing charged; the card is attached to the client's
 * Stripe customer there), listed from Stripe, and removed by detaching it. The shop never sees a card
 * number; it keeps only the client's Stripe customer id. A card of another customer answers the
 * same 404 as one that does not exist.
 */
import Stripe from 'stripe';
import {
  SAVED_CARD_MESSAGES,
  SAVED_CARDS_LIMIT,
  savedCardIdSchema,
  type CardSetup,
  type SavedCards,
  type SavedCardView,
} from '#domain/accounts/saved-cards';
import { clientDisplayName } from '#domain/accounts/client';
import { NotFound } from '#domain/errors';
import { authorizedCaller } from '../lib/caller';
import { config } from '../lib/config';
import { httpHandler, json, type HttpEvent } from '../lib/http';
import { stripeClient } from '../lib/stripe';
import { NO_CLIENT_MESSAGE, readClientProfile } from './client-store';
import { stripeCustomerFor } from './stripe-customer';
import { readStripeCustomerId } from './stripe-customer-store';

function savedCardOf(method: Stripe.PaymentMethod): SavedCardView | null {
  if (!method.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
  return { id: method.id, brand, last4, expMonth, expYear };
}

/** GET /api/account/cards: the caller's saved cards, newest first (none before their first). */
export const listMyCards = httpHandler(async (event) => {
  const customerId = await readStripeCustomerId(authorizedCaller(event).userId);
  if (!customerId) return json(200, { cards: [] } satisfies SavedCards);
  const methods = await stripeClient().customers.listPaymentMethods(customerId, {
    type: 'card',
    limit: SAVED_CARDS_LIMIT,
  });
  const cards = methods.data.map(savedCardOf).filter((card): card is SavedCardView => card !== null);
  return json(200, { cards } satisfies SavedCards);
});

/**
 * POST /api/account/cards/setup: a Stripe Checkout page in setup mode for the caller's Stripe
 * customer (made now if they have none), which comes back to the Payment Methods tab.
 */
export const startCardSetup = httpHandler(async (event) => {
  const clientId = authorizedCaller(event).userId;
  const profile = await readClientProfile(clientId);
  if (!profile) throw new NotFound(NO_CLIENT_MESSAGE);
  const customer = await stripeCustomerFor(clientId, { email: profile.email, name: clientDisplayName(profile) });
  const tab = `${config().SITE_URL.replace(/\/$/, '')}/account/settings?tab=payment`;
  const session = await stripeClient().checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    allowed_payment_method_types: ['card'],
    success_url: `${tab}&card=saved`,
    cancel_url: tab,
    metadata: { clientId },
    setup_intent_data: { metadata: { clientId } },
  });
  return json(201, { url: session.url! } satisfies CardSetup);
});

async function ownCard(event: HttpEvent): Promise<string> {
  const cardId = savedCardIdSchema.safeParse(event.pathParameters?.cardId);
  const customerId = await readStripeCustomerId(authorizedCaller(event).userId);
  if (!cardId.success || !customerId) throw new NotFound(SAVED_CARD_MESSAGES.notFound);
  try {
    const method = await stripeClient().paymentMethods.retrieve(cardId.data);
    if (method.customer !== customerId) throw new NotFound(SAVED_CARD_MESSAGES.notFound);
    return method.id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
      throw new NotFound(SAVED_CARD_MESSAGES.notFound);
    throw error;
  }
}

/** DELETE /api/account/cards/{cardId}: the card is detached from the caller's customer at Stripe, for good. */
export const removeMyCard = httpHandler(async (event) => {
  await stripeClient().paymentMethods.detach(await ownCard(event));
  return json(200, { removed: true });
});

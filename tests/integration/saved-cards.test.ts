/**
 * Saved cards against the local stack (issue 28, Payment Methods): a client adds a card on Stripe's
 * hosted page in setup mode (the stand-in's), sees it listed, and removes it; a declined card is not
 * saved; nobody else can remove it; the saving page's checkout.session.completed touches no order.
 * At card checkout, a client with saved cards is offered them on the payment page, and may save a new one.
 */
import { describe, expect, inject, it } from 'vitest';
import type { CardSetup, SavedCards } from '#domain/accounts/saved-cards';
import type { EventRecord } from '../../infra/local/stripe/objects';
import {
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  placeOrder,
  stripeEvents,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { localStripe } from '../support/local-stripe';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

const myCards = async (shopper: Shopper) =>
  (await api<SavedCards>(baseUrl, shopper, 'GET', '/account/cards')).body.cards;

async function cardPage(shopper: Shopper): Promise<string> {
  const setup = await api<CardSetup>(baseUrl, shopper, 'POST', '/account/cards/setup');
  expect(setup.status).toBe(201);
  return setup.body.url;
}

/** Submits the hosted page's form as a browser would, without following the redirect. */
function enterCard(url: string, cardNumber: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123', name: 'Avery Property' }).toString(),
    redirect: 'manual',
  });
}

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('saved cards', () => {
  it('adds a card on Stripe’s page, lists it, and removes it', async () => {
    const shopper = await newShopper(baseUrl, { firstName: 'Avery', lastName: 'Property' });
    expect(await myCards(shopper)).toEqual([]);

    const url = await cardPage(shopper);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Save a card');
    expect(page).toContain(shopper.email);

    const declined = await enterCard(url, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await myCards(shopper)).toEqual([]);

    const saved = await enterCard(url, '4242 4242 4242 4242');
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe(`${baseUrl}/account/settings?tab=payment&card=saved`);

    const cards = await myCards(shopper);
    expect(cards).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    ]);

    // The page's completion reaches the shop's webhook, which answers it without touching any order.
    const stripe = localStripe(env);
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session).toMatchObject({ mode: 'setup', status: 'complete', setup_intent: expect.stringMatching(/^seti_/) });
    const [completed] = await eventually(
      () => stripeEvents(baseUrl, session.id, 'checkout.session.completed'),
      (records: EventRecord[]) => records[0]?.delivery === 'delivered',
      20_000,
    );
    expect(completed!.deliveries.at(-1)!.response!.status).toBe(200);

    // A second page is for the same Stripe customer: one customer per client.
    const again = await stripe.checkout.sessions.retrieve(sessionIdOf(await cardPage(shopper)));
    expect(again.customer).toBe(session.customer);

    const stranger = await newShopper(baseUrl);
    expect((await api(baseUrl, stranger, 'DELETE', `/account/cards/${cards[0]!.id}`)).status).toBe(404);
    expect(await myCards(shopper)).toHaveLength(1);

    const removed = await api(baseUrl, shopper, 'DELETE', `/account/cards/${cards[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(await myCards(shopper)).toEqual([]);
    expect((await stripe.paymentMethods.retrieve(cards[0]!.id)).customer).toBeNull();
    expect((await api(baseUrl, shopper, 'DELETE', `/account/cards/${cards[0]!.id}`)).status).toBe(404);
  });

  it('offers a client’s saved card at checkout and pays the order with it', async () => {
    const shopper = await newShopper(baseUrl, { firstName: 'Jordan', lastName: 'Lofts' });
    expect((await enterCard(await cardPage(shopper), '4242 4242 4242 4242')).status).toBe(303);
    const [card] = await myCards(shopper);

    await addToCart(baseUrl, shopper, blind());
    const order = await placeOrder(baseUrl, shopper);
    const page = await (await fetch(order.checkoutUrl)).text();
    expect(page).toContain('Visa ending in 4242 · Expires 12/34');
    expect(page).toContain('Save my card for future payments');

    const paid = await fetch(order.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ savedCard: card!.id }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await eventually(
      () => myOrder(baseUrl, shopper, order.orderId),
      (placed) => placed.paymentStatus === 'paid',
      20_000,
    );
    const stripe = localStripe(env);
    const session = await stripe.checkout.sessions.retrieve(order.checkoutSessionId);
    expect(session.customer).toMatch(/^cus_/);
    expect(session.customer_email).toBeNull();
    const paymentIntent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    expect(paymentIntent.payment_method).toBe(card!.id);
  });

  it('saves a new card paid at checkout when the client asks, and offers none to a client without cards', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const first = await placeOrder(baseUrl, shopper);
    const stripe = localStripe(env);
    const guestLike = await stripe.checkout.sessions.retrieve(first.checkoutSessionId);
    expect(guestLike).toMatchObject({ customer: null, customer_email: shopper.email });
    const page = await (await fetch(first.checkoutUrl)).text();
    expect(page).not.toContain('Saved cards');
    expect(page).not.toContain('Save my card');

    // Once the client has a Stripe customer (here by opening the card page), checkout pays as that customer.
    await cardPage(shopper);
    await addToCart(baseUrl, shopper, blind({ width: { inches: 40, eighths: 0 } }));
    const second = await placeOrder(baseUrl, shopper);
    const paid = await fetch(second.checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: '4242 4242 4242 4242',
        expiry: '11 / 33',
        cvc: '123',
        name: 'Casey Buyer',
        saveCard: 'on',
      }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(await myCards(shopper)).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: 'visa', last4: '4242', expMonth: 11, expYear: 2033 },
    ]);
  });

  it('refuses a card id that is not Stripe’s shape, and answers signed-out callers 401', async () => {
    const shopper = await newShopper(baseUrl);
    expect((await api(baseUrl, shopper, 'DELETE', '/account/cards/not-a-card')).status).toBe(404);
    const signedOut = await fetch(`${baseUrl}/api/account/cards`);
    expect(signedOut.status).toBe(401);
  });
});

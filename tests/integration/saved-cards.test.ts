/**
 * Saved cards against the local stack (issue 28, Payment Methods): a client adds a card on Stripe's
 * hosted page in setup mode (the stand-in's), sees it listed, and removes it; a declined card is not
 * saved; nobody else can remove it; the saving page's checkout.session.completed touches no order.
 */
import { describe, expect, inject, it } from 'vitest';
import type { CardSetup, SavedCards } from '#domain/accounts/saved-cards';
import type { EventRecord } from '../../infra/local/stripe/objects';
import { api, newShopper, stripeEvents, type Shopper } from '../support/checkout';
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

  it('refuses a card id that is not Stripe’s shape, and answers signed-out callers 401', async () => {
    const shopper = await newShopper(baseUrl);
    expect((await api(baseUrl, shopper, 'DELETE', '/account/cards/not-a-card')).status).toBe(404);
    const signedOut = await fetch(`${baseUrl}/api/account/cards`);
    expect(signedOut.status).toBe(401);
  });
});

/**
 * Security review of checkout, orders, payments and live chat against the local stack, as an
 * outside reviewer would probe them: another customer's orders and chats, staff routes without the
 * right token, malformed path parameters, forged, replayed and misdirected payment events.
 */
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { StartChatResponse } from '#domain/chat/api';
import { CHAT_SECRET_HEADER } from '#domain/chat/chat';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { resetConfigCache } from '../../functions/lib/config';
import { stripeClient } from '../../functions/lib/stripe';
import {
  addSample,
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  placement,
  shopperWithPlacedOrder,
  stripeControl,
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { signInTokens } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let stripe: Stripe;
let staff: { accessToken: string; idToken: string };
let owner: Shopper;
let ownersOrder: PlacedOrder;
let stranger: Shopper;

beforeAll(async () => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
  ])
    process.env[name] = env[name];
  resetConfigCache();
  stripe = stripeClient();
  staff = await signInTokens(baseUrl, inject('staffAccount'));
  ({ shopper: owner, order: ownersOrder } = await shopperWithPlacedOrder(baseUrl));
  stranger = await newShopper(baseUrl, { firstName: 'Mallory', lastName: 'Probe' });
});

const NOT_FOUND = { status: 404, body: { message: ORDER_MESSAGES.notFound } };

describe('path parameters an attacker makes up', () => {
  const longId = 'A'.repeat(3000);

  it('a very long order or checkout session id is an order that does not exist, never a 500', async () => {
    expect(await api(baseUrl, owner, 'GET', `/orders/${longId}`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, owner, 'GET', `/orders/${longId}/invoice`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, owner, 'GET', `/checkout/sessions/${longId}`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, owner, 'GET', `/checkout/sessions/cs_${longId}`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, staff, 'GET', `/admin/orders/${longId}`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, staff, 'POST', `/admin/orders/${longId}/transitions`, { action: 'deliver' })).toEqual(
      NOT_FOUND,
    );
  });

  it('ids with %-escapes, key separators and unicode are unknown orders', async () => {
    for (const id of ['%E2%80%AE', 'x%23ORDER', '%F0%9F%92%A9', '..%2F..%2Fadmin']) {
      expect((await api(baseUrl, owner, 'GET', `/orders/${id}`)).status).toBe(404);
      expect((await api(baseUrl, owner, 'GET', `/checkout/sessions/${id}`)).status).toBe(404);
    }
    expect((await api(baseUrl, owner, 'GET', '/orders/%E0%A4%A')).status).toBe(400);
  });

  it('tracking with an over-long number or e-mail is a 400, not a look-up', async () => {
    const track = (query: Record<string, string>) =>
      api(baseUrl, null, 'GET', `/track-order?${new URLSearchParams(query)}`);
    expect((await track({ orderNumber: 'HBB-'.padEnd(5000, 'Z'), email: owner.email })).status).toBe(400);
    expect((await track({ orderNumber: ownersOrder.orderNumber, email: `${'a'.repeat(5000)}@x.com` })).status).toBe(
      400,
    );
  });
});

describe('another customer’s order', () => {
  it('cannot be read or changed through the customer or staff routes', async () => {
    expect(await api(baseUrl, stranger, 'GET', `/orders/${ownersOrder.orderId}`)).toEqual(NOT_FOUND);
    expect(await api(baseUrl, stranger, 'GET', `/checkout/sessions/${ownersOrder.checkoutSessionId}`)).toEqual(
      NOT_FOUND,
    );
    expect((await api(baseUrl, stranger, 'GET', `/admin/orders/${ownersOrder.orderId}`)).status).toBe(403);
    expect(
      (await api(baseUrl, stranger, 'POST', `/admin/orders/${ownersOrder.orderId}/transitions`, { action: 'cancel' }))
        .status,
    ).toBe(403);
    expect((await api(baseUrl, { accessToken: staff.idToken }, 'GET', '/admin/orders')).status).toBe(401);
  });
});

describe('placing more than once', () => {
  const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

  it('of samples alone: a second visit’s order closes the first one’s payment page, so the samples are not paid twice', async () => {
    const shopper = await newShopper(baseUrl);
    await addSample(baseUrl, shopper);
    const first = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper));
    const second = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(first.body.checkoutUrl))).status).toBe('expired');
    expect((await stripe.checkout.sessions.retrieve(sessionIdOf(second.body.checkoutUrl))).status).toBe('open');
    expect(
      (
        await stripeControl(baseUrl, `/sessions/${sessionIdOf(first.body.checkoutUrl)}/pay`, {
          card: '4242424242424242',
        })
      ).status,
    ).toBe(409);
  });

  it('from one cart, at once: one payment page stays open however many different placements run, so the cart cannot be paid twice', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(baseUrl, shopper, 'POST', '/orders', placement(shopper))),
    );
    expect(answers.every((answer) => [201, 409].includes(answer.status))).toBe(true);
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    const sessions = await Promise.all(
      placed.map((answer) => stripe.checkout.sessions.retrieve(sessionIdOf(answer.body.checkoutUrl))),
    );
    expect(sessions.filter((session) => session.status === 'open')).toHaveLength(1);
  });
});

describe('payment events an attacker sends or replays', () => {
  function deliver(body: string, signature: string) {
    return fetch(`${baseUrl}/api/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
  }
  const signedAt = (body: string, timestamp: number) =>
    stripe.webhooks.generateTestHeaderString({ payload: body, secret: env.STRIPE_WEBHOOK_SECRET!, timestamp });

  it('a correctly signed event older than five minutes (a replay) is refused and pays nothing', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const session = await stripe.checkout.sessions.retrieve(order.checkoutSessionId);
    const event = {
      id: 'evt_replayed',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
    };
    const body = JSON.stringify(event);
    const answer = await deliver(body, signedAt(body, Math.floor(Date.now() / 1000) - 10 * 60));
    expect(answer.status).toBe(400);
    expect((await myOrder(baseUrl, shopper, order.orderId)).paymentStatus).toBe('pending');
  });

  it('a refund event for an order that was never paid changes nothing', async () => {
    const { shopper, order } = await shopperWithPlacedOrder(baseUrl);
    const charge = {
      id: 'ch_forged',
      object: 'charge',
      refunded: true,
      amount_refunded: 100,
      payment_intent: null,
      metadata: { orderId: order.orderId },
    };
    const body = JSON.stringify({
      id: 'evt_refund_unpaid',
      object: 'event',
      type: 'charge.refunded',
      data: { object: charge },
    });
    expect((await deliver(body, signedAt(body, Math.floor(Date.now() / 1000)))).status).toBe(200);
    expect(await myOrder(baseUrl, shopper, order.orderId)).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
    });
  });
});

describe('live chat of someone else', () => {
  let chat: StartChatResponse;
  beforeAll(async () => {
    chat = (
      await api<StartChatResponse>(baseUrl, owner, 'POST', '/chat/sessions', {
        name: 'Owner <img src=x onerror=alert(1)>',
      })
    ).body;
  });
  const chatCall = (headers: Record<string, string>, method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('cannot be read or written without its secret, with another chat’s secret, or with another client’s token', async () => {
    const path = `/chat/sessions/${chat.session.id}/messages`;
    const other = (await api<StartChatResponse>(baseUrl, null, 'POST', '/chat/sessions', { name: 'Visitor' })).body;
    expect((await chatCall({}, 'GET', path)).status).toBe(401);
    expect((await chatCall({ [CHAT_SECRET_HEADER]: other.secret }, 'GET', path)).status).toBe(404);
    expect((await chatCall({ authorization: `Bearer ${stranger.accessToken}` }, 'GET', path)).status).toBe(404);
    expect((await chatCall({ [CHAT_SECRET_HEADER]: other.secret }, 'POST', path, { text: 'hi' })).status).toBe(404);
    expect(
      (await chatCall({ [CHAT_SECRET_HEADER]: chat.secret }, 'GET', `/chat/sessions/${'x'.repeat(3000)}/messages`))
        .status,
    ).toBe(404);
    expect(
      (
        await chatCall(
          { authorization: `Bearer ${stranger.accessToken}` },
          'GET',
          `/admin/chat/sessions/${chat.session.id}/messages`,
        )
      ).status,
    ).toBe(403);
  });

  it('a customer cannot post as staff by adding staff fields', async () => {
    const answer = await chatCall(
      { [CHAT_SECRET_HEADER]: chat.secret },
      'POST',
      `/chat/sessions/${chat.session.id}/messages`,
      {
        text: 'I am support',
        senderType: 'support',
        role: 'staff',
        senderName: 'Support Team',
      },
    );
    expect([201, 400]).toContain(answer.status);
    if (answer.status === 201) expect((await answer.json()).message).toMatchObject({ senderType: 'customer' });
  });
});

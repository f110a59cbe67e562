/**
 * Paying on account against the local stack (issue 28): staff approve a client for net 15 or net 30
 * with a credit limit; the client places orders on account with a PO number, each holding its amount
 * of the limit in its placing transaction, so orders placed at once never pass it; a client not on
 * terms is refused; cancelling gives the credit back; withdrawing terms keeps what is held.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CREDIT_MESSAGES, type CreditAccountView } from '#domain/accounts/payment-terms';
import { SAMPLE_SHIPPING_CENTS } from '#domain/samples/messages';
import { addSample, addToCart, api, blind, myOrder, newShopper, placement, type Shopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
});

const termsPath = (shopper: Shopper) => `/admin/clients/${shopper.clientId}/payment-terms`;

async function approve(
  shopper: Shopper,
  terms: 'net15' | 'net30',
  creditLimitCents: number,
): Promise<CreditAccountView> {
  const answer = await api<CreditAccountView>(baseUrl, staff, 'PUT', termsPath(shopper), { terms, creditLimitCents });
  if (answer.status !== 200) throw new Error(`approving answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const credit = async (shopper: Shopper) => api<CreditAccountView>(baseUrl, shopper, 'GET', '/account/credit');

const onAccount = (shopper: Shopper, poNumber = 'PO-4471') =>
  placement(shopper, { paymentMethod: 'account', poNumber });

describe('payment terms, set by staff', () => {
  it('approves a client for net 30 with a limit, changes and withdraws it, keeping what is held', async () => {
    const shopper = await newShopper(baseUrl);
    expect((await api(baseUrl, staff, 'GET', termsPath(shopper))).status, 'never approved').toBe(404);
    expect((await credit(shopper)).status).toBe(404);

    expect(await approve(shopper, 'net30', 250_000)).toMatchObject({
      terms: 'net30',
      creditLimitCents: 250_000,
      heldCents: 0,
      availableCents: 250_000,
    });
    expect((await credit(shopper)).body).toMatchObject({ terms: 'net30', availableCents: 250_000 });

    await addToCart(baseUrl, shopper, blind());
    const placed = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper));
    expect(placed.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    const held = order.totals.totalCents;

    expect(await approve(shopper, 'net15', 100_000), 'a change keeps the credit held').toMatchObject({
      terms: 'net15',
      heldCents: held,
      availableCents: 100_000 - held,
    });
    const withdrawn = await api<CreditAccountView>(baseUrl, staff, 'DELETE', termsPath(shopper));
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ terms: null, heldCents: held, availableCents: 0 });

    await addToCart(baseUrl, shopper, blind());
    const refused = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper));
    expect(refused).toMatchObject({
      status: 403,
      body: { message: CREDIT_MESSAGES.notOnTerms, fieldErrors: { paymentMethod: CREDIT_MESSAGES.notOnTerms } },
    });
  });

  it('lets only staff set terms, and names a wrong field', async () => {
    const shopper = await newShopper(baseUrl);
    expect(
      (await api(baseUrl, shopper, 'PUT', termsPath(shopper), { terms: 'net30', creditLimitCents: 100 })).status,
    ).toBe(403);
    expect(
      (await api(baseUrl, staff, 'PUT', termsPath(shopper), { terms: 'net60', creditLimitCents: 100 })).body,
    ).toMatchObject({ fieldErrors: { terms: CREDIT_MESSAGES.terms } });
    expect(
      (await api(baseUrl, staff, 'PUT', termsPath(shopper), { terms: 'net30', creditLimitCents: 99.5 })).body,
    ).toMatchObject({ fieldErrors: { creditLimitCents: CREDIT_MESSAGES.creditLimit } });
    expect(
      (
        await api(baseUrl, staff, 'PUT', '/admin/clients/no-such-client/payment-terms', {
          terms: 'net30',
          creditLimitCents: 100,
        })
      ).status,
    ).toBe(404);
  });
});

describe('an order on account', () => {
  it('is placed with its PO number and terms, goes to processing on invoice, empties the cart and is mailed', async () => {
    const shopper = await newShopper(baseUrl);
    await approve(shopper, 'net30', 500_000);
    await addToCart(baseUrl, shopper, blind(), 'Office');

    const placed = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper, ' PO-2026-118 '));
    expect(placed.status).toBe(201);
    expect(placed.body.checkoutUrl).toBe(`/checkout/success?order=${placed.body.orderId}`);

    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    expect(order).toMatchObject({
      channel: 'account',
      status: 'processing',
      paymentStatus: 'invoice',
      poNumber: 'PO-2026-118',
      paymentTerms: 'net30',
      checkoutSessionId: null,
      paidAt: null,
    });
    expect((await credit(shopper)).body).toMatchObject({
      heldCents: order.totals.totalCents,
      availableCents: 500_000 - order.totals.totalCents,
    });
    expect((await api(baseUrl, shopper, 'GET', '/cart')).body.items, 'the cart is emptied as a paid order’s').toEqual(
      [],
    );
    const mine = (await api(baseUrl, shopper, 'GET', '/orders')).body.orders;
    expect(mine.map((row: { id: string }) => row.id)).toContain(order.id);

    const about = async () =>
      (await mailsFor(baseUrl, shopper.email)).filter((mail) => mail.subject.includes(order.orderNumber));
    const mails = await eventually(about, (found) => found.length >= 2, 15_000);
    const confirmation = mails.find((mail) => mail.to.includes(shopper.email))!;
    expect(confirmation.subject).toBe(`Order confirmed: ${order.orderNumber} (your PO PO-2026-118)`);
    expect(confirmation.text).toContain('Payment: On account (Net 30)');
    expect(confirmation.text).not.toMatch(/payment (of|received)/i);
    const notice = mails.find((mail) => mail.to.includes(env.STAFF_EMAIL!))!;
    expect(notice.text).toContain('PO number: PO-2026-118');

    const again = await api(baseUrl, shopper, 'POST', '/orders', { ...onAccount(shopper), placementKey: undefined });
    expect(again.status, 'no PO-less placement key either').toBe(400);
  });

  it('names the PO number when it is missing or too long', async () => {
    const shopper = await newShopper(baseUrl);
    await approve(shopper, 'net15', 500_000);
    await addToCart(baseUrl, shopper, blind());
    const missing = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper, { paymentMethod: 'account' }));
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { poNumber: CREDIT_MESSAGES.poNumber } } });
    const long = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper, 'P'.repeat(41)));
    expect(long).toMatchObject({ status: 400, body: { fieldErrors: { poNumber: CREDIT_MESSAGES.poNumberLength } } });
    const method = await api(baseUrl, shopper, 'POST', '/orders', placement(shopper, { paymentMethod: 'cheque' }));
    expect(method).toMatchObject({ status: 400, body: { fieldErrors: { paymentMethod: expect.any(String) } } });
  });

  it('is refused to a client not on terms, naming the field', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const refused = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper));
    expect(refused).toMatchObject({
      status: 403,
      body: { message: CREDIT_MESSAGES.notOnTerms, fieldErrors: { paymentMethod: CREDIT_MESSAGES.notOnTerms } },
    });
    expect((await api(baseUrl, shopper, 'GET', '/cart')).body.items).toHaveLength(1);
  });

  it('gives its credit back when staff cancel it', async () => {
    const shopper = await newShopper(baseUrl);
    await approve(shopper, 'net30', 500_000);
    await addToCart(baseUrl, shopper, blind());
    const placed = await api(baseUrl, shopper, 'POST', '/orders', onAccount(shopper));
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    expect((await credit(shopper)).body.heldCents).toBe(order.totals.totalCents);

    const cancelled = await api(baseUrl, staff, 'POST', `/admin/orders/${order.id}/transitions`, {
      action: 'cancel',
      reason: 'Ordered twice',
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'invoice' });
    const after = await eventually(
      () => credit(shopper),
      (answer) => answer.body.heldCents === 0,
      15_000,
    );
    expect(after.body).toMatchObject({ heldCents: 0, availableCents: 500_000 });
  });
});

describe('orders on account placed at once', () => {
  it('never hold more than the limit together, and the refused ones name the credit left', async () => {
    const shopper = await newShopper(baseUrl);
    // Ten browsers of one client, each ordering its own sample ($15 shipping): three fit a $50 limit.
    const limit = 5_000;
    await approve(shopper, 'net30', limit);
    const browsers = Array.from({ length: 10 }, (_, index) => ({ ...shopper, session: `${shopper.session}-${index}` }));
    for (const browser of browsers) await addSample(baseUrl, browser);

    const answers = await Promise.all(
      browsers.map((browser) => api(baseUrl, browser, 'POST', '/orders', onAccount(browser))),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    const fits = Math.floor(limit / SAMPLE_SHIPPING_CENTS);
    expect(placed).toHaveLength(fits);
    const left = limit - fits * SAMPLE_SHIPPING_CENTS;
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 409,
        body: { fieldErrors: { paymentMethod: CREDIT_MESSAGES.overLimit(SAMPLE_SHIPPING_CENTS, left) } },
      });
    }
    expect((await credit(shopper)).body).toMatchObject({
      heldCents: fits * SAMPLE_SHIPPING_CENTS,
      availableCents: left,
    });
  });
});

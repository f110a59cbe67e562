/**
 * Customer quotes against the local stack (issue 28): saved from the cart with checkout's figures,
 * read back by their owner only, printed as a PDF, shared by a signed link that needs no sign-in,
 * e-mailed; accepted once at the quoted prices (after a grid change too) and paid through the
 * stand-in; refused once expired; and replaced by staff's version, which mails the customer. Blinds
 * over 100" wide make a freight quote that cannot be accepted until staff price it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLLER_GREEN_3000_COLORS } from '#domain/catalogue/colors';
import { QUOTE_MESSAGES, QUOTE_NUMBER_PATTERN, type CustomerQuoteView } from '#domain/customer-quotes/customer-quote';
import { configurationSchema } from '#domain/pricing/configuration';
import { QUOTE_EMAIL_LIMITS } from '#domain/rate-limits';
import {
  addToCart,
  api,
  blind,
  DENVER,
  myOrder,
  newShopper,
  pay,
  placeOrder,
  seedUnitCents,
  type Shopper,
} from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { startClockedGateway } from '../support/clocked-gateway';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { pdfPagesText } from '../support/pdf-text';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staffAccount = inject('staffAccount');

let staff: { accessToken: string };
let clock = Date.now();
let clockedBase: string;
let closeGateway: () => Promise<void>;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
  const gateway = await startClockedGateway(env, () => clock);
  clockedBase = gateway.api.replace(/\/api$/, '');
  closeGateway = gateway.close;
});

afterAll(() => closeGateway());

const quoteBody = (shopper: Shopper, fields: Record<string, unknown> = {}) => ({
  customer: { name: 'Zoë Müller', email: shopper.email, phone: '214-555-0100' },
  shippingAddress: DENVER,
  ...fields,
});

/** A shopper with two blinds in the cart (one in the Kitchen) and a quote saved from it. */
async function shopperWithQuote(): Promise<{ shopper: Shopper; quote: CustomerQuoteView }> {
  const shopper = await newShopper(baseUrl, { firstName: 'Zoë', lastName: 'Müller' });
  await addToCart(baseUrl, shopper, blind({ quantity: 2 }), 'Kitchen');
  await addToCart(baseUrl, shopper, blind({ width: { inches: 48, eighths: 0 } }), 'Den');
  const answer = await api<CustomerQuoteView>(baseUrl, shopper, 'POST', '/customer-quotes', quoteBody(shopper));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { shopper, quote: answer.body };
}

const tokenOf = (shareUrl: string) => new URL(shareUrl).pathname.split('/').pop()!;

async function pdfText(path: string, shopper: Shopper | null): Promise<string> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    headers: shopper ? { authorization: `Bearer ${shopper.accessToken}` } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return (await pdfPagesText(new Uint8Array(await response.arrayBuffer()))).flat().join('\n');
}

describe('saving a quote', () => {
  it("keeps every line with its room and checkout's figures, valid for 30 days, and lists it for its owner only", async () => {
    const { shopper, quote } = await shopperWithQuote();
    expect(quote.number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(quote).toMatchObject({ version: 1, status: 'open', needsFreight: false });
    expect(quote.lines.map((line) => [line.roomLabel, line.quantity])).toEqual([
      ['Kitchen', 2],
      ['Den', 1],
    ]);
    const blinds = 2 * seedUnitCents(blind()) + seedUnitCents(blind({ width: { inches: 48, eighths: 0 } }));
    const { totals } = quote;
    expect(totals.subtotalCents).toBe(blinds);
    expect(totals.shippingCents).toBe(3 * 1250);
    expect(totals.totalCents).toBe(
      totals.subtotalCents - totals.discountCents + totals.taxCents + totals.shippingCents! + totals.installationCents,
    );
    expect(new Date(quote.validUntil).getTime() - new Date(quote.createdAt).getTime()).toBe(30 * DAY_MS);

    // The same figures as checkout's own quote of the cart for the address.
    const checkout = await api(baseUrl, shopper, 'POST', '/checkout/quote', { shippingAddress: DENVER });
    expect(checkout.body.totalCents).toBe(totals.totalCents);

    const list = await api(baseUrl, shopper, 'GET', '/customer-quotes');
    expect(list.body.quotes).toEqual([
      expect.objectContaining({ id: quote.id, reference: quote.number, status: 'open', totalCents: totals.totalCents }),
    ]);
    const read = await api<CustomerQuoteView>(baseUrl, shopper, 'GET', `/customer-quotes/${quote.id}`);
    expect(read.body.lines).toEqual(quote.lines);

    const stranger = await newShopper(baseUrl);
    for (const path of [`/customer-quotes/${quote.id}`, `/customer-quotes/${quote.id}/pdf`]) {
      const answer = await api(baseUrl, stranger, 'GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(QUOTE_MESSAGES.notFound);
    }
    expect((await api(baseUrl, stranger, 'POST', `/customer-quotes/${quote.id}/accept`)).status).toBe(404);
    expect((await api(baseUrl, null, 'GET', `/customer-quotes/${quote.id}`)).status).toBe(401);
  });

  it('is refused for an empty cart, naming it', async () => {
    const shopper = await newShopper(baseUrl);
    const answer = await api(baseUrl, shopper, 'POST', '/customer-quotes', quoteBody(shopper));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(QUOTE_MESSAGES.emptyCart);
  });

  it('prints a PDF with its number, lines, rooms and the name with its accents', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const text = await pdfText(`/customer-quotes/${quote.id}/pdf`, shopper);
    for (const expected of ['QUOTE', quote.number, 'Zoë Müller', 'Room: Kitchen', 'Room: Den', 'Valid until'])
      expect(text).toContain(expected);
  });
});

describe('a quote of a building', () => {
  it('holds 1,000 lines, read back whole, printed, and accepted into a 1,000-line order', async () => {
    const shopper = await newShopper(baseUrl);
    const lines = Array.from({ length: 1000 }, (_, i) => ({
      configuration: blind({ width: { inches: 24 + (i % 40), eighths: i % 8 } }),
      roomLabel: `Unit ${Math.floor(i / 4) + 1} window ${(i % 4) + 1}`,
    }));
    const timed = async <T>(step: () => Promise<T>): Promise<[T, number]> => {
      const start = performance.now();
      const result = await step();
      return [result, Math.round(performance.now() - start)];
    };
    const [saved, saveMs] = await timed(() =>
      api<CustomerQuoteView>(baseUrl, shopper, 'POST', '/customer-quotes', { ...quoteBody(shopper), lines }),
    );
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(201);
    const [read, readMs] = await timed(() =>
      api<CustomerQuoteView>(baseUrl, shopper, 'GET', `/customer-quotes/${saved.body.id}`),
    );
    expect(read.body.lines).toHaveLength(1000);
    expect(read.body.lines.at(-1)).toMatchObject({ position: 1000, roomLabel: 'Unit 250 window 4' });
    const [pdf, pdfMs] = await timed(() => pdfText(`/customer-quotes/${saved.body.id}/pdf`, shopper));
    expect(pdf).toContain('Room: Unit 250 window 4');
    const [accepted, acceptMs] = await timed(() =>
      api(baseUrl, shopper, 'POST', `/customer-quotes/${saved.body.id}/accept`),
    );
    expect(accepted.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, accepted.body.orderId);
    expect(order.lines).toHaveLength(1000);
    expect(order.totals.totalCents).toBe(saved.body.totals.totalCents);
    console.info(`1,000-line quote: save ${saveMs} ms, read ${readMs} ms, PDF ${pdfMs} ms, accept ${acceptMs} ms`);
  });
});

describe('sharing a quote', () => {
  it('opens read-only without signing in, with its PDF; a tampered link is refused', async () => {
    const { quote } = await shopperWithQuote();
    const token = tokenOf(quote.shareUrl);
    const shared = await api(baseUrl, null, 'GET', `/customer-quotes/shared/${token}`);
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ number: quote.number, customerName: 'Zoë Müller', status: 'open' });
    expect(shared.body.customer).toBeUndefined();
    expect(shared.body.lines).toHaveLength(2);
    expect(await pdfText(`/customer-quotes/shared/${token}/pdf`, null)).toContain(quote.number);

    const [payload, signature] = [token.slice(0, -43), token.slice(-43)];
    const otherId = Buffer.from(crypto.randomUUID()).toString('base64url');
    for (const tampered of [`${otherId}${signature}`, `${payload}${signature.slice(0, -2)}AA`, payload]) {
      const answer = await api(baseUrl, null, 'GET', `/customer-quotes/shared/${tampered}`);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe(QUOTE_MESSAGES.linkInvalid);
    }
  });

  it('e-mails the link to the address typed, replying to the customer', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const owner = `owner-${crypto.randomUUID()}@example.com`;
    const answer = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/email`, {
      email: owner,
      message: 'For the board on Monday',
    });
    expect(answer.status).toBe(202);
    const [mail] = await eventually(
      () => mailsFor(baseUrl, owner),
      (mails) => mails.length > 0,
    );
    expect(mail).toMatchObject({ subject: `Zoë Müller sent you quote ${quote.number}`, replyTo: [shopper.email] });
    expect(mail!.text).toContain(quote.shareUrl);
    expect(mail!.text).toContain('For the board on Monday');
  });
});

describe('e-mailing quotes', () => {
  it('is limited per recipient, as the other mails: the sixth to one address in a day is 429', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const send = fetchFrom();
    const owner = `board-${crypto.randomUUID()}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= QUOTE_EMAIL_LIMITS.perRecipient.limit + 1; attempt += 1) {
      const response = await send(`${baseUrl}/api/customer-quotes/${quote.id}/email`, {
        method: 'POST',
        headers: { authorization: `Bearer ${shopper.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([...Array(QUOTE_EMAIL_LIMITS.perRecipient.limit).fill(202), 429]);
  });
});

describe('accepting a quote', () => {
  it('places the order at the quoted figures and pays it through the demo payment page', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const accepted = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const checkoutSessionId = new URL(accepted.body.checkoutUrl).pathname.split('/').pop()!;
    await pay(baseUrl, checkoutSessionId);
    const order = await eventually(
      () => myOrder(baseUrl, shopper, accepted.body.orderId),
      (placed) => placed.paymentStatus === 'paid',
    );
    expect(order).toMatchObject({ paymentStatus: 'paid', amountPaidCents: quote.totals.totalCents });
    expect(order.totals.totalCents).toBe(quote.totals.totalCents);
    expect(order.lines.map((line) => [line.roomLabel, line.unitCents])).toEqual(
      quote.lines.map((line) => [line.roomLabel, line.unitCents]),
    );
    const read = await api<CustomerQuoteView>(baseUrl, shopper, 'GET', `/customer-quotes/${quote.id}`);
    expect(read.body).toMatchObject({
      status: 'accepted',
      order: { id: accepted.body.orderId, orderNumber: accepted.body.orderNumber },
    });
  });

  it('gives two accepts at once one order and one payment page', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const answers = await Promise.all(
      [1, 2, 3].map(() => api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.orderId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.checkoutUrl)).size).toBe(1);
    const again = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(again.body.orderId).toBe(answers[0]!.body.orderId);
  });

  it('keeps its payment page open when the customer checks out their cart meanwhile', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const accepted = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(accepted.status).toBe(201);
    const cartOrder = await placeOrder(baseUrl, shopper);
    const again = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(again.body).toMatchObject({ orderId: accepted.body.orderId, checkoutUrl: accepted.body.checkoutUrl });
    // And the cart's checkout is not closed by the quote's.
    await pay(baseUrl, cartOrder.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, shopper, cartOrder.orderId),
      (placed) => placed.paymentStatus === 'paid',
    );
  });

  it('holds the quoted price after the grids change', async () => {
    const roller = configurationSchema.parse({
      family: 'roller-shades',
      series: 'green3000',
      width: { inches: 80, eighths: 0 },
      length: { inches: 60, eighths: 0 },
      mount: 'outside',
      measurement: 'blind',
      color: ROLLER_GREEN_3000_COLORS[0]!.code,
      quantity: 1,
      options: { fascia: true },
    });
    const shopper = await newShopper(baseUrl);
    const saved = await api<CustomerQuoteView>(baseUrl, shopper, 'POST', '/customer-quotes', {
      ...quoteBody(shopper),
      lines: [{ configuration: roller, roomLabel: 'Lobby' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const fascia = (csv: string) =>
      fetch(`${baseUrl}/api/admin/price-grids/fascia`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staff.accessToken}`, 'content-type': 'text/csv' },
        body: csv,
      });
    const SEED_FASCIA_CSV =
      'width_min,width_max,price\n24,36,18.00\n36,48,24.00\n48,60,30.00\n60,72,36.00\n72,84,42.00';
    try {
      expect((await fascia(SEED_FASCIA_CSV.replace('42.00', '92.00'))).status).toBe(200);
      const today = await api(baseUrl, null, 'POST', '/quotes', { configurations: [roller] });
      expect(today.body.results[0].unitCents).toBe(saved.body.lines[0]!.unitCents + 5000);

      const accepted = await api(baseUrl, shopper, 'POST', `/customer-quotes/${saved.body.id}/accept`);
      expect(accepted.status).toBe(201);
      const order = await myOrder(baseUrl, shopper, accepted.body.orderId);
      expect(order.lines[0]!.unitCents).toBe(saved.body.lines[0]!.unitCents);
      expect(order.totals.totalCents).toBe(saved.body.totals.totalCents);
    } finally {
      await fascia(SEED_FASCIA_CSV);
    }
  });

  it('refuses an expired quote with its message, and records it expired', async () => {
    const { shopper, quote } = await shopperWithQuote();
    clock = Date.now() + 31 * DAY_MS;
    const answer = await api(clockedBase, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(answer.status).toBe(410);
    expect(answer.body.message).toBe(
      QUOTE_MESSAGES.expired({ number: quote.number, version: 1, validUntil: quote.validUntil }),
    );
    const read = await api<CustomerQuoteView>(baseUrl, shopper, 'GET', `/customer-quotes/${quote.id}`);
    expect(read.body.status).toBe('expired');
    expect(read.body.order).toBeNull();
  });
});

describe("staff's versions", () => {
  it('replace the old quote, which links to the new one, and mail the customer', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const version = await api(baseUrl, staff, 'POST', `/admin/customer-quotes/${quote.id}/versions`, {
      oldBlindsRemoved: 3,
      highLadderCents: 30_000,
      discountCents: 1_000,
      discountLabel: 'Board discount',
      note: 'Priced for the ladder on the stairwell.',
    });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    expect(version.body).toMatchObject({ number: quote.number, version: 2, status: 'open', replacesId: quote.id });
    expect(version.body.totals.totalCents).toBe(quote.totals.totalCents! - 1_000 - 80 + 1_500 + 30_000);

    const old = await api(baseUrl, null, 'GET', `/customer-quotes/shared/${tokenOf(quote.shareUrl)}`);
    expect(old.body).toMatchObject({ status: 'replaced', replacedByReference: `${quote.number} v2` });
    expect(old.body.replacedByShareUrl).toBe(version.body.shareUrl);
    const refused = await api(baseUrl, shopper, 'POST', `/customer-quotes/${quote.id}/accept`);
    expect(refused.status).toBe(409);

    const mails = await eventually(
      () => mailsFor(baseUrl, shopper.email),
      (found) => found.some((mail) => mail.subject === `Your quote ${quote.number} v2 is ready`),
    );
    expect(mails.map((mail) => mail.subject)).toContain(`Your quote ${quote.number} v2 is ready`);

    const again = await api(baseUrl, staff, 'POST', `/admin/customer-quotes/${quote.id}/versions`, {});
    expect(again.status).toBe(409);
    const entries = await auditEntriesOf(baseUrl, staff, 'customerQuote', quote.number);
    expect(entries, 'the refused version is not audited').toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'issueVersion',
      staff: { id: staffIdOf(staff) },
      record: { kind: 'customerQuote', id: quote.number, label: `${quote.number} v2` },
      before: {
        version: 1,
        discountCents: quote.totals.discountCents,
        totalCents: quote.totals.totalCents,
        staffNote: null,
      },
      after: {
        version: 2,
        charges: version.body.totals.charges,
        discountCents: version.body.totals.discountCents,
        totalCents: version.body.totals.totalCents,
        validUntil: version.body.validUntil,
        staffNote: 'Priced for the ladder on the stairwell.',
      },
    });
  });

  it('price a freight quote, which cannot be accepted before', async () => {
    const shopper = await newShopper(baseUrl);
    const vertical = blind({
      family: 'vertical-blinds',
      series: 'vertical-3-5',
      color: 'V01',
      mount: 'outside',
      width: { inches: 102, eighths: 0 },
      length: { inches: 60, eighths: 0 },
      options: {},
    });
    await addToCart(baseUrl, shopper, vertical, 'Ballroom');
    const saved = await api<CustomerQuoteView>(baseUrl, shopper, 'POST', '/customer-quotes', quoteBody(shopper));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toMatchObject({ status: 'awaitingPricing', needsFreight: true });
    expect(saved.body.totals.totalCents).toBeNull();

    const early = await api(baseUrl, shopper, 'POST', `/customer-quotes/${saved.body.id}/accept`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(QUOTE_MESSAGES.awaitingPricing);

    const noFreight = await api(baseUrl, staff, 'POST', `/admin/customer-quotes/${saved.body.id}/versions`, {});
    expect(noFreight.status).toBe(400);
    expect(noFreight.body.fieldErrors).toEqual({ freightCents: QUOTE_MESSAGES.freightRequired });

    const priced = await api(baseUrl, staff, 'POST', `/admin/customer-quotes/${saved.body.id}/versions`, {
      freightCents: 45_000,
    });
    expect(priced.status).toBe(201);
    const { totals } = priced.body;
    expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + totals.taxCents + 45_000);

    const accepted = await api(baseUrl, shopper, 'POST', `/customer-quotes/${priced.body.id}/accept`);
    expect(accepted.status).toBe(201);
    await pay(baseUrl, new URL(accepted.body.checkoutUrl).pathname.split('/').pop()!);
    const order = await eventually(
      () => myOrder(baseUrl, shopper, accepted.body.orderId),
      (placed) => placed.paymentStatus === 'paid',
    );
    expect(order.amountPaidCents).toBe(totals.totalCents);
    expect(order.totals.charges).toEqual([expect.objectContaining({ kind: 'freight', cents: 45_000 })]);
  });

  it('are listed for staff, and closed to customers', async () => {
    const { shopper, quote } = await shopperWithQuote();
    const list = await api(baseUrl, staff, 'GET', '/admin/customer-quotes');
    expect(list.body.quotes.map((row: { id: string }) => row.id)).toContain(quote.id);
    const detail = await api(baseUrl, staff, 'GET', `/admin/customer-quotes/${quote.id}`);
    expect(detail.body.history).toEqual([expect.objectContaining({ from: null, to: 'open' })]);
    expect((await api(baseUrl, shopper, 'GET', '/admin/customer-quotes')).status).toBe(403);
  });
});

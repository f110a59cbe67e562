/**
 * The Price Match Guarantee against the local stack (issue 27): a signed-in customer's request,
 * priced by the server with the current grids (a price not below ours refused, naming the field);
 * staff's approval, which makes exactly one single-use code for the difference, valid 14 days, and
 * mails it; a second approval refused; a decline that mails its reason; and the routes closed to
 * guests and to customers who are not staff.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { PRICE_MATCH_MESSAGES } from '#domain/price-match/price-match';
import {
  customerPriceMatchesSchema,
  priceMatchesPageSchema,
  priceMatchRecordSchema,
  type PriceMatchRequestInput,
} from '#domain/price-match/price-match-schema';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { priceConfiguration } from '#domain/pricing/price';
import { PROMOTION_MESSAGES } from '#domain/promotions/promotion';
import { addToCart, api, blind, newShopper, type Shopper } from '../support/checkout';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');

let staff: { accessToken: string };
let customer: Shopper;
/** The customer of the staff tests: each customer may send five requests a day (domain/rate-limits.ts). */
let requester: Shopper;

/** Three standard faux wood blinds 35 x 60 and the seed grid's price of one. */
const configuration = blind({ quantity: 3 });
const quote = priceConfiguration(configuration, SEED_PRICE_GRIDS);
if (!quote.ok) throw new Error('the seed grids do not price the test blind');
const ourUnitCents = quote.unitCents;

const offer = (competitorPrice: number): PriceMatchRequestInput => ({
  configuration,
  competitorName: 'Blinds Galore',
  competitorPrice,
  competitorUrl: 'https://blindsgalore.example.com/faux-wood/35x60',
  note: 'Same 2" slats, free shipping',
});
/** A dollar below ours, as the customer types it. */
const belowOurs = (ourUnitCents - 100) / 100;

async function requested(): Promise<string> {
  const answer = await api(baseUrl, requester, 'POST', '/price-matches', offer(belowOurs));
  expect(answer.status).toBe(201);
  return answer.body.id;
}

const decide = (id: string, body: unknown, caller: { accessToken: string } = staff) =>
  api(baseUrl, caller, 'POST', `/admin/price-matches/${id}/decision`, body);

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
  [customer, requester] = await Promise.all([
    newShopper(baseUrl, { firstName: 'Mae', lastName: 'Matcher' }),
    newShopper(baseUrl, { firstName: 'Rey', lastName: 'Requester' }),
  ]);
});

describe('asking for a price match', () => {
  it('stores the request with our price from the current grids, lists it for staff and the customer, and mails both', async () => {
    const answer = await api(baseUrl, customer, 'POST', '/price-matches', {
      ...offer(belowOurs),
      // A figure of ours in the body is not part of the request: the server prices the blind itself.
      ourUnitCents: 1,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'requested',
      ourUnitCents,
      competitorUnitCents: ourUnitCents - 100,
      competitorName: 'Blinds Galore',
      title: 'Faux Wood Blinds: Standard',
      code: null,
    });
    expect(answer.body).not.toHaveProperty('clientId');

    const mine = customerPriceMatchesSchema.parse((await api(baseUrl, customer, 'GET', '/price-matches')).body);
    expect(mine.priceMatches.map((request) => request.id)).toContain(answer.body.id);
    const waiting = priceMatchesPageSchema.parse(
      (await api(baseUrl, staff, 'GET', '/admin/price-matches?list=requested')).body,
    );
    expect(waiting.priceMatches.find((request) => request.id === answer.body.id)).toMatchObject({
      customer: { name: 'Mae Matcher', email: customer.email },
    });

    const mails = await eventually(
      () => mailsFor(baseUrl, customer.email),
      (found) => found.some((mail) => mail.subject === 'We received your price match request'),
    );
    expect(mails.find((mail) => mail.replyTo.includes(customer.email))?.subject).toBe(
      'New price match request: Faux Wood Blinds: Standard at Blinds Galore',
    );
  });

  it('refuses a competitor price that is not below ours, naming the field', async () => {
    const message = PRICE_MATCH_MESSAGES.notBelow(ourUnitCents);
    expect(await api(baseUrl, customer, 'POST', '/price-matches', offer(ourUnitCents / 100))).toEqual({
      status: 400,
      body: { message, fieldErrors: { competitorPrice: message } },
    });
  });

  it('asks a guest to sign in', async () => {
    expect((await api(baseUrl, null, 'POST', '/price-matches', offer(belowOurs))).status).toBe(401);
  });
});

describe('staff decide', () => {
  it('approve: one single-use code, the customer’s own, for the difference on every blind, valid 14 days, mailed with its amount and last day', async () => {
    const id = await requested();
    const answer = await decide(id, { action: 'approve' });
    expect(answer.status).toBe(200);
    const approved = priceMatchRecordSchema.parse(answer.body);
    const today = shopDateAt(new Date());
    expect(approved).toMatchObject({
      status: 'approved',
      code: { amountCents: 300, endsOn: addDays(today, 13) },
    });
    const code = approved.code!;
    expect(code.code).toMatch(/^PM-[2-9A-HJ-NP-Z]{6}$/);

    const promotion = await api(baseUrl, staff, 'GET', `/admin/promotions/${code.promotionId}`);
    expect(promotion.body).toMatchObject({
      code: code.code,
      name: 'Price match',
      kind: 'amount',
      amountCents: 300,
      families: ['faux-wood-blinds'],
      minBlinds: 3,
      maxRedemptions: 1,
      perCustomerLimit: 1,
      onlyClientId: requester.userId,
      startsOn: today,
      endsOn: addDays(today, 13),
      redeemedCount: 0,
    });

    // The customer's own: it takes the difference off their three blinds; another customer is refused it.
    await addToCart(baseUrl, requester, configuration);
    expect((await api(baseUrl, requester, 'GET', `/cart?promoCode=${code.code}`)).body).toMatchObject({
      discountCents: 300,
      promoCode: { code: code.code, status: 'applied' },
    });
    await addToCart(baseUrl, customer, configuration);
    expect((await api(baseUrl, customer, 'GET', `/cart?promoCode=${code.code}`)).body.promoCode).toEqual({
      code: code.code,
      status: 'refused',
      message: PROMOTION_MESSAGES.anotherCustomer,
    });

    const mails = await eventually(
      () => mailsFor(baseUrl, requester.email),
      (found) => found.some((mail) => mail.subject.endsWith(code.code)),
    );
    const mail = mails.find((found) => found.subject.endsWith(code.code))!;
    expect(mail.text).toContain(code.code);
    expect(mail.text).toContain('$3.00 off an order of 3 or more Faux Wood Blinds');

    expect(await decide(id, { action: 'approve' })).toEqual({
      status: 409,
      body: { message: PRICE_MATCH_MESSAGES.decided('approved') },
    });
    expect(await decide(id, { action: 'decline', reason: 'Changed my mind' })).toEqual({
      status: 409,
      body: { message: PRICE_MATCH_MESSAGES.decided('approved') },
    });
  });

  it('approve at the same moment twice: one decision, one code', async () => {
    const id = await requested();
    const answers = await Promise.all([decide(id, { action: 'approve' }), decide(id, { action: 'approve' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const promotions = (await api(baseUrl, staff, 'GET', '/admin/promotions')).body.promotions as Array<{
      code: string;
    }>;
    const approved = answers.find((answer) => answer.status === 200)!.body;
    expect(promotions.filter((promotion) => promotion.code === approved.code.code)).toHaveLength(1);
    expect(await auditEntriesOf(baseUrl, staff, 'priceMatch', id), 'one decision audited').toEqual([
      expect.objectContaining({
        action: 'approve',
        staff: expect.objectContaining({ id: staffIdOf(staff) }),
        record: { kind: 'priceMatch', id },
        before: { status: 'requested', code: null },
        after: { status: 'approved', code: approved.code },
      }),
    ]);
    const mine = customerPriceMatchesSchema.parse((await api(baseUrl, requester, 'GET', '/price-matches')).body);
    expect(mine.priceMatches.find((request) => request.id === id)?.code?.code).toBe(approved.code.code);
  });

  it('decline: needs a reason, naming the field, and mails it', async () => {
    const id = await requested();
    const missing = await decide(id, { action: 'decline', reason: '' });
    expect(missing).toMatchObject({ status: 400, body: { fieldErrors: { reason: expect.any(String) } } });
    const reason = 'The competitor’s price is for a 2-inch vinyl blind, not faux wood.';
    const answer = await decide(id, { action: 'decline', reason });
    expect(answer).toMatchObject({ status: 200, body: { status: 'declined', declineReason: reason, code: null } });
    expect(await auditEntriesOf(baseUrl, staff, 'priceMatch', id), 'the refused decline is not audited').toEqual([
      expect.objectContaining({
        action: 'decline',
        staff: expect.objectContaining({ id: staffIdOf(staff) }),
        before: { status: 'requested', declineReason: null },
        after: { status: 'declined', declineReason: reason },
      }),
    ]);
    const decided = priceMatchesPageSchema.parse(
      (await api(baseUrl, staff, 'GET', '/admin/price-matches?list=decided')).body,
    );
    expect(decided.priceMatches[0]?.id).toBe(id);
    const mails = await eventually(
      () => mailsFor(baseUrl, requester.email),
      (found) => found.some((mail) => mail.text?.includes(reason)),
    );
    expect(mails.find((mail) => mail.text?.includes(reason))?.subject).toBe(
      'Your price match request for Faux Wood Blinds: Standard',
    );
  });

  it('is closed to customers who are not staff', async () => {
    const id = await requested();
    expect((await api(baseUrl, requester, 'GET', '/admin/price-matches')).status).toBe(403);
    expect((await decide(id, { action: 'approve' }, requester)).status).toBe(403);
    expect((await api(baseUrl, null, 'GET', '/admin/price-matches')).status).toBe(401);
  });
});

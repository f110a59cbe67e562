/**
 * The staff routes of the Promotions tab against the local stack (issue 27): make a promotion, a
 * code taken or input refused with the fields named, only staff let in, list, read, change
 * (its code stays) and end one, once.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { PROMOTION_MESSAGES, type Promotion } from '#domain/promotions/promotion';
import type { PromotionRequest } from '#domain/promotions/promotion-schema';
import { api } from '../support/checkout';
import { signUpConfirmedCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');

let staff: { accessToken: string };
let customer: { accessToken: string };

beforeAll(async () => {
  [staff, customer] = await Promise.all([
    accessTokenFor(baseUrl, inject('staffAccount')).then((accessToken) => ({ accessToken })),
    signUpConfirmedCustomer(baseUrl),
  ]);
});

const today = shopDateAt(new Date());
/** A code of its own: codes are unique across the suite's runs on one stack. */
const newCode = () => `ADM-${randomUUID().slice(0, 8).toUpperCase()}`;

const input = (fields: Partial<PromotionRequest> = {}): PromotionRequest => ({
  code: newCode(),
  name: 'Staff sale',
  kind: 'percent',
  percent: 15,
  minBlinds: 2,
  minSubtotalCents: 20_000,
  families: ['faux-wood-blinds', 'roller-shades'],
  startsOn: today,
  endsOn: addDays(today, 30),
  maxRedemptions: 100,
  perCustomerLimit: 1,
  ...fields,
});

async function created(fields: Partial<PromotionRequest> = {}): Promise<Promotion> {
  const answer = await api<Promotion>(baseUrl, staff, 'POST', '/admin/promotions', input(fields));
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('staff making promotions', () => {
  it('creates one (201) with its code in capitals and no redemptions yet; the same code again is refused (409 naming code)', async () => {
    const code = newCode();
    const answer = await api<Promotion>(
      baseUrl,
      staff,
      'POST',
      '/admin/promotions',
      input({ code: code.toLowerCase() }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      ...input({ code }),
      amountCents: null,
      redeemedCount: 0,
      paidCount: 0,
      revenueCents: 0,
      endedAt: null,
    });
    expect(answer.body.id).toEqual(expect.any(String));

    const again = await api(baseUrl, staff, 'POST', '/admin/promotions', input({ code: ` ${code.toLowerCase()} ` }));
    expect(again).toEqual({
      status: 409,
      body: { message: PROMOTION_MESSAGES.codeTaken, fieldErrors: { code: PROMOTION_MESSAGES.codeTaken } },
    });
  });

  it('makes an automatic sale when the code is left empty', async () => {
    // Not in effect: the stack is shared, and a sale in effect would come off every other suite's carts.
    const sale = await created({
      code: '',
      name: 'Staff automatic sale',
      startsOn: addDays(today, 10),
      endsOn: addDays(today, 11),
    });
    expect(sale).toMatchObject({ code: null, name: 'Staff automatic sale' });
  });

  it('refuses bad input with 400 naming each field', async () => {
    const bad = await api(baseUrl, staff, 'POST', '/admin/promotions', {
      code: 'x!',
      name: '',
      kind: 'percent',
      percent: 80,
      minBlinds: -1,
      minSubtotalCents: 12.5,
      families: ['curtains'],
      startsOn: '2026-02-30',
      endsOn: 'soon',
      maxRedemptions: 0,
      perCustomerLimit: 'one',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toEqual({
      code: 'Code must be 3 to 20 letters, digits or hyphens.',
      name: 'Name is required.',
      percent: 'Percent must be at most 50.',
      minBlinds: 'Minimum blinds must be at least 0.',
      minSubtotalCents: 'Minimum subtotal must be a whole number.',
      'families.0': 'Please choose products from the list.',
      startsOn: 'Start date must be a date (YYYY-MM-DD).',
      endsOn: 'End date must be a date (YYYY-MM-DD).',
      maxRedemptions: 'Total redemptions must be at least 1.',
      perCustomerLimit: 'Redemptions per customer must be a whole number.',
    });

    const inconsistent = await api(
      baseUrl,
      staff,
      'POST',
      '/admin/promotions',
      input({ kind: 'amount', percent: null, endsOn: addDays(today, -1) }),
    );
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.body.fieldErrors).toEqual({
      amountCents: 'Amount is required for an amount-off promotion.',
      endsOn: 'End date must be on or after the start date.',
    });
  });
});

describe('who may manage promotions', () => {
  it('refuses an anonymous caller (401) and a customer (403) on every route', async () => {
    const promotion = await created();
    const path = `/admin/promotions/${promotion.id}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/admin/promotions'],
      ['POST', '/admin/promotions', input()],
      ['GET', path],
      ['PATCH', path, input({ name: 'Taken over' })],
      ['POST', `${path}/end`],
    ];
    for (const [method, route, body] of calls) {
      expect((await api(baseUrl, null, method, route, body)).status, `${method} ${route} anonymous`).toBe(401);
      expect((await api(baseUrl, customer, method, route, body)).status, `${method} ${route} customer`).toBe(403);
    }
    expect((await api<Promotion>(baseUrl, staff, 'GET', path)).body).toEqual(promotion);
  });
});

describe('a promotion staff made', () => {
  it('is listed newest first and read by its id; an unknown id is 404', async () => {
    const older = await created();
    const newer = await created();
    const { status, body } = await api<{ promotions: Promotion[] }>(baseUrl, staff, 'GET', '/admin/promotions');
    expect(status).toBe(200);
    const ids = body.promotions.map((promotion) => promotion.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(body.promotions.find((promotion) => promotion.id === older.id)).toEqual(older);

    expect(await api(baseUrl, staff, 'GET', `/admin/promotions/${older.id}`)).toEqual({ status: 200, body: older });
    expect(await api(baseUrl, staff, 'GET', `/admin/promotions/${randomUUID()}`)).toEqual({
      status: 404,
      body: { message: PROMOTION_MESSAGES.notFound },
    });
  });

  it('changes with the whole input; its code stays, limits can be lifted; a bad change names the field', async () => {
    const promotion = await created();
    const change = input({
      code: newCode(),
      name: 'Changed sale',
      kind: 'amount',
      percent: null,
      amountCents: 2_500,
      minBlinds: 0,
      minSubtotalCents: 0,
      families: [],
      maxRedemptions: null,
      perCustomerLimit: null,
      endsOn: addDays(today, 60),
    });
    const answer = await api<Promotion>(baseUrl, staff, 'PATCH', `/admin/promotions/${promotion.id}`, change);
    expect(answer.status).toBe(200);
    const expected = {
      ...promotion,
      ...change,
      code: promotion.code,
      percent: null,
      updatedAt: expect.any(String),
    };
    expect(answer.body).toEqual(expected);
    expect(answer.body.updatedAt > promotion.updatedAt).toBe(true);
    expect((await api(baseUrl, staff, 'GET', `/admin/promotions/${promotion.id}`)).body).toEqual(answer.body);

    const bad = await api(baseUrl, staff, 'PATCH', `/admin/promotions/${promotion.id}`, { ...change, amountCents: 0 });
    expect(bad).toMatchObject({
      status: 400,
      body: { fieldErrors: { amountCents: 'Amount must be at least $0.01.' } },
    });
    expect(
      (await api(baseUrl, staff, 'PATCH', `/admin/promotions/${randomUUID()}`, change)).status,
      'an unknown id',
    ).toBe(404);
  });

  it('ends once: then it shows when it ended, and ending it again is refused (409)', async () => {
    const promotion = await created();
    const ended = await api<Promotion>(baseUrl, staff, 'POST', `/admin/promotions/${promotion.id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({
      ...promotion,
      endedAt: expect.any(String),
      updatedAt: ended.body.endedAt,
    });
    expect((await api(baseUrl, staff, 'GET', `/admin/promotions/${promotion.id}`)).body).toEqual(ended.body);

    expect(await api(baseUrl, staff, 'POST', `/admin/promotions/${promotion.id}/end`)).toEqual({
      status: 409,
      body: { message: PROMOTION_MESSAGES.endedAlready },
    });
    expect((await api(baseUrl, staff, 'POST', `/admin/promotions/${randomUUID()}/end`)).status).toBe(404);
  });
});

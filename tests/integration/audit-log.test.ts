/**
 * The audit log of staff actions against the local stack (issue 30): each staff change writes one
 * entry with the fields it changed, before and after, in its own transaction (a change whose
 * condition fails writes none); owners read the log newest first, all of it or one record's, and
 * no other role can.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import type { AuditLogPage, AuditRecordKind } from '#domain/audit/audit-entry';
import type { Promotion } from '#domain/promotions/promotion';
import type { ReturnDetail, ReturnsPage } from '#domain/returns/return-request';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { api, newShopper } from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { eventually } from '../support/eventually';
import { deliveredOrder } from '../support/returns';
import { staffMemberWith } from '../support/staff-member';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let owner: { accessToken: string };

beforeAll(async () => {
  owner = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
});

const auditLog = (query: string, as = owner) => api<AuditLogPage>(baseUrl, as, 'GET', `/admin/audit-log${query}`);

const entriesOf = (kind: AuditRecordKind, id: string) => auditEntriesOf(baseUrl, owner, kind, id);

describe('a staff refund', () => {
  it('writes exactly one audit entry with the return before and after, though two refunds race', async () => {
    const order = await deliveredOrder(baseUrl, owner.accessToken, 1);
    const submitted = await fetchFrom()(`${baseUrl}/api/returns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        orderNumber: order.orderNumber,
        email: order.shopper.email,
        kind: 'return',
        reason: 'damaged',
        lines: [{ position: 1, quantity: 1 }],
      }),
    });
    expect(submitted.status).toBe(201);
    const { returnNumber } = (await submitted.json()) as { returnNumber: string };
    const listed = await api<ReturnsPage>(baseUrl, owner, 'GET', '/admin/returns?status=requested');
    const returnId = listed.body.returns.find((row) => row.returnNumber === returnNumber)!.id;
    const move = (action: string) =>
      api<ReturnDetail>(baseUrl, owner, 'POST', `/admin/returns/${returnId}/transitions`, { action });
    expect((await move('approve')).status).toBe(200);
    expect((await move('receive')).status).toBe(200);
    // Both pass the status check; the request's conditional write lets one through.
    const refunds = await Promise.all([move('refund'), move('refund')]);
    expect(refunds.map(({ status }) => status).sort()).toEqual([200, 409]);
    const refunded = refunds.find(({ status }) => status === 200)!.body;

    const entries = await entriesOf('return', returnId);
    expect(entries.map(({ action }) => action)).toEqual(['refund', 'receive', 'approve']);
    expect(entries[0]).toMatchObject({
      record: { kind: 'return', id: returnId, label: returnNumber },
      staff: { id: expect.any(String), name: expect.stringMatching(/\S/) },
      before: { status: 'received', refundId: null, refundedCents: null },
      after: { status: 'refunded', refundId: refunded.refundId, refundedCents: refunded.refundCents },
    });
    expect(Date.parse(entries[0]!.at)).toBeGreaterThan(Date.parse(entries[1]!.at));
  });

  it('a staff move of an order records the statuses it changed', async () => {
    const order = await deliveredOrder(baseUrl, owner.accessToken, 1);
    const entries = await entriesOf('order', order.orderId);
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toMatchObject([
      { action: 'deliver', before: { status: 'shipped' }, after: { status: 'delivered' } },
      { action: 'ship', after: { status: 'shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z999' } } },
    ]);
    expect(entries[0]!.record).toEqual({ kind: 'order', id: order.orderId, label: order.orderNumber });
  });
});

describe('a staff action whose condition fails', () => {
  it('writes no entry: a promotion ended twice is audited once', async () => {
    const today = shopDateAt(new Date());
    const created = await api<Promotion>(baseUrl, owner, 'POST', '/admin/promotions', {
      code: `AUD-${randomUUID().slice(0, 8).toUpperCase()}`,
      name: 'Audited sale',
      kind: 'percent',
      percent: 10,
      minBlinds: 2,
      minSubtotalCents: 20_000,
      families: ['faux-wood-blinds'],
      startsOn: today,
      endsOn: addDays(today, 30),
      maxRedemptions: 100,
      perCustomerLimit: 1,
    });
    expect(created.status).toBe(201);
    const promotionId = created.body.id;
    expect((await api(baseUrl, owner, 'POST', `/admin/promotions/${promotionId}/end`)).status).toBe(200);
    expect((await api(baseUrl, owner, 'POST', `/admin/promotions/${promotionId}/end`)).status).toBe(409);

    const entries = await entriesOf('promotion', promotionId);
    expect(entries.map(({ action }) => action)).toEqual(['end', 'create']);
    expect(entries[0]).toMatchObject({ before: { endedAt: null }, after: { endedAt: expect.any(String) } });
    expect(entries[1]).toMatchObject({ before: null, after: { name: 'Audited sale', percent: 10 } });
  });
});

describe('a client’s price list and payment terms', () => {
  it('records each change with the list or terms it replaced, and nothing for a client that does not exist', async () => {
    const shopper = await newShopper(baseUrl);
    const path = `/admin/clients/${shopper.clientId}`;
    const today = shopDateAt(new Date());
    const list = {
      families: [{ family: 'faux-wood-blinds', percentOff: 10 }],
      series: [],
      startsOn: today,
      endsOn: addDays(today, 30),
    };
    expect((await api(baseUrl, owner, 'PUT', `${path}/price-list`, list)).status).toBe(200);
    const deeper = { ...list, families: [{ family: 'faux-wood-blinds', percentOff: 15 }] };
    expect((await api(baseUrl, owner, 'PUT', `${path}/price-list`, deeper)).status).toBe(200);
    expect((await api(baseUrl, owner, 'DELETE', `${path}/price-list`)).status).toBe(200);
    expect((await api(baseUrl, owner, 'DELETE', `${path}/price-list`)).status, 'none to remove').toBe(200);
    expect(
      (await api(baseUrl, owner, 'PUT', `${path}/payment-terms`, { terms: 'net30', creditLimitCents: 500_000 })).status,
    ).toBe(200);
    expect(
      (await api(baseUrl, owner, 'PUT', `${path}/payment-terms`, { terms: 'net15', creditLimitCents: 750_000 })).status,
    ).toBe(200);
    expect((await api(baseUrl, owner, 'DELETE', `${path}/payment-terms`)).status).toBe(200);

    const entries = await entriesOf('client', shopper.clientId);
    expect(entries.every(({ staff }) => staff.id === staffIdOf(owner))).toBe(true);
    expect(entries.map(({ action, record, before, after }) => ({ action, record, before, after }))).toEqual([
      {
        action: 'withdrawPaymentTerms',
        record: { kind: 'client', id: shopper.clientId },
        before: { terms: 'net15' },
        after: { terms: null },
      },
      {
        action: 'setPaymentTerms',
        record: { kind: 'client', id: shopper.clientId },
        before: { terms: 'net30', creditLimitCents: 500_000 },
        after: { terms: 'net15', creditLimitCents: 750_000 },
      },
      {
        action: 'setPaymentTerms',
        record: { kind: 'client', id: shopper.clientId },
        before: null,
        after: { terms: 'net30', creditLimitCents: 500_000 },
      },
      {
        action: 'removePriceList',
        record: { kind: 'client', id: shopper.clientId },
        before: deeper,
        after: null,
      },
      {
        action: 'setPriceList',
        record: { kind: 'client', id: shopper.clientId },
        before: { families: list.families },
        after: { families: deeper.families },
      },
      { action: 'setPriceList', record: { kind: 'client', id: shopper.clientId }, before: null, after: list },
    ]);

    const stranger = randomUUID();
    expect((await api(baseUrl, owner, 'PUT', `/admin/clients/${stranger}/price-list`, list)).status).toBe(404);
    expect((await api(baseUrl, owner, 'DELETE', `/admin/clients/${stranger}/payment-terms`)).status).toBe(404);
    expect(await entriesOf('client', stranger)).toEqual([]);
  });

  it('records each of two price lists saved at once with the list it replaced', async () => {
    const shopper = await newShopper(baseUrl);
    const today = shopDateAt(new Date());
    const listOf = (percentOff: number) => ({
      families: [{ family: 'faux-wood-blinds', percentOff }],
      series: [],
      startsOn: today,
      endsOn: addDays(today, 30),
    });
    const saves = await Promise.all(
      [5, 10, 15].map((percentOff) =>
        api(baseUrl, owner, 'PUT', `/admin/clients/${shopper.clientId}/price-list`, listOf(percentOff)),
      ),
    );
    expect(saves.map(({ status }) => status)).toEqual([200, 200, 200]);
    const entries = (await entriesOf('client', shopper.clientId)).reverse();
    expect(entries).toHaveLength(3);
    expect(entries[0]!.before).toBeNull();
    // Each save replaced the one before it: the chain of befores and afters has no gap.
    for (const [index, entry] of entries.slice(1).entries())
      expect(entry.before!.families).toEqual(entries[index]!.after!.families);
    const current = await api(baseUrl, owner, 'GET', `/admin/clients/${shopper.clientId}/price-list`);
    expect(current.body.priceList.families).toEqual(entries.at(-1)!.after!.families);
  });
});

describe('reading the log', () => {
  it('owners read it newest first, a page at a time, across its shards', async () => {
    const first = await auditLog('');
    expect(first.status).toBe(200);
    expect(first.body.entries.length).toBeGreaterThan(0);
    const entries = [...first.body.entries];
    if (first.body.nextCursor) {
      const second = await auditLog(`?cursor=${first.body.nextCursor}`);
      expect(second.status).toBe(200);
      entries.push(...second.body.entries);
    }
    const times = entries.map(({ at }) => at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(entries.map(({ id }) => id)).size).toBe(entries.length);
  });

  it('filters by member of staff, and refuses a forged cursor and a record named by half', async () => {
    const [latest] = (await auditLog('')).body.entries;
    const mine = await auditLog(`?staffId=${latest!.staff.id}`);
    expect(mine.body.entries.every((entry) => entry.staff.id === latest!.staff.id)).toBe(true);
    expect((await auditLog('?cursor=bm9wZQ')).status).toBe(400);
    expect((await auditLog('?recordKind=order')).status).toBe(400);
  });

  it('a manager is refused', async () => {
    const manager = await staffMemberWith(baseUrl, env, ['manager']);
    const answer = await auditLog('', { accessToken: manager.accessToken });
    expect(answer.status).toBe(403);
  });

  it('records the Staff tab’s changes: an invitation, then new roles, with who made them', async () => {
    const email = `audited-${randomUUID()}@example.com`;
    const invited = await api<{ userId: string }>(baseUrl, owner, 'POST', '/admin/staff', {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email,
      roles: ['support'],
    });
    expect(invited.status).toBe(201);
    const changed = await api(baseUrl, owner, 'PUT', `/admin/staff/${invited.body.userId}/roles`, {
      roles: ['fulfilment'],
    });
    expect(changed.status).toBe(200);
    const entries = await eventually(
      () => entriesOf('staffMember', invited.body.userId),
      (found) => found.length === 2,
      20_000,
    );
    expect(entries.map(({ action, record, before, after }) => ({ action, record, before, after }))).toEqual([
      {
        action: 'rolesChanged',
        record: { kind: 'staffMember', id: invited.body.userId, label: email },
        before: { roles: ['support'] },
        after: { roles: ['fulfilment'] },
      },
      {
        action: 'invited',
        record: { kind: 'staffMember', id: invited.body.userId, label: email },
        before: null,
        after: { roles: ['support'], enabled: true },
      },
    ]);
  });
});

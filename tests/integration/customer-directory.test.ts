import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClientLead, ClientSummary } from '#domain/accounts/customer-directory';
import { registerConfirmedCustomer, type RegisteredCustomer } from '../support/customer';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');

async function get(path: string, token?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

let staffToken: string;
let customer: RegisteredCustomer;
/** A surname no other test uses, so these customers are recognisable in the list. */
const lastName = `Directory${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  // Three clients at least, so that pages of two need a cursor.
  const registered = await Promise.all(
    ['Lee', 'Dana', 'Ash'].map((firstName) => registerConfirmedCustomer(baseUrl, { firstName, lastName })),
  );
  customer = registered[1]!;
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
});

describe('the customer lists for staff', () => {
  it('are refused to guests (401) and customers (403)', async () => {
    for (const path of ['/admin/clients', '/admin/leads']) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, customer.accessToken)).status).toBe(403);
    }
  });

  it('list a newly registered customer among the clients by name, page by page', async () => {
    const clients: ClientSummary[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      pages += 1;
      const page = await get(
        `/admin/clients?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        staffToken,
      );
      expect(page.status).toBe(200);
      expect(page.body.clients.length).toBeLessThanOrEqual(2);
      clients.push(...page.body.clients);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(pages).toBeGreaterThan(1);
    expect(clients.filter((client) => client.lastName === lastName).map(({ firstName }) => firstName)).toEqual([
      'Ash',
      'Dana',
      'Lee',
    ]);
    expect(clients.filter(({ id }) => id === customer.clientId)).toEqual([
      {
        id: customer.clientId,
        firstName: 'Dana',
        lastName,
        email: customer.email,
        phone: '214-555-0100',
        accountType: 'residential',
        createdAt: expect.any(String),
      },
    ]);
  });

  it("list the customer's lead among the leads, newest first", async () => {
    const { status, body } = await get('/admin/leads', staffToken);
    expect(status).toBe(200);
    const leads: ClientLead[] = body.leads;
    expect(leads.map(({ updatedAt }) => updatedAt)).toEqual(
      leads
        .map(({ updatedAt }) => updatedAt)
        .sort()
        .reverse(),
    );
    expect(leads.find(({ email }) => email === customer.email)).toMatchObject({
      name: `Dana ${lastName}`,
      phone: '214-555-0100',
      address: '',
      zipCode: '',
    });
  });

  it('name a page size out of range and a cursor that is not theirs', async () => {
    const tooMany = await get('/admin/clients?limit=500', staffToken);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors).toEqual({ limit: 'The page size must be a whole number from 1 to 100.' });
    const leadsPage = await get('/admin/leads?limit=1', staffToken);
    const foreignCursor = await get(
      `/admin/clients?cursor=${encodeURIComponent(leadsPage.body.nextCursor)}`,
      staffToken,
    );
    expect(foreignCursor.status).toBe(400);
    expect(Object.keys(foreignCursor.body.fieldErrors)).toEqual(['cursor']);
    expect((await get('/admin/clients?cursor=not-a-cursor', staffToken)).status).toBe(400);
  });
});

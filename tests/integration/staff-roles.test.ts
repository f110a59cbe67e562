import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#domain/staff/roles';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { staffMemberWith } from '../support/staff-member';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

/** One member of staff per role, each with that role alone. */
const tokens = new Map<StaffRole, string>();

beforeAll(async () => {
  for (const role of STAFF_ROLES) tokens.set(role, (await staffMemberWith(baseUrl, env, [role])).accessToken);
}, 60_000);

/** A route's path with every parameter filled: the role is refused before the handler reads any. */
const concretePath = (route: HttpRoute) => route.path.replace(/\{[^}]+\}/g, 'any');

async function callAs(role: StaffRole, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
    ...(method !== 'GET' && { body: JSON.stringify(body ?? {}) }),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

const refusals = httpRoutes.flatMap((route) =>
  STAFF_ROLES.filter((role) => route.roles && !route.roles.includes(role)).map(
    (role) => [route.id, role, route] as const,
  ),
);

describe('every staff route', () => {
  it.each(refusals)('%s refuses %s', async (_id, role, route) => {
    const answer = await callAs(role, route.method, concretePath(route));
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(
      /^Access denied\. This needs the role Owner( or \w+)*; you are signed in as \w+\.$/,
    );
  });
});

describe('roles that stop at one action of a route', () => {
  it('a support user cannot refund: neither cancel an order nor refund a return', async () => {
    const cancel = await callAs('support', 'POST', '/api/admin/orders/any/transitions', { action: 'cancel' });
    expect(cancel).toEqual({
      status: 403,
      body: {
        message: 'Access denied. This needs the role Owner or Manager or Fulfilment; you are signed in as Support.',
      },
    });
    const refund = await callAs('support', 'POST', '/api/admin/returns/any/transitions', { action: 'refund' });
    expect(refund).toEqual({
      status: 403,
      body: { message: 'Access denied. This needs the role Owner or Manager; you are signed in as Support.' },
    });
  });

  it('a fulfilment user cannot cancel (refund) an order, though they move orders on', async () => {
    const cancel = await callAs('fulfilment', 'POST', '/api/admin/orders/any/transitions', { action: 'cancel' });
    expect(cancel.status).toBe(403);
    expect(cancel.body.message).toBe(
      'Access denied. This needs the role Owner or Manager; you are signed in as Fulfilment.',
    );
    const ship = await callAs('fulfilment', 'POST', '/api/admin/orders/any/transitions', { action: 'startProduction' });
    expect(ship.status).not.toBe(403);
  });

  it('a fulfilment user cannot change a price grid', async () => {
    const replace = await callAs('fulfilment', 'PUT', '/api/admin/price-grids/roller', { csv: 'width,height\n' });
    expect(replace.status).toBe(403);
    expect(replace.body.message).toBe(
      'Access denied. This needs the role Owner or Manager; you are signed in as Fulfilment.',
    );
  });

  it('tells the admin area which roles the caller holds', async () => {
    expect((await callAs('support', 'GET', '/api/admin/session')).body).toEqual({ isAdmin: true, roles: ['support'] });
  });
});

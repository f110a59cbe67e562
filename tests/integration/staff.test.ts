/**
 * The Staff tab's routes (owner only): a member invited by e-mail gets the shop's invitation with a
 * temporary password, signs in with it and sets their own; roles changed, access disabled and
 * given back, a member removed; the shop never loses its last enabled owner, not even to two
 * owners removing each other at once (a stack of this file's own, whose only owner is its seeded
 * staff account).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LAST_OWNER_MESSAGE, type StaffMember } from '#domain/staff/members';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { acceptStaffInvitation, staffMemberWith } from '../support/staff-member';
import { accessTokenFor } from '../support/user-pool';
import { startStackOfItsOwn } from '../support/stack-of-its-own';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

function api(base: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api/admin/staff${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

const membersOf = async (call: ReturnType<typeof api>) =>
  ((await call('GET', '')).body as { members: StaffMember[] }).members;

const newAddress = () => `invited-${randomBytes(5).toString('hex')}@example.com`;

describe('the Staff tab', () => {
  let owner: ReturnType<typeof api>;

  beforeAll(async () => {
    owner = api(baseUrl, await accessTokenFor(baseUrl, inject('staffAccount')));
  });

  it('invites a member, who gets the shop’s mail, signs in with it and has the roles given', async () => {
    const email = newAddress();
    const invited = await owner('POST', '', { firstName: 'Rosa', lastName: 'Diaz', email, roles: ['support'] });
    expect(invited.status).toBe(201);

    const [mail] = await eventually(
      () => mailsFor(baseUrl, email),
      (mails) => mails.length > 0,
    );
    expect(mail?.subject).toBe('You are invited to the Hill & Brook Blinds staff area');
    expect(mail?.text).toContain(`Your user name is ${email}.`);
    expect(mail?.text).toMatch(/Your temporary password is \S+/);

    const listed = (await membersOf(owner)).find((member) => member.email === email);
    expect(listed).toMatchObject({ name: 'Rosa Diaz', roles: ['support'], enabled: true, status: 'invited' });

    const token = await accessTokenFor(baseUrl, await acceptStaffInvitation(baseUrl, email));
    const session = await fetch(`${baseUrl}/api/admin/session`, { headers: { authorization: `Bearer ${token}` } });
    expect(await session.json()).toEqual({ isAdmin: true, roles: ['support'] });
    expect((await membersOf(owner)).find((member) => member.email === email)?.status).toBe('active');
  });

  it('refuses an address that already has an account, naming the field', async () => {
    const { email } = await staffMemberWith(baseUrl, env, ['manager']);
    const again = await owner('POST', '', { firstName: 'Ann', lastName: 'Lee', email, roles: ['support'] });
    expect(again).toMatchObject({
      status: 409,
      body: { fieldErrors: { email: 'This e-mail address already has an account.' } },
    });
  });

  it('changes roles, disables and enables a member, then removes them', async () => {
    const { email } = await staffMemberWith(baseUrl, env, ['support']);
    const { userId } = (await membersOf(owner)).find((member) => member.email === email)!;

    const changed = await owner('PUT', `/${userId}/roles`, { roles: ['manager', 'fulfilment'] });
    expect(changed).toMatchObject({ status: 200, body: { roles: ['manager', 'fulfilment'] } });
    expect((await membersOf(owner)).find((member) => member.userId === userId)?.roles).toEqual([
      'manager',
      'fulfilment',
    ]);

    expect((await owner('PUT', `/${userId}/access`, { enabled: false })).status).toBe(200);
    expect((await membersOf(owner)).find((member) => member.userId === userId)?.enabled).toBe(false);
    expect((await owner('PUT', `/${userId}/access`, { enabled: true })).status).toBe(200);
    expect((await membersOf(owner)).find((member) => member.userId === userId)?.enabled).toBe(true);

    expect((await owner('DELETE', `/${userId}`)).status).toBe(200);
    expect((await membersOf(owner)).some((member) => member.userId === userId)).toBe(false);
    expect(await owner('DELETE', `/${userId}`)).toMatchObject({
      status: 404,
      body: { message: 'This member of staff no longer exists.' },
    });
  });

  it('stops a member’s tokens when they are disabled or their roles change, and takes a new sign-in', async () => {
    const member = await staffMemberWith(baseUrl, env, ['manager']);
    const { userId } = (await membersOf(owner)).find(({ email }) => email === member.email)!;
    const grids = (token: string) =>
      fetch(`${baseUrl}/api/admin/price-grids/fascia/versions`, { headers: { authorization: `Bearer ${token}` } });
    const refusal = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as object) });
    expect((await grids(member.accessToken)).status).toBe(200);

    // Tokens are stamped to the second: the change comes in a later one than the token it cuts off.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await owner('PUT', `/${userId}/roles`, { roles: ['support'] })).status).toBe(200);
    expect(await refusal(await grids(member.accessToken))).toEqual({
      status: 401,
      message: 'Your access to the staff area has changed. Please sign in again.',
    });
    const asSupport = await accessTokenFor(baseUrl, member);
    expect((await grids(asSupport)).status).toBe(403);
    const session = await fetch(`${baseUrl}/api/admin/session`, { headers: { authorization: `Bearer ${asSupport}` } });
    expect(await session.json()).toEqual({ isAdmin: true, roles: ['support'] });

    expect((await owner('PUT', `/${userId}/access`, { enabled: false })).status).toBe(200);
    expect(
      await refusal(await fetch(`${baseUrl}/api/admin/session`, { headers: { authorization: `Bearer ${asSupport}` } })),
    ).toEqual({
      status: 401,
      message: 'Your access to the staff area has been withdrawn.',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await owner('PUT', `/${userId}/access`, { enabled: true })).status).toBe(200);
    const again = await accessTokenFor(baseUrl, member);
    const resumed = await fetch(`${baseUrl}/api/admin/session`, { headers: { authorization: `Bearer ${again}` } });
    expect(resumed.status).toBe(200);

    expect((await owner('DELETE', `/${userId}`)).status).toBe(200);
    expect(
      (await fetch(`${baseUrl}/api/admin/session`, { headers: { authorization: `Bearer ${again}` } })).status,
    ).toBe(401);
  });

  it('refuses roles that are not the shop’s, naming the field', async () => {
    const answer = await owner('PUT', '/anyone/roles', { roles: ['janitor'] });
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { 'roles.0': expect.any(String) } } });
  });

  it.each(['manager', 'support', 'fulfilment'] as const)('refuses a %s on every Staff route', async (role) => {
    const { accessToken } = await staffMemberWith(baseUrl, env, [role]);
    const member = api(baseUrl, accessToken);
    for (const [method, path, body] of [
      ['GET', ''],
      ['POST', '', { firstName: 'A', lastName: 'B', email: newAddress(), roles: ['owner'] }],
      ['PUT', '/anyone/roles', { roles: ['owner'] }],
      ['PUT', '/anyone/access', { enabled: false }],
      ['DELETE', '/anyone'],
    ] as const) {
      const answer = await member(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('the last enabled owner', () => {
  it('cannot be removed, disabled or lose the role, even by two owners removing each other at once', async () => {
    const stack = await startStackOfItsOwn({ host: '127.0.0.1', port: 0, inMemory: true, serveSpa: false });
    try {
      const seededToken = await accessTokenFor(stack.url, stack.staffAccount);
      const seeded = api(stack.url, seededToken);
      const [self] = await membersOf(seeded);
      expect(await membersOf(seeded)).toHaveLength(1);
      for (const [method, path, body] of [
        ['DELETE', `/${self!.userId}`],
        ['PUT', `/${self!.userId}/access`, { enabled: false }],
        ['PUT', `/${self!.userId}/roles`, { roles: ['manager'] }],
      ] as const) {
        expect(await seeded(method, path, body), `${method} ${path}`).toEqual({
          status: 409,
          body: { message: LAST_OWNER_MESSAGE },
        });
      }

      // A second owner: then the two remove each other at the same moment, three times over.
      let survivor = { userId: self!.userId, token: seededToken };
      for (let round = 0; round < 3; round += 1) {
        const second = await staffMemberWith(stack.url, stack.env, ['owner']);
        const secondId = (await membersOf(api(stack.url, survivor.token))).find(
          (member) => member.email === second.email,
        )!.userId;
        const answers = await Promise.all([
          api(stack.url, survivor.token)('DELETE', `/${secondId}`),
          api(stack.url, second.accessToken)('DELETE', `/${survivor.userId}`),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: LAST_OWNER_MESSAGE });
        // The one removed can no longer list anyone: the one left sees only themselves as owner.
        if (answers[1]!.status === 200) survivor = { userId: secondId, token: second.accessToken };
        const owners = (await membersOf(api(stack.url, survivor.token))).filter(
          (member) => member.enabled && member.roles.includes('owner'),
        );
        expect(owners.map((owner) => owner.userId)).toEqual([survivor.userId]);
      }
    } finally {
      await stack.stop();
    }
  }, 180_000);
});

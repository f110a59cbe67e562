import { describe, expect, it } from 'vitest';
import { groupChanges, LAST_OWNER_MESSAGE, lastOwnerRefusal, staffInvitationSchema, type StaffMember } from './members';

const member = (userId: string, overrides: Partial<StaffMember> = {}): StaffMember => ({
  userId,
  email: `${userId}@example.com`,
  name: userId,
  roles: ['owner'],
  legacyAdmin: false,
  enabled: true,
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('the last owner', () => {
  const ann = member('ann');
  const bob = member('bob', { roles: ['manager'] });

  it('cannot be removed, disabled or lose the owner role', () => {
    const staff = [ann, bob];
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'ann' })).toBe(LAST_OWNER_MESSAGE);
    expect(lastOwnerRefusal(staff, { kind: 'disable', userId: 'ann' })).toBe(LAST_OWNER_MESSAGE);
    expect(lastOwnerRefusal(staff, { kind: 'roles', userId: 'ann', roles: ['manager'] })).toBe(LAST_OWNER_MESSAGE);
  });

  it('may gain or lose other roles while staying owner', () => {
    expect(lastOwnerRefusal([ann], { kind: 'roles', userId: 'ann', roles: ['owner', 'support'] })).toBeUndefined();
  });

  it('may go when another enabled owner stays', () => {
    const staff = [ann, member('cat')];
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'ann' })).toBeUndefined();
    expect(lastOwnerRefusal(staff, { kind: 'disable', userId: 'ann' })).toBeUndefined();
  });

  it('counts a disabled owner as no owner', () => {
    const staff = [ann, member('cat', { enabled: false })];
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'ann' })).toBe(LAST_OWNER_MESSAGE);
  });

  it('does not concern a member who is not an enabled owner', () => {
    const staff = [ann, bob, member('dan', { enabled: false })];
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'bob' })).toBeUndefined();
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'dan' })).toBeUndefined();
    expect(lastOwnerRefusal(staff, { kind: 'remove', userId: 'nobody' })).toBeUndefined();
  });
});

describe('the groups of new roles', () => {
  it('adds the missing roles and leaves the legacy group and the roles no longer held', () => {
    expect(groupChanges(['admin', 'support'], ['owner', 'manager'])).toEqual({
      add: ['owner', 'manager'],
      remove: ['admin', 'support'],
    });
  });

  it('leaves groups that are not staff roles alone', () => {
    expect(groupChanges(['punchout', 'owner'], ['owner'])).toEqual({ add: [], remove: [] });
  });
});

describe('an invitation', () => {
  it('takes an address and at least one role, each once', () => {
    const names = { firstName: 'Ann', lastName: 'Lee' };
    expect(staffInvitationSchema.parse({ ...names, email: ' Ann@Example.com ', roles: ['support'] })).toEqual({
      ...names,
      email: 'ann@example.com',
      roles: ['support'],
    });
    expect(
      staffInvitationSchema.safeParse({ ...names, email: 'ann@example.com', roles: [] }).error?.issues[0]?.message,
    ).toBe('Choose at least one role.');
    expect(
      staffInvitationSchema.safeParse({ ...names, email: 'ann@example.com', roles: ['owner', 'owner'] }).error
        ?.issues[0]?.message,
    ).toBe('Choose each role once.');
    expect(
      staffInvitationSchema.safeParse({ ...names, email: 'ann', roles: ['owner'] }).error?.issues[0]?.message,
    ).toBe('Enter a valid e-mail address.');
  });
});

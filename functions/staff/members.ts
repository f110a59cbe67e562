/**
 * The admin Staff tab (owner only): the members of staff, invited by e-mail with their roles,
 * their roles changed, disabled, enabled again or removed. The shop always keeps an enabled owner
 * (domain/staff/members.ts), checked under the staff change lease so two requests cannot each
 * leave the other's owner as the last one. Each change is published for the audit log.
 */
import * as z from 'zod';
import { Conflict } from '#domain/errors';
import {
  lastOwnerRefusal,
  staffAccessChangeSchema,
  staffInvitationSchema,
  staffRolesChangeSchema,
  type StaffChange,
  type StaffMember,
} from '#domain/staff/members';
import type { EventDetail } from '#events/declaration';
import { StaffMemberChanged } from '#events/staff';
import { staffCaller, type Caller } from '../lib/caller';
import { publish } from '../lib/events';
import { HttpError, httpHandler, json, parseBody, requestTime, type HttpEvent } from '../lib/http';
import { cutOffStaffTokens } from '../lib/staff-tokens';
import { logger } from '../lib/logger';
import { withStaffChangeLease } from './staff-change-lease';
import {
  createMember,
  deleteMember,
  emailOfUser,
  entryOf,
  MEMBER_NOT_FOUND_MESSAGE,
  setEnabled,
  setGroups,
  staffDirectory,
  type DirectoryEntry,
} from './staff-directory';

type Action = EventDetail<typeof StaffMemberChanged>['action'];

const stateOf = (member: Pick<StaffMember, 'roles' | 'enabled'> | null) =>
  member && { roles: member.roles, enabled: member.enabled };

async function announce(
  event: HttpEvent,
  caller: Caller,
  action: Action,
  member: { userId: string; email: string },
  before: Pick<StaffMember, 'roles' | 'enabled'> | null,
  after: Pick<StaffMember, 'roles' | 'enabled'> | null,
): Promise<void> {
  await publish(StaffMemberChanged, {
    action,
    at: requestTime(event).toISOString(),
    by: { userId: caller.userId, email: await emailOfUser(caller.userId) },
    member,
    before: stateOf(before),
    after: stateOf(after),
  });
  logger.info('Staff member changed', { action, memberId: member.userId, by: caller.userId });
}

function memberIdOf(event: HttpEvent): string {
  const parsed = z.string().min(1).max(128).safeParse(event.pathParameters?.userId);
  if (!parsed.success) throw new HttpError(404, MEMBER_NOT_FOUND_MESSAGE);
  return parsed.data;
}

/**
 * Reads the staff under the lease and refuses a change that would leave no enabled owner; then
 * makes it. What the rule reads and what the change writes are under the same lease.
 */
async function changeKeepingAnOwner(
  change: StaffChange,
  make: (entry: DirectoryEntry) => Promise<void>,
): Promise<DirectoryEntry> {
  return withStaffChangeLease(async () => {
    const directory = await staffDirectory();
    const entry = entryOf(directory, change.userId);
    const refusal = lastOwnerRefusal(
      directory.map(({ member }) => member),
      change,
    );
    if (refusal) throw new Conflict(refusal);
    await make(entry);
    return entry;
  });
}

/** GET /api/admin/staff */
export const listStaff = httpHandler(async (event) => {
  staffCaller(event);
  return json(200, { members: (await staffDirectory()).map(({ member }) => member) });
});

/** POST /api/admin/staff: Cognito mails the invitation, with a temporary password, in the shop's words. */
export const inviteStaffMember = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const invitation = parseBody(event, staffInvitationSchema);
  const { email, roles } = invitation;
  const userId = await createMember(invitation);
  await announce(event, caller, 'invited', { userId, email }, null, { roles, enabled: true });
  return json(201, { userId });
});

/** PUT /api/admin/staff/{userId}/roles: the member's roles become exactly these (and they leave the legacy group). */
export const changeStaffRoles = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const userId = memberIdOf(event);
  const { roles } = parseBody(event, staffRolesChangeSchema);
  const { member } = await changeKeepingAnOwner({ kind: 'roles', userId, roles }, async (entry) => {
    await cutOffStaffTokens(userId, new Date(), !entry.member.enabled);
    await setGroups(userId, entry.groups, roles);
  });
  await announce(event, caller, 'rolesChanged', member, member, { roles, enabled: member.enabled });
  return json(200, { ...member, roles, legacyAdmin: false });
});

/** PUT /api/admin/staff/{userId}/access: `{ enabled }`. A disabled member cannot sign in, and their tokens no longer work. */
export const setStaffMemberAccess = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const userId = memberIdOf(event);
  const { enabled } = parseBody(event, staffAccessChangeSchema);
  // Disabled: no token of theirs works from now. Enabled again: they sign in afresh.
  const { member } = await changeKeepingAnOwner({ kind: enabled ? 'enable' : 'disable', userId }, async () => {
    if (!enabled) await cutOffStaffTokens(userId, new Date(), true);
    await setEnabled(userId, enabled);
    if (enabled) await cutOffStaffTokens(userId, new Date(), false);
  });
  await announce(event, caller, enabled ? 'enabled' : 'disabled', member, member, { roles: member.roles, enabled });
  return json(200, { ...member, enabled });
});

/** DELETE /api/admin/staff/{userId}: the account is deleted from the user pool. */
export const removeStaffMember = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const userId = memberIdOf(event);
  const { member } = await changeKeepingAnOwner({ kind: 'remove', userId }, async () => {
    await cutOffStaffTokens(userId, new Date(), true);
    await deleteMember(userId);
  });
  await announce(event, caller, 'removed', member, member, null);
  return json(200, { userId });
});

/**
 * The members of staff in the user pool: Cognito is where they, their roles (groups) and their
 * access live, so the Staff tab reads and changes them there and keeps no copy in the table.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersInGroupCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { NotFound } from '#domain/errors';
import { groupChanges, type StaffInvitation, type StaffMember } from '#domain/staff/members';
import { LEGACY_STAFF_GROUP, STAFF_ROLES, staffRolesOf, type StaffRole } from '#domain/staff/roles';
import { userPoolClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { HttpError } from '../lib/http';

export const MEMBER_NOT_FOUND_MESSAGE = 'This member of staff no longer exists.';

/** Every group that makes a member of staff: the legacy group and one per role. */
const STAFF_GROUPS = [LEGACY_STAFF_GROUP, ...STAFF_ROLES] as const;

/** A member and the staff groups they are in (to change them). */
export interface DirectoryEntry {
  member: StaffMember;
  groups: string[];
}

const attributeOf = (user: UserType, name: string) =>
  user.Attributes?.find((attribute) => attribute.Name === name)?.Value;

async function usersInGroup(group: string): Promise<UserType[]> {
  const users: UserType[] = [];
  let NextToken: string | undefined;
  do {
    const page = await userPoolClient().send(
      new ListUsersInGroupCommand({ UserPoolId: config().USER_POOL_ID, GroupName: group, NextToken }),
    );
    users.push(...(page.Users ?? []));
    NextToken = page.NextToken;
  } while (NextToken);
  return users;
}

/** Every member of staff with their groups, sorted by e-mail. */
export async function staffDirectory(): Promise<DirectoryEntry[]> {
  const byUser = new Map<string, { user: UserType; groups: string[] }>();
  const groupsUsers = await Promise.all(STAFF_GROUPS.map(async (group) => [group, await usersInGroup(group)] as const));
  for (const [group, users] of groupsUsers) {
    for (const user of users) {
      const userId = attributeOf(user, 'sub') ?? user.Username ?? '';
      const entry = byUser.get(userId) ?? { user, groups: [] };
      entry.groups.push(group);
      byUser.set(userId, entry);
    }
  }
  return [...byUser.entries()]
    .map(([userId, { user, groups }]) => ({
      groups,
      member: {
        userId,
        email: attributeOf(user, 'email') ?? '',
        name: [attributeOf(user, 'given_name'), attributeOf(user, 'family_name')].filter(Boolean).join(' '),
        roles: staffRolesOf(groups),
        legacyAdmin: groups.includes(LEGACY_STAFF_GROUP),
        enabled: user.Enabled ?? true,
        status: user.UserStatus === 'FORCE_CHANGE_PASSWORD' ? ('invited' as const) : ('active' as const),
        createdAt: (user.UserCreateDate ?? new Date(0)).toISOString(),
      },
    }))
    .sort((a, b) => a.member.email.localeCompare(b.member.email));
}

/** One member from a directory just read; NotFound when they are not (or no longer) staff. */
export function entryOf(directory: readonly DirectoryEntry[], userId: string): DirectoryEntry {
  const entry = directory.find((candidate) => candidate.member.userId === userId);
  if (!entry) throw new NotFound(MEMBER_NOT_FOUND_MESSAGE);
  return entry;
}

/** The e-mail of a user of the pool (the member of staff acting), or null when it cannot be read. */
export async function emailOfUser(userId: string): Promise<string | null> {
  try {
    const user = await userPoolClient().send(
      new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: userId }),
    );
    return user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value ?? null;
  } catch {
    return null;
  }
}

/**
 * A new member: Cognito makes the account with a temporary password and mails the invitation
 * (through the CustomMessage trigger, the shop's own words); then the roles' groups. 409 when the
 * address already has an account, staff or customer.
 */
export async function createMember({ email, firstName, lastName, roles }: StaffInvitation): Promise<string> {
  const UserPoolId = config().USER_POOL_ID;
  let created;
  try {
    created = await userPoolClient().send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        DesiredDeliveryMediums: ['EMAIL'],
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: firstName },
          { Name: 'family_name', Value: lastName },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException')
      throw new HttpError(409, 'This e-mail address already has an account.', {
        email: 'This e-mail address already has an account.',
      });
    throw error;
  }
  const userId = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!userId) throw new Error(`Cognito created ${email} without a sub`);
  await setGroups(userId, [], roles);
  return userId;
}

/** Puts the member in exactly the roles' groups, and out of the legacy group. */
export async function setGroups(
  userId: string,
  currentGroups: readonly string[],
  roles: readonly StaffRole[],
): Promise<void> {
  const UserPoolId = config().USER_POOL_ID;
  const { add, remove } = groupChanges(currentGroups, roles);
  // Added first: a member is never left with no role (and so no access) halfway.
  for (const GroupName of add)
    await userPoolClient().send(new AdminAddUserToGroupCommand({ UserPoolId, Username: userId, GroupName }));
  for (const GroupName of remove)
    await userPoolClient().send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username: userId, GroupName }));
}

export async function setEnabled(userId: string, enabled: boolean): Promise<void> {
  const input = { UserPoolId: config().USER_POOL_ID, Username: userId };
  await userPoolClient().send(enabled ? new AdminEnableUserCommand(input) : new AdminDisableUserCommand(input));
}

export async function deleteMember(userId: string): Promise<void> {
  await userPoolClient().send(new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: userId }));
}

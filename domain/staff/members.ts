/**
 * Members of staff as the Staff tab manages them: who they are, their roles, whether they may sign
 * in, and the rule that the shop always keeps an owner who can (docs/decisions 0079-staff-tab).
 * Shared with the browser.
 */
import * as z from 'zod';
import { singleLineText } from '../text';
import { LEGACY_STAFF_GROUP, STAFF_ROLE_LABELS, STAFF_ROLES, staffRoleSchema, type StaffRole } from './roles';

/** Where an invited member stands: invited (has not yet set a password) or active. */
export type StaffMemberStatus = 'invited' | 'active';

export interface StaffMember {
  /** The Cognito user (`sub`). */
  userId: string;
  email: string;
  /** Given and family name, as the user pool holds them; empty for an account made without. */
  name: string;
  roles: StaffRole[];
  /** Still in the legacy `admin` group (read as owner): moved out on the first change of roles. */
  legacyAdmin: boolean;
  enabled: boolean;
  status: StaffMemberStatus;
  createdAt: string;
}

const rolesSchema = z
  .array(staffRoleSchema, { message: 'Choose at least one role.' })
  .min(1, { message: 'Choose at least one role.' })
  .max(STAFF_ROLES.length, { message: 'Choose each role once.' })
  .refine((roles) => new Set(roles).size === roles.length, { message: 'Choose each role once.' });

export const staffInvitationSchema = z.strictObject({
  firstName: singleLineText('First name')
    .trim()
    .min(1, 'Enter a first name.')
    .max(100, 'Keep the first name under 100 characters.'),
  lastName: singleLineText('Last name')
    .trim()
    .min(1, 'Enter a last name.')
    .max(100, 'Keep the last name under 100 characters.'),
  email: z
    .string({ message: 'Enter an e-mail address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Enter a valid e-mail address.' }).max(254, { message: 'Enter a valid e-mail address.' })),
  roles: rolesSchema,
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffRolesChangeSchema = z.strictObject({ roles: rolesSchema });
export type StaffRolesChange = z.infer<typeof staffRolesChangeSchema>;

export const staffAccessChangeSchema = z.strictObject({
  enabled: z.boolean({ message: 'Say whether the member may sign in (true or false).' }),
});

const isStaffRole = (group: string): group is StaffRole => (STAFF_ROLES as readonly string[]).includes(group);

/** The Cognito groups a member with these roles is in: the roles' groups, never the legacy group again. */
export function groupChanges(
  currentGroups: readonly string[],
  roles: readonly StaffRole[],
): { add: StaffRole[]; remove: string[] } {
  return {
    add: roles.filter((role) => !currentGroups.includes(role)),
    remove: currentGroups.filter(
      (group) => group === LEGACY_STAFF_GROUP || (isStaffRole(group) && !roles.includes(group)),
    ),
  };
}

/** A change to one member: all but enabling could leave the shop without an owner who can sign in. */
export type StaffChange =
  | { kind: 'enable'; userId: string }
  | { kind: 'remove'; userId: string }
  | { kind: 'disable'; userId: string }
  | { kind: 'roles'; userId: string; roles: readonly StaffRole[] };

export const LAST_OWNER_MESSAGE =
  'This is the last owner who can sign in. Make another member an owner first, so the shop keeps one.';

const isEnabledOwner = (member: Pick<StaffMember, 'roles' | 'enabled'>) =>
  member.enabled && member.roles.includes('owner');

/**
 * Why a change may not be made because it would leave no enabled owner, or undefined when it may.
 * `members` is every member of staff as read just before the change (the legacy group already read
 * as owner); a change that leaves another enabled owner, or concerns a member who is not one, is fine.
 */
export function lastOwnerRefusal(members: readonly StaffMember[], change: StaffChange): string | undefined {
  const target = members.find((member) => member.userId === change.userId);
  if (change.kind === 'enable' || !target || !isEnabledOwner(target)) return undefined;
  if (change.kind === 'roles' && change.roles.includes('owner')) return undefined;
  const otherOwners = members.filter((member) => member.userId !== change.userId && isEnabledOwner(member));
  return otherOwners.length === 0 ? LAST_OWNER_MESSAGE : undefined;
}

/** The roles in words, for the tab and for messages: "Owner, Support". */
export function rolesInWords(roles: readonly StaffRole[]): string {
  return roles.map((role) => STAFF_ROLE_LABELS[role]).join(', ');
}

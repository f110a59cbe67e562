import * as z from 'zod';
import { staffRoleSchema } from '#domain/staff/roles';
import { declare } from './declaration';

const memberStateSchema = z.object({ roles: z.array(staffRoleSchema), enabled: z.boolean() });

/**
 * A member of staff was invited, given other roles, disabled, enabled or removed in the Staff tab:
 * who did it, to whom, and the member's roles and access before and after (null before an
 * invitation, after a removal), for the audit log of staff actions to record.
 */
export const StaffMemberChanged = declare({
  name: 'StaffMemberChanged',
  version: 1,
  detail: z.object({
    action: z.enum(['invited', 'rolesChanged', 'disabled', 'enabled', 'removed']),
    at: z.iso.datetime(),
    by: z.object({ userId: z.string(), email: z.string().nullable() }),
    member: z.object({ userId: z.string(), email: z.string() }),
    before: memberStateSchema.nullable(),
    after: memberStateSchema.nullable(),
  }),
  consumers: [
    {
      id: 'RecordStaffMemberChange',
      handler: { file: 'functions/audit/record-staff-change.ts', export: 'recordStaffMemberChange' },
      grants: ['table:write'],
    },
  ],
});

/**
 * StaffMemberChanged: a change of staff made in the Staff tab, in the audit log. Cognito takes no
 * part in a table transaction, so the entry follows the change through its event (published once
 * the change is made; this consumer runs once per event) rather than committing with it.
 */
import { StaffMemberChanged } from '#events/staff';
import { consumer } from '../lib/event-consumer';
import { auditEntryWrite } from '../lib/table/audit';
import { transact } from '../lib/table/transaction';

export const recordStaffMemberChange = consumer(
  StaffMemberChanged,
  'RecordStaffMemberChange',
  async ({ action, at, by, member, before, after }) => {
    await transact({
      entry: auditEntryWrite(
        {
          staffId: by.userId,
          at,
          action,
          record: { kind: 'staffMember', id: member.userId, label: member.email },
          before,
          after,
        },
        // Kept though the roles or access it sets are the member's already: it signs them out all the same.
        { keepUnchanged: true },
      ),
    });
  },
);

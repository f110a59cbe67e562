/**
 * The write of an audit log entry (domain/audit/audit-entry.ts), for a store to add to the
 * transaction of the staff action it records: the entry commits with the action or not at all.
 * Entries are only ever put, as new items; nothing updates or deletes one (and in AWS the functions'
 * roles are denied it: docs/decisions/0078-audit-log.md).
 */
import { randomUUID } from 'node:crypto';
import { changedFields, type AuditAction } from '#domain/audit/audit-entry';
import { auditEntryKeys } from './keys';
import type { WriteItem } from './transaction';

export function auditEntryWrite(action: AuditAction): WriteItem {
  const id = randomUUID();
  const { before, after } = changedFields(action.before, action.after);
  return {
    Put: {
      Item: {
        ...auditEntryKeys({ id, at: action.at, staffId: action.staffId, record: action.record }),
        entity: 'auditEntry',
        id,
        at: action.at,
        staffId: action.staffId,
        action: action.action,
        record: action.record,
        before,
        after,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** GET /api/admin/audit-log: the owners' read of the audit log of staff actions, newest first, each entry naming who acted. */
import type { AuditEntry, AuditLogPage } from '#domain/audit/audit-entry';
import { auditLogQuerySchema } from '#domain/audit/audit-log-query';
import { httpHandler, json, parseQuery } from '../lib/http';
import { staffNamesOf } from '../lib/staff-names';
import { listAuditEntries } from './audit-store';

export const listAuditLog = httpHandler(async (event) => {
  const { entries, nextCursor } = await listAuditEntries(parseQuery(event, auditLogQuerySchema));
  const names = await staffNamesOf(entries.map((entry) => entry.staffId));
  const page: AuditLogPage = {
    entries: entries.map(({ staffId, ...entry }): AuditEntry => ({
      ...entry,
      record: entry.record as AuditEntry['record'],
      staff: { id: staffId, name: names.get(staffId) ?? null },
    })),
    nextCursor,
  };
  return json(200, page);
});

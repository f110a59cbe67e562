/** The audit log's admin route (owners only); it sends the signed-in staff member's access token. */
import type { AuditLogPage, AuditRecordKind } from '#domain/audit/audit-entry';
import { apiRequest } from '../../api/client';

/** What the log is narrowed to: one record's entries, or one member of staff's. */
export type AuditLogFilter =
  { by: 'record'; kind: AuditRecordKind; id: string; label: string } | { by: 'staff'; id: string; name: string } | null;

export function fetchAuditLogPage(filter: AuditLogFilter, cursor: string | null): Promise<AuditLogPage> {
  const query = new URLSearchParams();
  if (filter?.by === 'record') {
    query.set('recordKind', filter.kind);
    query.set('recordId', filter.id);
  }
  if (filter?.by === 'staff') query.set('staffId', filter.id);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return apiRequest<AuditLogPage>(`/admin/audit-log${search ? `?${search}` : ''}`, { auth: true });
}

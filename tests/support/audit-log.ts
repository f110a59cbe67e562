/**
 * Reading the audit log of the local stack as the owner (the staff account), for the tests of the
 * staff actions it records (docs/decisions/0078-audit-log.md).
 */
import { expect } from 'vitest';
import type { AuditEntry, AuditLogPage, AuditRecordKind } from '#domain/audit/audit-entry';
import { api } from './checkout';

/** One record's entries, newest first (the first page: a test's record has fewer than a page). */
export async function auditEntriesOf(
  baseUrl: string,
  owner: { accessToken: string },
  kind: AuditRecordKind,
  id: string,
): Promise<AuditEntry[]> {
  const answer = await api<AuditLogPage>(
    baseUrl,
    owner,
    'GET',
    `/admin/audit-log?recordKind=${kind}&recordId=${encodeURIComponent(id)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

/** The user id (Cognito `sub`) a signed-in member of staff is recorded under. */
export function staffIdOf({ accessToken }: { accessToken: string }): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
}

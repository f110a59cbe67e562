/**
 * The table's keys of the audit log of staff actions (functions/audit,
 * functions/lib/table/audit.ts); see ../README.md.
 */

/**
 * An entry of the audit log of staff actions (domain/audit): one item each, never changed. The log
 * is spread over AUDIT_LOG_SHARDS partitions by the entry's id, each newest first, so no one
 * partition takes every staff action (the owners' list merges them); listed by its record through
 * gsi1 and by the member of staff through gsi2. Sorted by time, then by the order one process wrote
 * them (`sequence`: the several entries of one request share its time).
 */
export function auditEntryKeys(entry: {
  id: string;
  at: string;
  sequence: number;
  staffId: string;
  record: { kind: string; id: string };
}) {
  const sortKey = `${entry.at}#${String(entry.sequence).padStart(12, '0')}#${entry.id}`;
  return {
    pk: auditShardPartition(auditShardOf(entry.id)),
    sk: sortKey,
    gsi1pk: auditRecordPartition(entry.record.kind, entry.record.id),
    gsi1sk: sortKey,
    gsi2pk: auditStaffPartition(entry.staffId),
    gsi2sk: sortKey,
  };
}

export const AUDIT_LOG_SHARDS = 4;

/** The shard of an entry: its id's first hex digit (a random UUID's), so entries spread evenly. */
function auditShardOf(entryId: string): number {
  return Number.parseInt(entryId.charAt(0), 16) % AUDIT_LOG_SHARDS;
}

export const AUDIT_PARTITION_PREFIX = 'AUDIT#';

export function auditShardPartition(shard: number) {
  return `${AUDIT_PARTITION_PREFIX}${shard}`;
}

export function auditRecordPartition(kind: string, recordId: string) {
  return `AUDIT_RECORD#${kind}#${recordId}`;
}

export function auditStaffPartition(staffId: string) {
  return `AUDIT_STAFF#${staffId}`;
}

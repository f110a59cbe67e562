/**
 * The audit log read (its entries are written by the stores of the actions they record, through
 * functions/lib/table/audit.ts): newest first, all of it (its shards merged), or one record's
 * through gsi1, or one member of staff's through gsi2, a page at a time.
 */
import type { AuditLogQuery } from '#domain/audit/audit-log-query';
import { Invalid } from '#domain/errors';
import { queryPage, recordOf, type Item } from '../lib/table/items';
import {
  AUDIT_LOG_SHARDS,
  auditRecordPartition,
  auditShardPartition,
  auditStaffPartition,
} from '../lib/table/keys/audit';
import { INVALID_CURSOR_MESSAGE, indexPartitionPage } from '../lib/table/page-cursor';
import { mergeShardPages, type ShardPosition } from './shard-merge';

export const AUDIT_LOG_PAGE_SIZE = 25;

/** An entry as stored: its record without the member of staff's name, which the reader adds. */
export interface StoredAuditEntry {
  id: string;
  at: string;
  staffId: string;
  action: string;
  record: { kind: string; id: string; label?: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** An entry's sort key (auditEntryKeys): its time, the order its process wrote it in (entries written before that have none), its id. */
const ENTRY_SORT_KEY = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z#(?:\d{12}#)?[\w-]+$/;

function positionsOf(cursor: string | undefined): ShardPosition[] {
  if (cursor === undefined) return Array.from({ length: AUDIT_LOG_SHARDS }, () => '');
  let positions: unknown;
  try {
    positions = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    positions = undefined;
  }
  const valid =
    Array.isArray(positions) &&
    positions.length === AUDIT_LOG_SHARDS &&
    positions.some((position) => position !== null) &&
    positions.every((position) => position === null || position === '' || ENTRY_SORT_KEY.test(String(position)));
  if (!valid) throw new Invalid(INVALID_CURSOR_MESSAGE, { cursor: INVALID_CURSOR_MESSAGE });
  return positions as ShardPosition[];
}

/** The whole log, newest first: each shard read from where the last page stopped, merged. */
async function wholeLogPage(cursor: string | undefined): Promise<{ items: Item[]; nextCursor: string | null }> {
  const positions = positionsOf(cursor);
  const pages = await Promise.all(
    positions.map(async (position, shard) => {
      if (position === null) return null;
      const partition = auditShardPartition(shard);
      const { items, lastKey } = await queryPage(
        {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ScanIndexForward: false,
          Limit: AUDIT_LOG_PAGE_SIZE,
        },
        position === '' ? undefined : { pk: partition, sk: position },
      );
      return { entries: items.map((item) => ({ sortKey: String(item.sk), entry: item })), more: lastKey !== undefined };
    }),
  );
  const merged = mergeShardPages(positions, pages, AUDIT_LOG_PAGE_SIZE);
  const nextCursor = merged.positions.every((position) => position === null)
    ? null
    : Buffer.from(JSON.stringify(merged.positions)).toString('base64url');
  return { items: merged.entries, nextCursor };
}

export async function listAuditEntries(
  query: AuditLogQuery,
): Promise<{ entries: StoredAuditEntry[]; nextCursor: string | null }> {
  const page =
    query.recordKind && query.recordId
      ? await indexPartitionPage('gsi1', auditRecordPartition(query.recordKind, query.recordId), {
          cursor: query.cursor,
          limit: AUDIT_LOG_PAGE_SIZE,
        })
      : query.staffId
        ? await indexPartitionPage('gsi2', auditStaffPartition(query.staffId), {
            cursor: query.cursor,
            limit: AUDIT_LOG_PAGE_SIZE,
          })
        : await wholeLogPage(query.cursor);
  return { entries: page.items.map((item) => recordOf<StoredAuditEntry>(item)), nextCursor: page.nextCursor };
}

/**
 * The owners' audit log reads newest first across the log's shards
 * (functions/lib/table/keys/audit.ts `auditEntryKeys`): a page of each shard from where the last
 * page stopped, merged, and the newest `limit` kept. Where each shard stopped is the page's cursor.
 */

/** Where a shard's reading stands: `''` from its newest entry, a sort key to go on after, null when read to its end. */
export type ShardPosition = string | null;

export interface ShardPage<T> {
  /** The shard's entries from its position on, newest first, with their sort keys. */
  entries: ReadonlyArray<{ sortKey: string; entry: T }>;
  /** Whether the shard has entries past these. */
  more: boolean;
}

/**
 * The newest `limit` entries of the shards' pages (each read from its position, `limit` at most),
 * and where each shard stands after them: a shard none of whose entries were kept stays where it
 * was; one whose entries were all kept and which has no more is read to its end.
 */
export function mergeShardPages<T>(
  positions: readonly ShardPosition[],
  pages: ReadonlyArray<ShardPage<T> | null>,
  limit: number,
): { entries: T[]; positions: ShardPosition[] } {
  const all = pages.flatMap((page, shard) => (page ? page.entries.map((read) => ({ ...read, shard })) : []));
  const kept = all.sort((a, b) => (a.sortKey < b.sortKey ? 1 : a.sortKey > b.sortKey ? -1 : 0)).slice(0, limit);
  const next = positions.map((position, shard): ShardPosition => {
    const page = pages[shard];
    if (position === null || !page) return null;
    const taken = kept.filter((read) => read.shard === shard);
    if (taken.length === 0) return page.entries.length === 0 && !page.more ? null : position;
    if (taken.length === page.entries.length && !page.more) return null;
    return taken[taken.length - 1]!.sortKey;
  });
  return { entries: kept.map((read) => read.entry), positions: next };
}

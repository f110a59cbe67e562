import type { GridKind, GridRow } from '#domain/catalogue/grids/types';

export interface GridChanges<K extends GridKind> {
  added: GridRow<K>[];
  removed: GridRow<K>[];
  changed: { before: GridRow<K>; after: GridRow<K> }[];
}

const PRICE_FIELDS = new Set(['priceCents', 'salePriceCents', 'totalPriceCents']);

/** A row is the same row when everything but its prices is the same (its size, range, group…). */
function rowKey(row: object): string {
  return JSON.stringify(
    Object.entries(row)
      .filter(([field]) => !PRICE_FIELDS.has(field))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** What an upload would change: rows added, rows removed, and rows whose prices change. */
export function gridChanges<K extends GridKind>(
  before: readonly GridRow<K>[],
  after: readonly GridRow<K>[],
): GridChanges<K> {
  const beforeByKey = new Map(before.map((row) => [rowKey(row), row]));
  const afterKeys = new Set(after.map(rowKey));
  const changes: GridChanges<K> = {
    added: [],
    removed: before.filter((row) => !afterKeys.has(rowKey(row))),
    changed: [],
  };
  for (const row of after) {
    const previous = beforeByKey.get(rowKey(row));
    if (!previous) changes.added.push(row);
    else if (JSON.stringify(previous) !== JSON.stringify(row)) changes.changed.push({ before: previous, after: row });
  }
  return changes;
}

/**
 * A staff upload of a price grid: its items (the seed writes the same items, by "seed"), and the
 * transaction that makes it current. Apart from grid-store.ts, so the handlers that only price
 * carry neither the CSV form nor its parser, which a version hash needs.
 */
import { gridVersion } from '#domain/catalogue/grids/version';
import type { GridKind, GridRow } from '#domain/catalogue/grids/types';
import { auditEntryWrite } from '../lib/table/audit';
import { gridCurrentKeys, gridUploadKeys, gridVersionKeys } from '../lib/table/keys/catalogue';
import { transact } from '../lib/table/transaction';
import { forgetCachedGrids, type StoredGrid } from './grid-store';

export type GridItem = { pk: string; sk: string } & Record<string, unknown>;

/**
 * The three items of a grid's upload: its CURRENT item (the rows, the upload's revision and who made
 * it when), its immutable version and the upload's record in the grid's history.
 */
export function gridItems<K extends GridKind>(
  kind: K,
  rows: readonly GridRow<K>[],
  upload: { revision: number; uploadedAt: string; uploadedBy: string },
): { current: GridItem; version: GridItem; upload: GridItem } {
  const version = gridVersion(kind, rows);
  const rowsJson = JSON.stringify(rows);
  const { uploadedAt, uploadedBy } = upload;
  return {
    current: { ...gridCurrentKeys(kind), entity: 'gridCurrent', kind, version, rowsJson, ...upload },
    version: { ...gridVersionKeys(kind, version), entity: 'gridVersion', kind, version, rowsJson },
    upload: {
      ...gridUploadKeys(kind, uploadedAt, version),
      entity: 'gridUpload',
      kind,
      version,
      uploadedAt,
      uploadedBy,
      rowCount: rows.length,
    },
  };
}

/** Thrown when another upload replaced the grid between reading and writing it. */
export class GridChangedConcurrently extends Error {}

/**
 * Stores a new version and makes it current in one transaction, conditioned on the revision that
 * was read (none, for a kind never stored), so of two concurrent uploads exactly one wins; the
 * staff member's audit log entry (the version and row count before and after) commits with it.
 */
export async function replaceGrid<K extends GridKind>(
  kind: K,
  rows: readonly GridRow<K>[],
  replaces: StoredGrid<K> | undefined,
  uploadedBy: string,
): Promise<StoredGrid<K>> {
  const version = gridVersion(kind, rows);
  const uploadedAt = new Date().toISOString();
  const revision = (replaces?.revision ?? 0) + 1;
  const items = gridItems(kind, rows, { revision, uploadedAt, uploadedBy });
  const outcome = await transact({
    current: {
      Put: {
        Item: items.current,
        ...(replaces
          ? { ConditionExpression: 'revision = :read', ExpressionAttributeValues: { ':read': replaces.revision } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
    // Same version, same rows: rewriting it changes nothing.
    version: { Put: { Item: items.version } },
    upload: { Put: { Item: items.upload } },
    audit: auditEntryWrite({
      staffId: uploadedBy,
      at: uploadedAt,
      action: 'replace',
      record: { kind: 'priceGrid', id: kind },
      before: replaces ? { version: replaces.version, rowCount: replaces.rows.length } : null,
      after: { version, rowCount: rows.length },
    }),
  });
  if (!outcome.committed) throw new GridChangedConcurrently(`The ${kind} grid was changed by someone else.`);
  forgetCachedGrids();
  return { kind, version, rows: [...rows], revision, uploadedAt, uploadedBy };
}

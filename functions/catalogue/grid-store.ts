/**
 * The price grids in the table. Each kind has a CURRENT item carrying the rows of its current
 * version (so every current grid comes back from one BatchGetItem), an immutable item per version,
 * and one small item per upload for the history staff see. See functions/lib/table/README.md.
 */
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { GRID_KINDS, type GridKind, type GridRow, type PriceGrids } from '#domain/catalogue/grids/types';
import { gridVersion } from '#domain/catalogue/grids/version';
import { getItem, getItems, queryAll } from '../lib/table/items';
import { GRID_UPLOAD_SK_PREFIX, gridCurrentKeys, gridVersionKeys } from '../lib/table/keys';
import { transact } from '../lib/table/transaction';
import { gridItems } from './seed-items';

export interface StoredGrid<K extends GridKind = GridKind> {
  kind: K;
  version: string;
  rows: GridRow<K>[];
  /** Bumped by every upload; a replacement is conditioned on the revision it read. */
  revision: number;
  uploadedAt: string;
  uploadedBy: string;
}

export interface GridUpload {
  version: string;
  uploadedAt: string;
  uploadedBy: string;
  rowCount: number;
}

export interface CurrentGrids {
  grids: PriceGrids;
  versions: Record<GridKind, string>;
}

/** Prices may lag an upload by this much on other Lambda instances. */
const CACHE_MS = 60_000;

let cached: { at: number; value: Promise<CurrentGrids> } | undefined;

interface CurrentItem {
  kind: GridKind;
  version: string;
  rowsJson: string;
  revision: number;
  uploadedAt: string;
  uploadedBy: string;
}

function storedGrid<K extends GridKind>(item: CurrentItem): StoredGrid<K> {
  const { kind, version, rowsJson, revision, uploadedAt, uploadedBy } = item;
  return { kind: kind as K, version, rows: JSON.parse(rowsJson) as GridRow<K>[], revision, uploadedAt, uploadedBy };
}

async function readAllCurrent(): Promise<CurrentGrids> {
  const items = (await getItems(GRID_KINDS.map((kind) => gridCurrentKeys(kind)))) as CurrentItem[];
  const byKind = new Map(items.map((item) => [item.kind, item]));
  const grids = {} as Record<GridKind, unknown>;
  const versions = {} as Record<GridKind, string>;
  for (const kind of GRID_KINDS) {
    const item = byKind.get(kind);
    grids[kind] = item ? JSON.parse(item.rowsJson) : SEED_PRICE_GRIDS[kind];
    versions[kind] = item ? item.version : gridVersion(kind, SEED_PRICE_GRIDS[kind]);
  }
  return { grids: grids as PriceGrids, versions };
}

/**
 * The current version of every grid (the seed grid for a kind the table does not hold yet),
 * cached per Lambda instance for at most 60 s.
 */
export function loadCurrentGrids(): Promise<CurrentGrids> {
  if (!cached || Date.now() - cached.at >= CACHE_MS) {
    const value = readAllCurrent();
    cached = { at: Date.now(), value };
    value.catch(() => {
      if (cached?.value === value) cached = undefined;
    });
  }
  return cached.value;
}

/** After an upload, this instance prices with the new grid at once. */
export function forgetCachedGrids(): void {
  cached = undefined;
}

/** The current grid of one kind, read from the table (not cached): what an upload replaces. */
export async function readCurrentGrid<K extends GridKind>(kind: K): Promise<StoredGrid<K> | undefined> {
  const item = await getItem(gridCurrentKeys(kind), { consistent: true });
  return item ? storedGrid<K>(item as CurrentItem) : undefined;
}

/** Thrown when another upload replaced the grid between reading and writing it. */
export class GridChangedConcurrently extends Error {}

/**
 * Stores a new version and makes it current in one transaction, conditioned on the revision that
 * was read (none, for a kind never stored), so of two concurrent uploads exactly one wins.
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
  });
  if (!outcome.committed) throw new GridChangedConcurrently(`The ${kind} grid was changed by someone else.`);
  forgetCachedGrids();
  return { kind, version, rows: [...rows], revision, uploadedAt, uploadedBy };
}

/** Uploads of a grid, newest first. */
export async function listUploads(kind: GridKind): Promise<GridUpload[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': gridCurrentKeys(kind).pk, ':prefix': GRID_UPLOAD_SK_PREFIX },
    ScanIndexForward: false,
  });
  return items.map(({ version, uploadedAt, uploadedBy, rowCount }) => ({ version, uploadedAt, uploadedBy, rowCount }));
}

/** The rows of one version of a grid, or undefined when there is no such version. */
export async function readGridVersion<K extends GridKind>(kind: K, version: string): Promise<GridRow<K>[] | undefined> {
  const item = await getItem(gridVersionKeys(kind, version));
  return item ? (JSON.parse(item.rowsJson as string) as GridRow<K>[]) : undefined;
}

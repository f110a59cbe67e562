/**
 * The price grids in the table. Each kind has a CURRENT item carrying the rows of its current
 * version (so every current grid comes back from one BatchGetItem), an immutable item per version,
 * and one small item per upload for the history staff see. See functions/lib/table/README.md.
 * The table is the only source: the seed grids are written into it at deploy and at the local
 * stack's start, and no handler carries a copy (uploads are in grid-upload.ts).
 */
import { GRID_KINDS, type GridKind, type GridRow, type PriceGrids } from '#domain/catalogue/grids/types';
import { getItem, getItems, queryAll } from '../lib/table/items';
import { GRID_UPLOAD_SK_PREFIX, gridCurrentKeys, gridVersionKeys } from '../lib/table/keys/catalogue';

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

/** A grid kind the table does not hold: the seed was not written, and nothing can be priced. */
export class GridMissing extends Error {
  constructor(kinds: readonly GridKind[]) {
    super(`The table holds no current ${kinds.join(', ')} price grid: the catalogue seed has not been written.`);
  }
}

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
  const missing = GRID_KINDS.filter((kind) => !byKind.has(kind));
  if (missing.length > 0) throw new GridMissing(missing);
  const grids = {} as Record<GridKind, unknown>;
  const versions = {} as Record<GridKind, string>;
  for (const item of byKind.values()) {
    grids[item.kind] = JSON.parse(item.rowsJson);
    versions[item.kind] = item.version;
  }
  return { grids: grids as PriceGrids, versions };
}

/**
 * The current version of every grid, cached per Lambda instance for at most 60 s; GridMissing when
 * the table lacks one (never priced from a copy the table may have moved on from).
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

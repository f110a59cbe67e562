/** The table's keys of price grids and volume tables (functions/catalogue); see ../README.md. */

/**
 * A price grid's current version: one item per grid kind, carrying the rows, so reading every
 * current grid is one BatchGetItem.
 */
export function gridCurrentKeys(kind: string) {
  return { pk: `GRID#${kind}`, sk: 'CURRENT' };
}

/** A grid version's rows, immutable; the version is a hash of the content. */
export function gridVersionKeys(kind: string, version: string) {
  return { pk: `GRID#${kind}`, sk: `VERSION#${version}` };
}

/** One upload of a grid (who, when, which version), listed newest first within the grid's partition. */
export function gridUploadKeys(kind: string, uploadedAt: string, version: string) {
  return { pk: `GRID#${kind}`, sk: `UPLOAD#${uploadedAt}#${version}` };
}

export const GRID_UPLOAD_SK_PREFIX = 'UPLOAD#';

/** The volume tables staff saved, each by the day it takes effect: one small partition, read whole. */
export const VOLUME_TABLES_PARTITION = 'VOLUME_TABLES';

export function volumeTableKeys(effectiveFrom: string, savedAt: string) {
  return { pk: VOLUME_TABLES_PARTITION, sk: `TABLE#${effectiveFrom}#${savedAt}` };
}

/**
 * Staff replace a price grid by uploading a CSV: preview what changes, upload (a new version
 * becomes current), list the versions and download any of them. Restoring = uploading it again.
 */
import { gridToCsv, parseGridCsv } from '#domain/catalogue/grids/csv';
import { GRID_KINDS, type GridKind, type GridRow } from '#domain/catalogue/grids/types';
import { PriceGridReplaced } from '#events/catalogue';
import { listUploads, readCurrentGrid, readGridVersion } from '../catalogue/grid-store';
import { GridChangedConcurrently, replaceGrid } from '../catalogue/grid-upload';
import { staffCaller } from '../lib/caller';
import { publish } from '../lib/events';
import { csvBody, HttpError, httpHandler, json, type HttpEvent } from '../lib/http';
import { gridChanges } from './grid-changes';

function gridKind(event: HttpEvent): GridKind {
  const kind = event.pathParameters?.kind ?? '';
  if (!(GRID_KINDS as readonly string[]).includes(kind)) throw new HttpError(404, `There is no price grid "${kind}".`);
  return kind as GridKind;
}

/** A refusal listing the problems (HttpError carries only a sentence and field errors). */
function refused(problems: string[]) {
  return json(400, {
    message: `The grid was not accepted: ${problems.length} problem${problems.length === 1 ? '' : 's'}.`,
    problems,
  });
}

/**
 * What the shop prices with now: the stored grid. A kind the table lacks (its seed not written) has
 * no rows, so the preview shows every row of the file as added and the upload that follows repairs it.
 */
async function currentRows<K extends GridKind>(kind: K): Promise<readonly GridRow<K>[]> {
  return (await readCurrentGrid(kind))?.rows ?? [];
}

/** POST /api/admin/price-grids/{kind}/preview */
export const previewPriceGrid = httpHandler(async (event) => {
  const kind = gridKind(event);
  const parsed = parseGridCsv(kind, csvBody(event, 'grid'));
  if (!parsed.ok) return refused(parsed.problems);
  return json(200, {
    ok: true,
    changes: gridChanges(await currentRows(kind), parsed.rows),
    rowCount: parsed.rows.length,
  });
});

/**
 * PUT /api/admin/price-grids/{kind}: the upload becomes the current version. An If-Match header
 * names the version the uploader previewed against; a grid changed since then, or by a concurrent
 * upload, answers 409 and nothing is written.
 */
export const replacePriceGrid = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const kind = gridKind(event);
  const parsed = parseGridCsv(kind, csvBody(event, 'grid'));
  if (!parsed.ok) return refused(parsed.problems);
  const current = await readCurrentGrid(kind);
  const expected = event.headers['if-match']?.replace(/^W\/|"/g, '').trim();
  const conflict = () =>
    new HttpError(
      409,
      `The ${kind} grid was changed by someone else meanwhile. Preview your file again, then upload it.`,
    );
  if (expected && expected !== '*' && expected !== current?.version) throw conflict();
  try {
    const stored = await replaceGrid(kind, parsed.rows, current, caller.userId);
    await publish(PriceGridReplaced, {
      kind,
      version: stored.version,
      previousVersion: current?.version ?? null,
      rowCount: stored.rows.length,
      uploadedBy: stored.uploadedBy,
      uploadedAt: stored.uploadedAt,
    });
    return json(200, {
      kind,
      version: stored.version,
      previousVersion: current?.version ?? null,
      uploadedAt: stored.uploadedAt,
      rowCount: stored.rows.length,
    });
  } catch (error) {
    if (error instanceof GridChangedConcurrently) throw conflict();
    throw error;
  }
});

/** GET /api/admin/price-grids/{kind}/versions: uploads newest first, the current one marked. */
export const listPriceGridVersions = httpHandler(async (event) => {
  const kind = gridKind(event);
  const [current, uploads] = await Promise.all([readCurrentGrid(kind), listUploads(kind)]);
  // Restoring an earlier file repeats its version: only the newest upload of it is the current one.
  const currentIndex = uploads.findIndex((upload) => upload.version === current?.version);
  return json(200, {
    kind,
    currentVersion: current?.version ?? null,
    versions: uploads.map((upload, index) => ({ ...upload, current: index === currentIndex })),
  });
});

/** GET /api/admin/price-grids/{kind}/versions/{version}: that version as the CSV staff edit. */
export const downloadPriceGridVersion = httpHandler(async (event) => {
  const kind = gridKind(event);
  const version = event.pathParameters?.version ?? '';
  const rows = await readGridVersion(kind, version);
  if (!rows) throw new HttpError(404, `There is no version "${version}" of the ${kind} grid.`);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${version}.csv"`,
      'cache-control': 'no-store',
    },
    body: gridToCsv(kind, rows),
  };
});

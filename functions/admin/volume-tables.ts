/**
 * The volume tables staff keep (Price Grids tab): their history, and saving a new one from a day on
 * (today or later: an order already placed keeps the table it was priced with).
 */
import { shopDateAt } from '#domain/appointments/schedule';
import { Invalid } from '#domain/errors';
import type { VolumeTable } from '#domain/pricing/volume-tables';
import { volumeTableInputSchema } from '#domain/pricing/volume-table-schema';
import { listVolumeTables, saveVolumeTable } from '../catalogue/volume-table-store';
import { staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody } from '../lib/http';

const BACKDATED = 'Effective date must be today or later: orders already placed keep the table they were priced with.';

/** GET /api/admin/volume-tiers: every table saved, latest to take effect first. */
export const listVolumeTablesForStaff = httpHandler(async () => {
  const tables = await listVolumeTables();
  tables.sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || b.savedAt.localeCompare(a.savedAt));
  return json(200, { tables });
});

/** POST /api/admin/volume-tiers */
export const saveVolumeTableForStaff = httpHandler(async (event) => {
  const caller = staffCaller(event);
  const input = parseBody(event, volumeTableInputSchema);
  const now = new Date();
  if (input.effectiveFrom < shopDateAt(now)) throw new Invalid(BACKDATED, { effectiveFrom: BACKDATED });
  const table: VolumeTable = { ...input, savedAt: now.toISOString(), savedBy: caller.userId };
  await saveVolumeTable(table);
  return json(201, table);
});

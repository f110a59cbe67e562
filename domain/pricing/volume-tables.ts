/**
 * The volume table staff keep (issue 27): the tiers of discounts.ts as data, each version saved with
 * the day it takes effect, none ever changed, so the table in effect on any day can be told and every
 * past order's tier explained. Until staff save one, the declared VOLUME_TIERS are in effect. No zod:
 * the configurator's first load reads the table in effect (volume-table-schema.ts validates).
 */
import { VOLUME_TIERS, type VolumeTier } from './discounts';

/** One saved version of the table. */
export interface VolumeTable {
  tiers: VolumeTier[];
  /** The first day it applies, in the shop's calendar (YYYY-MM-DD). */
  effectiveFrom: string;
  savedAt: string;
  /** The member of staff who saved it (their user id), or 'declared' for the shop's own table. */
  savedBy: string;
}

/** The table the shop declares, in effect until staff save another. */
export const DECLARED_VOLUME_TABLE: VolumeTable = {
  tiers: [...VOLUME_TIERS],
  effectiveFrom: '2026-01-01',
  savedAt: '2026-01-01T00:00:00.000Z',
  savedBy: 'declared',
};

const newestFirst = (a: VolumeTable, b: VolumeTable) =>
  b.effectiveFrom.localeCompare(a.effectiveFrom) || b.savedAt.localeCompare(a.savedAt);

/** The table in effect on `today`: of those already in effect, the latest to take effect (the last saved on a tie). */
export function volumeTableOn(tables: readonly VolumeTable[], today: string): VolumeTable {
  return [...tables].sort(newestFirst).find((table) => table.effectiveFrom <= today) ?? DECLARED_VOLUME_TABLE;
}

/** 200 of GET /api/volume-tiers: the table in effect, and those saved to take effect later. */
export interface VolumeTablesResponse {
  current: VolumeTable;
  scheduled: VolumeTable[];
}

export function volumeTables(tables: readonly VolumeTable[], today: string): VolumeTablesResponse {
  return {
    current: volumeTableOn(tables, today),
    scheduled: tables.filter((table) => table.effectiveFrom > today).sort((a, b) => -newestFirst(a, b)),
  };
}

import { describe, expect, it } from 'vitest';
import { volumeTableInputSchema } from './volume-table-schema';
import { DECLARED_VOLUME_TABLE, volumeTableOn, volumeTables, type VolumeTable } from './volume-tables';

const table = (effectiveFrom: string, savedAt: string, percent: number): VolumeTable => ({
  tiers: [{ minBlinds: 10, percent }],
  effectiveFrom,
  savedAt,
  savedBy: 'staff-1',
});

describe('the volume table in effect', () => {
  const saved = [
    table('2026-12-01', '2026-11-20T10:00:00.000Z', 6),
    table('2026-11-01', '2026-10-20T10:00:00.000Z', 4),
    table('2026-12-01', '2026-11-25T10:00:00.000Z', 7),
  ];

  it('is the declared one until staff save one, then the latest to have taken effect', () => {
    expect(volumeTableOn([], '2026-11-28')).toBe(DECLARED_VOLUME_TABLE);
    expect(volumeTableOn(saved, '2026-10-31')).toBe(DECLARED_VOLUME_TABLE);
    expect(volumeTableOn(saved, '2026-11-30').tiers[0]!.percent).toBe(4);
    // Two saved for the same day: the one saved last.
    expect(volumeTableOn(saved, '2026-12-01').tiers[0]!.percent).toBe(7);
  });

  it('lists the tables still to take effect, soonest first', () => {
    expect(volumeTables(saved, '2026-11-28')).toEqual({ current: saved[1], scheduled: [saved[0], saved[2]] });
  });
});

describe('a table staff save', () => {
  it('needs each tier to start at more blinds and give more off than the one before, naming the field', () => {
    const parsed = volumeTableInputSchema.safeParse({
      tiers: [
        { minBlinds: 10, percent: 5 },
        { minBlinds: 10, percent: 5 },
        { minBlinds: 50, percent: 41 },
      ],
      effectiveFrom: '2026-12-01',
    });
    const fields = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toEqual({
      'tiers.1.minBlinds': 'Each tier must start at more blinds than the one before.',
      'tiers.1.percent': 'Each tier must give more off than the one before.',
      'tiers.2.percent': 'Percent off must be at most 40.',
    });
    expect(volumeTableInputSchema.safeParse({ tiers: [], effectiveFrom: '2026-02-30' }).error?.issues).toMatchObject([
      { path: ['tiers'], message: 'Please give at least one tier.' },
      { path: ['effectiveFrom'], message: 'Effective date must be a date (YYYY-MM-DD).' },
    ]);
  });
});

/**
 * The volume tiers in effect, for every page that states them: the declared table while the page
 * loads (and in the prerendered HTML), then the one staff keep (GET /api/volume-tiers), read once per
 * visit. The cart and checkout do not use this: the server applies the table in effect.
 */
import { useEffect, useState } from 'react';
import { VOLUME_TIERS, type VolumeTier } from '#domain/pricing/discounts';
import type { VolumeTablesResponse } from '#domain/pricing/volume-tables';
import { apiRequest } from '../api/client';

let reading: Promise<readonly VolumeTier[]> | undefined;

function tiersInEffect(): Promise<readonly VolumeTier[]> {
  reading ??= apiRequest<VolumeTablesResponse>('/volume-tiers').then(
    (answer) => answer.current.tiers,
    () => {
      reading = undefined;
      return VOLUME_TIERS;
    },
  );
  return reading;
}

export function useVolumeTiers(): readonly VolumeTier[] {
  const [tiers, setTiers] = useState<readonly VolumeTier[]>(VOLUME_TIERS);
  useEffect(() => {
    let current = true;
    void tiersInEffect().then((read) => current && setTiers(read));
    return () => {
      current = false;
    };
  }, []);
  return tiers;
}

/**
 * The volume tables staff saved (domain/pricing/volume-tables.ts): one item per version, never
 * changed, in one small partition read whole. See functions/lib/table/README.md.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import type { VolumeTier } from '#domain/pricing/discounts';
import { volumeTableOn, type VolumeTable } from '#domain/pricing/volume-tables';
import { putItem, queryAll, recordOf } from '../lib/table/items';
import { VOLUME_TABLES_PARTITION, volumeTableKeys } from '../lib/table/keys';

export async function listVolumeTables(): Promise<VolumeTable[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': VOLUME_TABLES_PARTITION },
  });
  return items.map((item) => {
    const { tiers, effectiveFrom, savedAt, savedBy } = recordOf<VolumeTable>(item);
    return { tiers, effectiveFrom, savedAt, savedBy };
  });
}

/** The tiers every order placed now is priced with. */
export async function volumeTiersNow(now: Date): Promise<VolumeTier[]> {
  return volumeTableOn(await listVolumeTables(), shopDateAt(now)).tiers;
}

export async function saveVolumeTable(table: VolumeTable): Promise<void> {
  await putItem({
    Item: { ...volumeTableKeys(table.effectiveFrom, table.savedAt), entity: 'volumeTable', ...table },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/**
 * The volume tables staff saved (domain/pricing/volume-tables.ts): one item per version, never
 * changed, in one small partition read whole. See functions/lib/table/README.md.
 */
import { shopDateAt } from '#domain/appointments/schedule';
import type { VolumeTier } from '#domain/pricing/discounts';
import { volumeTableOn, type VolumeTable } from '#domain/pricing/volume-tables';
import { auditEntryWrite } from '../lib/table/audit';
import { queryAll, recordOf } from '../lib/table/items';
import { VOLUME_TABLES_PARTITION, volumeTableKeys } from '../lib/table/keys/catalogue';
import { transact, TransactionCancelled } from '../lib/table/transaction';

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

/** Saves a new table (never over another) with the audit log entry of the member of staff who saved it (`savedBy`). */
export async function saveVolumeTable(table: VolumeTable): Promise<void> {
  const outcome = await transact({
    table: {
      Put: {
        Item: { ...volumeTableKeys(table.effectiveFrom, table.savedAt), entity: 'volumeTable', ...table },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    audit: auditEntryWrite({
      staffId: table.savedBy,
      at: table.savedAt,
      action: 'save',
      record: {
        kind: 'volumeTable',
        id: `${table.effectiveFrom}#${table.savedAt}`,
        label: `from ${table.effectiveFrom}`,
      },
      before: null,
      after: { tiers: table.tiers, effectiveFrom: table.effectiveFrom },
    }),
  });
  if (!outcome.committed) throw new TransactionCancelled(outcome.failed);
}

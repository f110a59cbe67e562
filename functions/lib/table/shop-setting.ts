/**
 * A shop-wide setting kept as one item and replaced whole by staff (the opening hours, the closed
 * days). A save puts the new value only if the item is still the revision it read. The audit log
 * entry of the change goes in the same transaction, with the value it replaced as `before`. A save
 * that lost a race to another reads again. Each attempt's entry is timed at its read, so the entries
 * list the saves in the order they committed: a save that read after another committed was timed
 * after it, and one that read before fails and reads again.
 */
import type { AuditFields, AuditRecordRef } from '#domain/audit/audit-entry';
import { auditEntryWrite } from './audit';
import { getItem, recordOf, type ItemKey } from './items';
import { transact, TransactionCancelled } from './transaction';

export interface ShopSetting<V> {
  key: ItemKey;
  entity: string;
  /** The item's attribute that holds the value. */
  attribute: string;
  record: AuditRecordRef;
  /** The value before staff first saved one (the settings' hours, no closed day). */
  initial: () => V;
  /** The value as the audit entry lists its fields. */
  auditFields: (value: V) => AuditFields;
}

/** Two saves racing: the one that read an older revision reads again. */
const SAVE_ATTEMPTS = 3;

interface SavedSetting {
  /** Counts the saves; none on an item saved before saves were counted. */
  revision?: number;
}

async function savedItem(setting: Pick<ShopSetting<unknown>, 'key'>, consistent: boolean) {
  const item = await getItem(setting.key, { consistent });
  return item ? recordOf<SavedSetting & Record<string, unknown>>(item) : null;
}

export async function readShopSetting<V>(setting: ShopSetting<V>): Promise<V> {
  const saved = await savedItem(setting, false);
  return saved ? (saved[setting.attribute] as V) : setting.initial();
}

export async function replaceShopSetting<V>(setting: ShopSetting<V>, value: V, staffId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const at = new Date().toISOString();
    const saved = await savedItem(setting, true);
    const revision = (saved?.revision ?? 0) + 1;
    const before = saved ? (saved[setting.attribute] as V) : setting.initial();
    const outcome = await transact({
      setting: {
        Put: {
          Item: {
            ...setting.key,
            entity: setting.entity,
            [setting.attribute]: value,
            revision,
            updatedAt: at,
            updatedBy: staffId,
          },
          ...(!saved
            ? { ConditionExpression: 'attribute_not_exists(pk)' }
            : saved.revision === undefined
              ? { ConditionExpression: 'attribute_not_exists(revision)' }
              : { ConditionExpression: 'revision = :read', ExpressionAttributeValues: { ':read': saved.revision } }),
        },
      },
      audit: auditEntryWrite({
        staffId,
        at,
        action: 'replace',
        record: setting.record,
        before: setting.auditFields(before),
        after: setting.auditFields(value),
      }),
    });
    if (outcome.committed) return;
    if (attempt === SAVE_ATTEMPTS || outcome.failed.has('audit')) throw new TransactionCancelled(outcome.failed);
  }
}

/**
 * The days staff closed the shop beyond its holidays (domain/calendar/closures.ts): one small item,
 * read by every delivery estimate and replaced whole from the admin. See functions/lib/table/README.md.
 */
import type { ShopClosure } from '#domain/calendar/closures';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, recordOf } from '../lib/table/items';
import { SHOP_CLOSURES_KEY } from '../lib/table/keys';
import { transact, TransactionCancelled } from '../lib/table/transaction';

interface SavedShopClosures {
  closures: ShopClosure[];
  /** Counts the saves: each save is conditional on the one it read, so its audit entry's `before` is what it replaced (none before the first audited save). */
  revision?: number;
  updatedAt: string;
  updatedBy: string;
}

/** Two saves racing: the one that read an older list reads again (a save replaces the list whole). */
const SAVE_ATTEMPTS = 3;

async function savedShopClosures(options: { consistent?: boolean } = {}): Promise<SavedShopClosures | null> {
  const item = await getItem(SHOP_CLOSURES_KEY, options);
  return item ? recordOf<SavedShopClosures>(item) : null;
}

export async function readShopClosures(): Promise<ShopClosure[]> {
  return (await savedShopClosures())?.closures ?? [];
}

/** Just the dates, as the calendar reads them. */
export async function shopClosureDates(): Promise<string[]> {
  return (await readShopClosures()).map((closure) => closure.date);
}

/**
 * Replaces the list, with the audit log entry of the member of staff who saved it (the list it
 * replaced and the list saved) in the same transaction.
 */
export async function replaceShopClosures(
  closures: readonly ShopClosure[],
  updatedBy: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    const saved = await savedShopClosures({ consistent: true });
    const revision = (saved?.revision ?? 0) + 1;
    const outcome = await transact({
      closures: {
        Put: {
          Item: { ...SHOP_CLOSURES_KEY, entity: 'shopClosures', closures, revision, updatedAt: at, updatedBy },
          ...(saved
            ? saved.revision === undefined
              ? { ConditionExpression: 'attribute_not_exists(revision)' }
              : { ConditionExpression: 'revision = :read', ExpressionAttributeValues: { ':read': saved.revision } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      audit: auditEntryWrite({
        staffId: updatedBy,
        at,
        action: 'replace',
        record: { kind: 'shopClosures', id: 'days', label: 'beyond the holidays' },
        before: { closures: saved?.closures ?? [] },
        after: { closures },
      }),
    });
    if (outcome.committed) return;
    if (attempt === SAVE_ATTEMPTS || outcome.failed.has('audit')) throw new TransactionCancelled(outcome.failed);
  }
}

/**
 * The week's opening hours staff saved in admin (domain/business.ts): one small item, read by chat's
 * online state and the appointment slots, replaced whole. Until staff first save, the settings' hours.
 */
import type { WeeklyHours } from '#domain/business';
import type { ShopHours } from '#domain/opening-hours';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { businessConfig } from '../lib/config';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, recordOf } from '../lib/table/items';
import { OPENING_HOURS_KEY } from '../lib/table/keys';
import { transact, TransactionCancelled } from '../lib/table/transaction';

interface SavedOpeningHours {
  week: WeeklyHours;
  /** Counts the saves: each save is conditional on the one it read, so its audit entry's `before` is what it replaced. */
  revision: number;
  updatedAt: string;
  updatedBy: string;
}

/** Two saves racing: the one that read an older revision reads again (a save replaces the week whole). */
const SAVE_ATTEMPTS = 3;

async function savedOpeningHours(options: { consistent?: boolean } = {}): Promise<SavedOpeningHours | null> {
  const item = await getItem(OPENING_HOURS_KEY, options);
  return item ? recordOf<SavedOpeningHours>(item) : null;
}

export async function openingWeek(): Promise<WeeklyHours> {
  return (await savedOpeningHours())?.week ?? businessConfig().hours.week;
}

/** The week with the days staff closed the shop: when chat is open and measurers visit. */
export async function shopHours(): Promise<ShopHours> {
  const [week, closures] = await Promise.all([openingWeek(), shopClosureDates()]);
  return { week, closures };
}

/**
 * Replaces the week, with the audit log entry of the member of staff who saved it (the days it
 * changed, before and after) in the same transaction.
 */
export async function replaceOpeningHours(week: WeeklyHours, staffId: string, now: Date): Promise<void> {
  const at = now.toISOString();
  for (let attempt = 1; ; attempt++) {
    const saved = await savedOpeningHours({ consistent: true });
    const revision = (saved?.revision ?? 0) + 1;
    const outcome = await transact({
      hours: {
        Put: {
          Item: { ...OPENING_HOURS_KEY, entity: 'openingHours', week, revision, updatedAt: at, updatedBy: staffId },
          ...(saved
            ? { ConditionExpression: 'revision = :read', ExpressionAttributeValues: { ':read': saved.revision } }
            : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      audit: auditEntryWrite({
        staffId,
        at,
        action: 'replace',
        record: { kind: 'openingHours', id: 'week', label: 'of the week' },
        before: saved?.week ?? businessConfig().hours.week,
        after: week,
      }),
    });
    if (outcome.committed) return;
    if (attempt === SAVE_ATTEMPTS || outcome.failed.has('audit')) throw new TransactionCancelled(outcome.failed);
  }
}

/**
 * The write of an audit log entry (domain/audit/audit-entry.ts), for a store to add to the
 * transaction of the staff action it records: the entry commits with the action or not at all.
 * Entries are only ever put, as new items; nothing updates or deletes one (and in AWS the functions'
 * roles are denied it: docs/decisions/0078-audit-log.md).
 */
import { randomUUID } from 'node:crypto';
import { auditedChange, changedFields, type AuditAction } from '#domain/audit/audit-entry';
import { Conflict } from '#domain/errors';
import { auditEntryKeys } from './keys/audit';
import type { WriteItem } from './transaction';

/** A staff action a store records with its change (the store adds the record, the time and the fields); none for a customer's own change. */
export type StaffAction = Pick<AuditAction, 'staffId' | 'action'>;

/** How many entries this process has written: the entries of one request, at one time, keep their order. */
let entriesWritten = 0;

/**
 * The entry's write; null for an action that changed none of the record's fields (auditedChange),
 * which `transact` leaves out. `keepUnchanged`: an action whose effect its fields do not show (a
 * Staff tab change signs the member out whatever it sets) keeps its entry.
 */
export function auditEntryWrite(action: AuditAction, options: { keepUnchanged: true }): WriteItem;
export function auditEntryWrite(action: AuditAction): WriteItem | null;
export function auditEntryWrite(action: AuditAction, options?: { keepUnchanged: true }): WriteItem | null {
  const changed = options?.keepUnchanged
    ? changedFields(action.before, action.after)
    : auditedChange(action.before, action.after);
  if (!changed) return null;
  const { before, after } = changed;
  const id = randomUUID();
  entriesWritten += 1;
  return {
    Put: {
      Item: {
        ...auditEntryKeys({
          id,
          at: action.at,
          sequence: entriesWritten,
          staffId: action.staffId,
          record: action.record,
        }),
        entity: 'auditEntry',
        id,
        at: action.at,
        staffId: action.staffId,
        action: action.action,
        record: action.record,
        before,
        after,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** What a read-then-write answers when the record changed between its read and its write. */
export const CHANGED_SINCE_READ = Symbol('changed since read');

const AS_READ_ATTEMPTS = 5;

/**
 * Runs a staff change that replaces a record whatever it held (a price list, terms) as a read and
 * a write conditioned on the record being still as read, so its audit entry's before is the record
 * it replaced; again from a new read, at a new time (`now`: the entries stay in the order the
 * changes committed), when another change came between. Such a change keeps its last-write-wins
 * answer: only a record that keeps changing is refused (409).
 */
export async function writeAsRead<R>(readAndWrite: (now: Date) => Promise<R | typeof CHANGED_SINCE_READ>): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await readAndWrite(new Date());
    if (result !== CHANGED_SINCE_READ) return result;
    if (attempt >= AS_READ_ATTEMPTS)
      throw new Conflict('This record changed while you were saving it. Please reload it and try again.');
  }
}

/**
 * The audit log of staff actions: who did what to which record and when, with the fields the action
 * changed as they were before and after. Each entry is written in the transaction of the action
 * itself (functions/lib/table/audit.ts), so no action commits without it, and nothing changes or
 * removes one. Owners read it in admin (the query: audit-log-query.ts, apart so the stores that
 * write entries carry no schema). Shared with the browser.
 */
/** The kinds of record staff change, each entry naming one. */
export const AUDIT_RECORD_KINDS = [
  'order',
  'return',
  'priceGrid',
  'volumeTable',
  'promotion',
  'staffMember',
  'client',
  'priceMatch',
  'customerQuote',
  'punchoutConfiguration',
  'webhook',
  'sampleRequest',
  'appointment',
  'measurersOfDay',
  'installation',
  'crewsOfDay',
  'openingHours',
  'shopClosures',
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];

export const AUDIT_RECORD_KIND_LABELS: Record<AuditRecordKind, string> = {
  order: 'Order',
  return: 'Return',
  priceGrid: 'Price grid',
  volumeTable: 'Volume table',
  promotion: 'Promotion',
  staffMember: 'Member of staff',
  client: 'Client',
  priceMatch: 'Price match',
  customerQuote: 'Quote',
  punchoutConfiguration: 'Punch-out configuration',
  webhook: 'Webhook',
  sampleRequest: 'Sample request',
  appointment: 'Appointment',
  measurersOfDay: 'Measurers of a day',
  installation: 'Installation',
  crewsOfDay: 'Installation crews of a day',
  openingHours: 'Opening hours',
  shopClosures: 'Shop closures',
};

/**
 * An action's or a field's name as the Audit Log tab reads it: `paymentStatus` "payment status",
 * `line2Status` "line 2 status"; an amount in cents (shown as money) drops the unit:
 * `creditLimitCents` "credit limit".
 */
export function auditWords(name: string): string {
  return name
    .replace(/(?<=.)Cents$/, '')
    .replace(/([A-Z]|\d+)/g, ' $1')
    .toLowerCase();
}

/** Field values of a record as an action found and left them (only the fields it changed). */
export type AuditFields = Record<string, unknown>;

export interface AuditRecordRef {
  kind: AuditRecordKind;
  id: string;
  /** What staff call the record (an order or return number, a promotion's code or name), when it is not its id. */
  label?: string;
}

/** An entry as a store hands it to the audit write: the fields changed are worked out from `before` and `after`. */
export interface AuditAction {
  /** The member of staff: their user id (the Cognito `sub`). */
  staffId: string;
  at: string;
  /** The action as its route names it: `cancel`, `refund`, `replace`, `update`… */
  action: string;
  record: AuditRecordRef;
  /** The record's fields before the action; null when the action made it. */
  before: AuditFields | null;
  /** Its fields after; null when the action removed it. */
  after: AuditFields | null;
}

/** An entry as the log holds it and owners read it. */
export interface AuditEntry {
  id: string;
  at: string;
  staff: {
    id: string;
    /** Given and family name, else e-mail, from the user pool; null when it could not be read. */ name: string | null;
  };
  action: string;
  record: AuditRecordRef;
  before: AuditFields | null;
  after: AuditFields | null;
}

/** Values compared by content: objects with the same fields in another order are equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/**
 * The fields an action changed, as they were and as they are: a field missing on one side reads as
 * null there, and a field equal on both sides is left out. A record made (no before) or removed
 * (no after) keeps its whole other side.
 */
export function changedFields(
  before: AuditFields | null,
  after: AuditFields | null,
): { before: AuditFields | null; after: AuditFields | null } {
  if (before === null || after === null) return { before, after };
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (name) => canonical(before[name]) !== canonical(after[name]),
  );
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name] ?? null])),
    after: Object.fromEntries(names.map((name) => [name, after[name] ?? null])),
  };
}

/**
 * What an action's entry records: the fields it changed (changedFields), or null when it changed
 * none of a record it neither made nor removed (a save of the same values): nothing happened to
 * record, so no entry is written.
 */
export function auditedChange(
  before: AuditFields | null,
  after: AuditFields | null,
): { before: AuditFields | null; after: AuditFields | null } | null {
  const changed = changedFields(before, after);
  return changed.before && changed.after && Object.keys(changed.after).length === 0 ? null : changed;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** What owners ask of the audit log (audit-entry.ts), apart from the entries so the stores that write them carry no schema. */
import * as z from 'zod';
import { AUDIT_RECORD_KINDS } from './audit-entry';

export const AUDIT_LOG_MESSAGES = {
  recordIncomplete: 'Give both the record kind and its id to see one record’s entries.',
  oneFilter: 'Filter by one record or one member of staff, not both.',
} as const;

const idText = (field: string) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(200, `${field} is too long.`);

/** GET /api/admin/audit-log?cursor=&recordKind=&recordId=&staffId=: newest first, all, or one record's, or one member of staff's. */
export const auditLogQuerySchema = z
  .object({
    cursor: z.string().min(1).max(2048).optional(),
    recordKind: z
      .enum(AUDIT_RECORD_KINDS, { message: 'Record kind must be one of the kinds the log names.' })
      .optional(),
    recordId: idText('Record id').optional(),
    staffId: idText('Staff id').optional(),
  })
  .superRefine((query, context) => {
    if ((query.recordKind === undefined) !== (query.recordId === undefined))
      context.addIssue({
        code: 'custom',
        path: [query.recordKind === undefined ? 'recordKind' : 'recordId'],
        message: AUDIT_LOG_MESSAGES.recordIncomplete,
      });
    if (query.recordId !== undefined && query.staffId !== undefined)
      context.addIssue({ code: 'custom', path: ['staffId'], message: AUDIT_LOG_MESSAGES.oneFilter });
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

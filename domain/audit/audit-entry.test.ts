import { describe, expect, it } from 'vitest';
import { auditedChange, auditWords } from './audit-entry';

describe('auditWords', () => {
  it('reads a camelCase name as words, a line number apart and an amount without its unit', () => {
    expect(auditWords('paymentStatus')).toBe('payment status');
    expect(auditWords('cancelLine')).toBe('cancel line');
    expect(auditWords('line2Status')).toBe('line 2 status');
    expect(auditWords('line12RefundCents')).toBe('line 12 refund');
    expect(auditWords('creditLimitCents')).toBe('credit limit');
    expect(auditWords('status')).toBe('status');
  });
});

describe('auditedChange', () => {
  it('keeps only the fields that changed, a field missing on one side read as null', () => {
    expect(auditedChange({ status: 'open', days: [1, 2], note: 'x' }, { status: 'closed', days: [1, 2] })).toEqual({
      before: { status: 'open', note: 'x' },
      after: { status: 'closed', note: null },
    });
  });

  it('is null for a change of nothing: the same values, objects with their fields in another order', () => {
    expect(
      auditedChange({ hours: { open: '09:00', close: '17:00' } }, { hours: { close: '17:00', open: '09:00' } }),
    ).toBe(null);
    expect(auditedChange({}, {})).toBe(null);
  });

  it('keeps a record made or removed whole, though it holds no field', () => {
    expect(auditedChange(null, { code: 'SPRING' })).toEqual({ before: null, after: { code: 'SPRING' } });
    expect(auditedChange({ code: 'SPRING' }, null)).toEqual({ before: { code: 'SPRING' }, after: null });
    expect(auditedChange(null, {})).toEqual({ before: null, after: {} });
  });
});

import { describe, expect, it } from 'vitest';
import { auditWords } from './audit-entry';

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

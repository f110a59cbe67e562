import { describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGES,
  creditAccountView,
  onAccountLabel,
  onAccountRefusal,
  paymentTermsInputSchema,
  poNumberField,
  type CreditAccount,
} from './payment-terms';

const account = (over: Partial<CreditAccount> = {}): CreditAccount => ({
  terms: 'net30',
  creditLimitCents: 500_000,
  heldCents: 120_000,
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...over,
});

describe('paymentTermsInputSchema', () => {
  it('takes net 15 or net 30 with a limit in whole cents', () => {
    expect(paymentTermsInputSchema.parse({ terms: 'net15', creditLimitCents: 250_000 })).toEqual({
      terms: 'net15',
      creditLimitCents: 250_000,
    });
  });

  it('names the field for other terms and for a limit out of range or in fractions', () => {
    const terms = paymentTermsInputSchema.safeParse({ terms: 'net60', creditLimitCents: 1000 });
    expect(terms.error?.issues[0]).toMatchObject({ path: ['terms'], message: CREDIT_MESSAGES.terms });
    for (const creditLimitCents of [0, 99, 100_000_001, 150.5, '1000']) {
      const limit = paymentTermsInputSchema.safeParse({ terms: 'net30', creditLimitCents });
      expect(limit.error?.issues[0]).toMatchObject({
        path: ['creditLimitCents'],
        message: CREDIT_MESSAGES.creditLimit,
      });
    }
  });
});

describe('onAccountRefusal', () => {
  it('lets an order through up to exactly the credit left', () => {
    expect(onAccountRefusal(account(), 380_000)).toBeNull();
  });

  it('refuses one cent over, naming the order and the amount left', () => {
    expect(onAccountRefusal(account(), 380_001)).toBe(CREDIT_MESSAGES.overLimit(380_001, 380_000));
    expect(CREDIT_MESSAGES.overLimit(380_001, 380_000)).toContain('$3,800.00');
  });

  it('refuses a client with no account or with terms withdrawn', () => {
    expect(onAccountRefusal(undefined, 100)).toBe(CREDIT_MESSAGES.notOnTerms);
    expect(onAccountRefusal(account({ terms: null }), 100)).toBe(CREDIT_MESSAGES.notOnTerms);
  });

  it('counts a limit lowered below what is held as nothing left, not a negative amount', () => {
    expect(onAccountRefusal(account({ creditLimitCents: 100_000 }), 1)).toBe(CREDIT_MESSAGES.overLimit(1, 0));
  });
});

describe('creditAccountView', () => {
  it('shows what is left to use, and nothing once terms are withdrawn', () => {
    expect(creditAccountView(account()).availableCents).toBe(380_000);
    expect(creditAccountView(account({ terms: null })).availableCents).toBe(0);
  });
});

describe('poNumberField', () => {
  it('trims the PO number and asks for one when empty', () => {
    expect(poNumberField.parse('  PO-4471 ')).toBe('PO-4471');
    expect(poNumberField.safeParse('   ').error?.issues[0]?.message).toBe(CREDIT_MESSAGES.poNumber);
    expect(poNumberField.safeParse(undefined).error?.issues[0]?.message).toBe(CREDIT_MESSAGES.poNumber);
  });

  it('refuses a PO number too long or over two lines', () => {
    expect(poNumberField.safeParse('P'.repeat(41)).error?.issues[0]?.message).toBe(CREDIT_MESSAGES.poNumberLength);
    expect(poNumberField.safeParse('PO\n4471').success).toBe(false);
  });
});

describe('onAccountLabel', () => {
  it('names the terms as every page and mail shows an order on account', () => {
    expect(onAccountLabel('net30')).toBe('On account (Net 30)');
    expect(onAccountLabel('net15')).toBe('On account (Net 15)');
  });
});

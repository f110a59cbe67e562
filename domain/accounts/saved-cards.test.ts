import { describe, expect, it } from 'vitest';
import { cardExpired, cardExpiry, savedCardIdSchema, savedCardName } from './saved-cards';

describe('saved cards', () => {
  it('names a card by its brand and last four digits, and its expiry as MM/YY', () => {
    expect(savedCardName({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(savedCardName({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(savedCardName({ brand: 'unknown', last4: '1111' })).toBe('Card ending in 1111');
    expect(cardExpiry({ expMonth: 3, expYear: 2034 })).toBe('03/34');
  });

  it('counts a card good through the end of its expiry month', () => {
    const june2030 = new Date('2030-06-15T12:00:00Z');
    expect(cardExpired({ expMonth: 6, expYear: 2030 }, june2030)).toBe(false);
    expect(cardExpired({ expMonth: 5, expYear: 2030 }, june2030)).toBe(true);
    expect(cardExpired({ expMonth: 1, expYear: 2031 }, june2030)).toBe(false);
  });

  it('takes only Stripe payment method ids in a path', () => {
    expect(savedCardIdSchema.safeParse('pm_1AbC').success).toBe(true);
    expect(savedCardIdSchema.safeParse('pm_../x').success).toBe(false);
    expect(savedCardIdSchema.safeParse('card_1').success).toBe(false);
  });
});

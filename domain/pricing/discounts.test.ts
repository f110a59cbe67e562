import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountShares,
  volumeNudgeText,
  volumeOfferText,
  volumeTierOf,
  volumeDiscountsSentence,
  volumeTiersText,
} from './discounts';
import { orderDiscounts } from './order-discounts';

describe('the volume table', () => {
  it.each([
    [1, null],
    [9, null],
    [10, 5],
    [24, 5],
    [25, 10],
    [49, 10],
    [50, 15],
    [1000, 15],
  ])('%i blinds get %s percent off', (blinds, percent) => {
    expect(volumeTierOf(blinds)?.percent ?? null).toBe(percent);
  });

  it('offers the first tier where one blind is priced, and nudges towards the next tier', () => {
    expect(volumeOfferText()).toBe('Order 10 or more blinds and save 5%');
    expect(volumeTiersText()).toBe('Volume pricing: 10–24 blinds 5% off, 25–49 10%, 50 or more 15%');
    expect(volumeDiscountsSentence()).toBe('Orders of 10 or more blinds save 5%, 25 or more 10%, and 50 or more 15%.');
    expect(volumeNudgeText(0)).toBeNull();
    expect(volumeNudgeText(7)).toBe('Add 3 more blinds to save 5%');
    expect(volumeNudgeText(24)).toBe('Add 1 more blind to save 10%');
    expect(volumeNudgeText(30)).toBe('Add 20 more blinds to save 15%');
    expect(volumeNudgeText(50)).toBeNull();
  });

  it('takes the percent off the blinds, rounded once, half up', () => {
    // 5% of $10.10 is 50.5 cents.
    expect(orderDiscounts({ blindCount: 10, blindsCents: 1010, contractPrices: false }).discounts).toEqual([
      { kind: 'volume', label: 'Volume discount: 5% off 10+ blinds', cents: 51 },
    ]);
    expect(orderDiscounts({ blindCount: 60, blindsCents: 300_000, contractPrices: false }).discounts[0]?.cents).toBe(
      45_000,
    );
    expect(orderDiscounts({ blindCount: 9, blindsCents: 90_000, contractPrices: false }).discounts).toEqual([]);
  });

  it('gives a buyer on contract prices their prices, not the tier as well', () => {
    expect(orderDiscounts({ blindCount: 60, blindsCents: 300_000, contractPrices: true }).discounts).toEqual([]);
  });

  it('never saves a smaller percent on more blinds', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(500), (blinds, more) => {
        expect(volumeTierOf(blinds + more)?.percent ?? 0).toBeGreaterThanOrEqual(volumeTierOf(blinds)?.percent ?? 0);
      }),
    );
  });

  it('never takes more than the top tier off the blinds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.nat(50_000_000), (blinds, blindsCents) => {
        const [discount] = orderDiscounts({ blindCount: blinds, blindsCents, contractPrices: false }).discounts;
        const cents = discount?.cents ?? 0;
        expect(cents * 100).toBeLessThanOrEqual(blindsCents * 15 + 50);
      }),
    );
  });
});

describe('a discount spread over the lines', () => {
  it('gives each line its share, the odd cents to the largest remainders', () => {
    expect(discountShares([1000, 1000, 1000], 100)).toEqual([34, 33, 33]);
    expect(discountShares([4462, 7267], 587)).toEqual([223, 364]);
    expect(discountShares([0, 500], 0)).toEqual([0, 0]);
  });

  it('always adds up to the discount, no share above its line', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 300 }), fc.nat(15), (lines, percent) => {
        const total = lines.reduce((sum, cents) => sum + cents, 0);
        const discount = Math.floor((total * percent) / 100);
        const shares = discountShares(lines, discount);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total === 0 ? 0 : discount);
        shares.forEach((share, index) => expect(share).toBeLessThanOrEqual(lines[index]!));
      }),
    );
  });
});

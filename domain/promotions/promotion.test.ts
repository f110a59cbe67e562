import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../catalogue/families';
import { discountTotalCents } from '../pricing/discounts';
import { DISCOUNT_CEILING_PERCENT, orderDiscounts } from '../pricing/order-discounts';
import {
  codeOutcome,
  promotionLabel,
  promotionRefusal,
  PROMOTION_MESSAGES,
  promotionUseRefusal,
  saleBannerText,
  usablePromotions,
  type Promotion,
  type PromotionOffers,
} from './promotion';
import { promotionInputSchema } from './promotion-schema';

const promotion = (terms: Partial<Promotion> = {}): Promotion => ({
  id: 'p1',
  code: 'SPRING10',
  name: 'Spring sale',
  kind: 'percent',
  percent: 10,
  amountCents: null,
  minBlinds: 0,
  minSubtotalCents: 0,
  families: [],
  startsOn: '2026-11-01',
  endsOn: '2026-12-31',
  maxRedemptions: null,
  perCustomerLimit: null,
  redeemedCount: 0,
  paidCount: 0,
  revenueCents: 0,
  endedAt: null,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
  ...terms,
});

const fauxWood = (lineCents: number) => ({ family: 'faux-wood-blinds' as const, lineCents });
const roller = (lineCents: number) => ({ family: 'roller-shades' as const, lineCents });
const TODAY = '2026-11-28';

describe('when a promotion can be used', () => {
  const order = { blindCount: 4, lines: [fauxWood(40_000)] };

  it.each([
    ['ended by staff', promotion({ endedAt: '2026-11-20T00:00:00.000Z' }), 'This promotion has ended.'],
    [
      'not started',
      promotion({ startsOn: '2026-12-01' }),
      'This promotion code can be used from Tuesday, December 1, 2026.',
    ],
    ['over', promotion({ endsOn: '2026-11-27' }), 'This promotion code expired on Friday, November 27, 2026.'],
    ['too few blinds', promotion({ minBlinds: 5 }), 'This promotion code needs at least 5 blinds in the order.'],
    [
      'too small',
      promotion({ minSubtotalCents: 50_000 }),
      'This promotion code needs at least $500.00 of blinds in the order.',
    ],
    [
      'other products',
      promotion({ families: ['roller-shades'] }),
      'This promotion code applies only to Roller Shades.',
    ],
  ])('is refused when %s, saying why', (_case, refused, message) => {
    expect(promotionRefusal(refused, order, TODAY)).toBe(message);
  });

  it('holds on its first and last day, in the shop’s calendar', () => {
    expect(promotionRefusal(promotion({ startsOn: TODAY, endsOn: TODAY }), order, TODAY)).toBeNull();
  });

  it('is refused once used up, in all or by this customer, and to anyone but the customer it was sent to', () => {
    const casey = (uses: number) => ({ clientId: 'casey', uses });
    expect(promotionUseRefusal(promotion({ maxRedemptions: 3, redeemedCount: 3 }), order, TODAY, casey(0))).toBe(
      'This promotion code has been used the most times it can be.',
    );
    expect(promotionUseRefusal(promotion({ perCustomerLimit: 1 }), order, TODAY, casey(1))).toBe(
      'You have already used this promotion code the most times it allows.',
    );
    const caseysOwn = promotion({ maxRedemptions: 3, redeemedCount: 2, perCustomerLimit: 1, onlyClientId: 'casey' });
    expect(promotionUseRefusal(caseysOwn, order, TODAY, casey(0))).toBeNull();
    for (const other of [
      { clientId: 'dana', uses: 0 },
      { clientId: null, uses: 0 },
    ])
      expect(promotionUseRefusal(caseysOwn, order, TODAY, other)).toBe(PROMOTION_MESSAGES.anotherCustomer);
  });

  it('names an unknown code', () => {
    const offers: PromotionOffers = {
      code: { code: 'NOPE', promotion: undefined, customerUses: 0 },
      sales: [],
      today: TODAY,
      clientId: null,
    };
    expect(usablePromotions(offers, order)).toEqual({
      usable: [],
      codeRefusal: 'This promotion code is not valid. Please check it and try again.',
    });
  });
});

describe('how discounts combine', () => {
  it('takes a code off the blinds it applies to, after the volume tier, rounded once', () => {
    // 12 blinds: $400 of faux wood and $200 of roller shades; 5% volume = $30; the code is 10% of faux wood after volume: $38.
    const { discounts, promotion: chosen } = orderDiscounts({
      blindCount: 12,
      blindsCents: 60_000,
      contractPrices: false,
      lines: [fauxWood(40_000), roller(20_000)],
      promotions: [promotion({ families: ['faux-wood-blinds'] })],
    });
    expect(discounts).toEqual([
      { kind: 'volume', label: 'Volume discount: 5% off 10+ blinds', cents: 3000 },
      { kind: 'promotion', label: 'Code SPRING10: 10% off', cents: 3800, families: ['faux-wood-blinds'] },
    ]);
    expect(chosen?.id).toBe('p1');
  });

  it('uses one promotion: the one that saves the most', () => {
    const sale = promotion({
      id: 'sale',
      code: null,
      name: 'Winter sale',
      kind: 'amount',
      percent: null,
      amountCents: 2500,
    });
    const code = promotion({ id: 'code', percent: 5 });
    const offers: PromotionOffers = {
      code: { code: 'SPRING10', promotion: code, customerUses: 0 },
      sales: [{ promotion: sale, customerUses: 0 }],
      today: TODAY,
      clientId: 'casey',
    };
    const order = { blindCount: 2, lines: [fauxWood(30_000)] };
    const { usable, codeRefusal } = usablePromotions(offers, order);
    const { discounts, promotion: chosen } = orderDiscounts({
      blindCount: 2,
      blindsCents: 30_000,
      contractPrices: false,
      lines: order.lines,
      promotions: usable,
    });
    expect(discounts).toEqual([{ kind: 'promotion', label: 'Winter sale', cents: 2500 }]);
    expect(codeOutcome(offers, codeRefusal, chosen)).toEqual({
      code: 'SPRING10',
      status: 'outdone',
      message: 'The Winter sale saves you more than this code, so the sale applies.',
    });
  });

  it('gives a buyer on contract prices no promotion: a code given is refused, saying why', () => {
    const offers: PromotionOffers = {
      code: { code: 'SPRING10', promotion: promotion(), customerUses: 0 },
      sales: [{ promotion: promotion({ id: 'sale', code: null }), customerUses: 0 }],
      today: TODAY,
      clientId: 'casey',
    };
    const order = { blindCount: 12, lines: [fauxWood(60_000)] };
    const { usable, codeRefusal } = usablePromotions(offers, order, true);
    expect(usable).toEqual([]);
    const input = { blindCount: 12, blindsCents: 60_000, contractPrices: true, lines: order.lines };
    // Even offered one, the rule takes none (nor the volume tier of 12 blinds).
    const { discounts, promotion: chosen } = orderDiscounts({ ...input, promotions: [promotion()] });
    expect(discounts).toEqual([]);
    expect(codeOutcome(offers, codeRefusal, chosen)).toEqual({
      code: 'SPRING10',
      status: 'refused',
      message: PROMOTION_MESSAGES.contractPrices,
    });
  });

  it('never takes an amount off beyond what the blinds it applies to cost', () => {
    const big = promotion({ kind: 'amount', percent: null, amountCents: 100_000, families: ['roller-shades'] });
    const { discounts } = orderDiscounts({
      blindCount: 2,
      blindsCents: 100_000,
      contractPrices: false,
      lines: [fauxWood(90_000), roller(10_000)],
      promotions: [big],
    });
    expect(discounts).toEqual([
      { kind: 'promotion', label: 'Code SPRING10: $1,000.00 off', cents: 10_000, families: ['roller-shades'] },
    ]);
  });

  it('never sells blinds below the floor, whatever combines', () => {
    const terms = fc.record({
      kind: fc.constantFrom('percent' as const, 'amount' as const),
      percent: fc.integer({ min: 1, max: 50 }),
      amountCents: fc.integer({ min: 1, max: 1_000_000 }),
      families: fc.subarray([...FAMILY_IDS]),
    });
    const lines = fc.array(
      fc.record({ family: fc.constantFrom(...FAMILY_IDS), lineCents: fc.integer({ min: 0, max: 2_000_000 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 1, max: 400 }),
        fc.array(terms, { maxLength: 3 }),
        fc.boolean(),
        (orderLines, blindCount, offered, contractPrices) => {
          const blindsCents = orderLines.reduce((sum, line) => sum + line.lineCents, 0);
          const { discounts } = orderDiscounts({
            blindCount,
            blindsCents,
            contractPrices,
            lines: orderLines,
            promotions: offered.map((offer, index) => promotion({ ...offer, id: `p${index}` })),
          });
          const taken = discountTotalCents(discounts);
          expect(taken * 100).toBeLessThanOrEqual(blindsCents * DISCOUNT_CEILING_PERCENT + 50);
          expect(discounts.filter((discount) => discount.kind === 'promotion').length).toBeLessThanOrEqual(1);
          for (const discount of discounts) expect(discount.cents).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('what the shop says of a promotion', () => {
  it('labels a code within a Stripe coupon name, and a sale by its name', () => {
    expect(
      promotionLabel(promotion({ code: 'ABCDEFGHIJKLMNOPQRST', kind: 'amount', percent: null, amountCents: 100_000 })),
    ).toBe('Code ABCDEFGHIJKLMNOPQRST: $1,000.00 off');
    expect(promotionLabel(promotion({ code: null }))).toBe('Spring sale');
  });

  it('writes the banner with its end date', () => {
    expect(saleBannerText(promotion({ code: null, families: ['faux-wood-blinds'], minBlinds: 10 }))).toBe(
      'Spring sale: 10% off Faux Wood Blinds on orders of 10 or more blinds until Thursday, December 31, 2026',
    );
  });
});

describe('what staff send', () => {
  it('names each wrong field', () => {
    const parsed = promotionInputSchema.safeParse({
      code: 'no spaces',
      name: '',
      kind: 'percent',
      percent: 80,
      startsOn: '2026-12-10',
      endsOn: '2026-12-01',
    });
    expect(parsed.success).toBe(false);
    const fields = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toMatchObject({
      code: 'Code must be 3 to 20 letters, digits or hyphens.',
      name: 'Name is required.',
      percent: 'Percent must be at most 50.',
    });
  });

  it('keeps codes in capitals, and a sale without one', () => {
    const input = { name: 'Sale', kind: 'amount', amountCents: 500, startsOn: '2026-12-01', endsOn: '2026-12-31' };
    expect(promotionInputSchema.parse({ ...input, code: ' spring-10 ' }).code).toBe('SPRING-10');
    expect(promotionInputSchema.parse({ ...input, code: '' }).code).toBeNull();
    expect(promotionInputSchema.parse(input)).toMatchObject({
      code: null,
      percent: null,
      amountCents: 500,
      families: [],
    });
    expect(promotionInputSchema.safeParse({ ...input, endsOn: '2026-11-30' }).error?.issues[0]).toMatchObject({
      path: ['endsOn'],
      message: 'End date must be on or after the start date.',
    });
  });
});

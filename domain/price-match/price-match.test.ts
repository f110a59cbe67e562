import { describe, expect, it } from 'vitest';
import { defaultConfiguration, type Configuration } from '../pricing/configuration';
import { promotionInputSchema } from '../promotions/promotion-schema';
import { PROMOTION_CODE_PATTERN, PROMOTION_MESSAGES, promotionUseRefusal } from '../promotions/promotion';
import { READABLE_ALPHABET } from '../readable-code';
import {
  centsOfDollars,
  GUARANTEED_PRODUCTS,
  PRICE_MATCH_MESSAGES,
  priceMatchAmountCents,
  priceMatchCode,
  priceMatchCodeText,
  priceMatchDecisionRefusal,
  priceMatchPromotion,
  priceMatchRefusal,
} from './price-match';
import { competitorOfferSchema, priceMatchDecisionSchema } from './price-match-schema';

const standard = (quantity = 3): Configuration => ({ ...defaultConfiguration('faux-wood-blinds'), quantity });
const request = { ourUnitCents: 4462, competitorUnitCents: 4000, configuration: standard(3), clientId: 'client-1' };
const offer = {
  competitorName: 'Blinds Galore',
  competitorPrice: 40,
  competitorUrl: 'https://blindsgalore.example.com/faux-wood/35x60',
};

describe('what is matched', () => {
  it('matches the series whose page states the guarantee (standard faux wood), a price below ours only', () => {
    expect(GUARANTEED_PRODUCTS).toEqual(['Faux Wood Blinds: Standard']);
    expect(priceMatchRefusal(standard(), 4462, 4461)).toBeNull();
    expect(priceMatchRefusal(standard(), 4462, 4462)).toEqual({
      field: 'competitorPrice',
      message: "Competitor's price must be below our price of $44.62 a blind for us to match it.",
    });
    expect(priceMatchRefusal({ family: 'faux-wood-blinds', series: 'printed' }, 6000, 100)).toEqual({
      field: 'configuration',
      message: PRICE_MATCH_MESSAGES.notOffered,
    });
    expect(priceMatchRefusal({ family: 'roller-shades', series: 'blackout' }, 6000, 100)?.field).toBe('configuration');
  });

  it('takes the difference for every blind of the configuration', () => {
    expect(priceMatchAmountCents(request)).toBe((4462 - 4000) * 3);
  });
});

describe('the code an approval makes', () => {
  const promotion = priceMatchPromotion(request, {
    id: 'p-1',
    code: 'PM-ABC234',
    today: '2026-12-28',
    now: '2026-12-28T15:00:00.000Z',
  });

  it('is a one-use amount off that family, from today for 14 days (last day today + 13, across a year end)', () => {
    expect(promotion).toMatchObject({
      code: 'PM-ABC234',
      name: 'Price match',
      kind: 'amount',
      amountCents: 1386,
      percent: null,
      families: ['faux-wood-blinds'],
      minBlinds: 3,
      maxRedemptions: 1,
      perCustomerLimit: 1,
      onlyClientId: 'client-1',
      startsOn: '2026-12-28',
      endsOn: '2027-01-10',
      redeemedCount: 0,
    });
  });

  it('has terms the Promotions API accepts', () => {
    expect(promotionInputSchema.safeParse(promotion).success).toBe(true);
  });

  it('can be used on its first and last day by the customer who asked, on one order of as many blinds, and never again', () => {
    const order = { blindCount: 3, lines: [{ family: 'faux-wood-blinds' as const, lineCents: 3 * 4462 }] };
    const asker = { clientId: 'client-1', uses: 0 };
    expect(promotionUseRefusal(promotion, order, '2026-12-28', asker)).toBeNull();
    expect(promotionUseRefusal(promotion, order, '2027-01-10', asker)).toBeNull();
    expect(promotionUseRefusal(promotion, order, '2027-01-11', asker)).toMatch(/expired/);
    expect(promotionUseRefusal({ ...promotion, redeemedCount: 1 }, order, '2026-12-29', asker)).toMatch(
      /used the most/,
    );
    expect(promotionUseRefusal(promotion, { ...order, blindCount: 2 }, '2026-12-29', asker)).toMatch(
      /at least 3 blinds/,
    );
    expect(promotionUseRefusal(promotion, order, '2026-12-29', { clientId: 'client-2', uses: 0 })).toBe(
      PROMOTION_MESSAGES.anotherCustomer,
    );
    expect(promotionUseRefusal(promotion, order, '2026-12-29', { clientId: null, uses: 0 })).toBe(
      PROMOTION_MESSAGES.anotherCustomer,
    );
  });

  it('is PM- and six readable characters, a valid promotion code', () => {
    const code = priceMatchCode(new Uint8Array([0, 1, 2, 3, 30, 31]));
    expect(code).toBe(`PM-${[0, 1, 2, 3, 30, 31].map((index) => READABLE_ALPHABET[index]).join('')}`);
    expect(PROMOTION_CODE_PATTERN.test(code)).toBe(true);
  });

  it('is stated with its amount and last day', () => {
    const code = { promotionId: 'p-1', code: 'PM-ABC234', amountCents: 1386, endsOn: '2027-01-10' };
    expect(priceMatchCodeText(code, standard(3))).toBe(
      '$13.86 off an order of 3 or more Faux Wood Blinds, until Sunday, January 10, 2027',
    );
    expect(priceMatchCodeText(code, standard(1))).toBe(
      '$13.86 off your order of Faux Wood Blinds, until Sunday, January 10, 2027',
    );
  });
});

describe('deciding', () => {
  it('decides a request once', () => {
    expect(priceMatchDecisionRefusal('requested', 'approve')).toBeNull();
    expect(priceMatchDecisionRefusal('requested', 'decline')).toBeNull();
    expect(priceMatchDecisionRefusal('approved', 'approve')).toBe('This price match request was already approved.');
    expect(priceMatchDecisionRefusal('declined', 'approve')).toBe('This price match request was already declined.');
  });

  it('needs a reason to decline, naming the field', () => {
    const missing = priceMatchDecisionSchema.safeParse({ action: 'decline', reason: '  ' });
    expect(missing.success ? [] : missing.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['reason', 'Please give the reason for declining.'],
    ]);
    expect(priceMatchDecisionSchema.safeParse({ action: 'approve' }).success).toBe(true);
  });
});

describe('the request form', () => {
  const fieldsAtFault = (input: unknown) => {
    const parsed = competitorOfferSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('takes the price per blind in dollars and cents, as cents', () => {
    expect(competitorOfferSchema.parse(offer)).toEqual({ ...offer, note: '' });
    expect(centsOfDollars(39.99)).toBe(3999);
    expect(centsOfDollars(0.29)).toBe(29);
    expect(fieldsAtFault({ ...offer, competitorPrice: 39.999 })).toEqual(['competitorPrice']);
    expect(fieldsAtFault({ ...offer, competitorPrice: 0 })).toEqual(['competitorPrice']);
    expect(fieldsAtFault({ ...offer, competitorPrice: '40' })).toEqual(['competitorPrice']);
  });

  it('takes an https link only, without credentials', () => {
    expect(fieldsAtFault({ ...offer, competitorUrl: 'http://blindsgalore.example.com/' })).toEqual(['competitorUrl']);
    expect(fieldsAtFault({ ...offer, competitorUrl: 'https://user:pw@blindsgalore.example.com/' })).toEqual([
      'competitorUrl',
    ]);
    expect(fieldsAtFault({ ...offer, competitorUrl: 'javascript:alert(1)' })).toEqual(['competitorUrl']);
    expect(fieldsAtFault({ ...offer, competitorName: '' })).toEqual(['competitorName']);
  });
});

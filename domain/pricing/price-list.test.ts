import { describe, expect, it } from 'vitest';
import { pricingRulesPriceList } from '../punchout/configuration';
import { clientPriceListInputSchema } from './price-list-schema';
import { clientPriceList, contractUnitCents, priceListInEffect, type ClientPriceList } from './price-list';

const terms = (fields: Partial<ClientPriceList> = {}): ClientPriceList => ({
  families: [
    { family: 'faux-wood-blinds', percentOff: 10 },
    { family: 'wood-blinds', percentOff: 12.5 },
  ],
  series: [{ family: 'wood-blinds', series: 'smooth', percentOff: 25 }],
  startsOn: '2026-03-01',
  endsOn: '2026-03-31',
  updatedAt: '2026-02-20T12:00:00.000Z',
  ...fields,
});

describe('contract unit prices', () => {
  const list = clientPriceList(terms());
  it.each([
    // 4,462 x 0.9 = 4,015.8 → 4,016
    ['a family named', 4_462, 'faux-wood-blinds', 'standard', 4_016],
    // the family's percent for every series it has: 4,462 x 0.9
    ['another series of the family', 4_462, 'faux-wood-blinds', 'printed', 4_016],
    // 4,462 x 0.875 = 3,904.25 → 3,904
    ['a percent with decimals', 4_462, 'wood-blinds', 'wood', 3_904],
    // the series' own 25% overrides the family's 12.5%: 4,462 x 0.75 = 3,346.5 → 3,347 (half up)
    ['a series of its own, rounded half up', 4_462, 'wood-blinds', 'smooth', 3_347],
    ['a family the list does not name: the list price', 4_462, 'roller-shades', 'blackout', 4_462],
    ['a cent', 1, 'faux-wood-blinds', 'standard', 1],
    ['nothing', 0, 'faux-wood-blinds', 'standard', 0],
  ] as const)('%s', (_, listUnitCents, family, series, expected) => {
    expect(contractUnitCents(listUnitCents, { family, series }, list, '2026-03-15')).toBe(expected);
  });

  it.each([
    ['the day before it starts', '2026-02-28', 4_462],
    ['its first day', '2026-03-01', 4_016],
    ['its last day', '2026-03-31', 4_016],
    ['the day after it ends', '2026-04-01', 4_462],
  ])('is the list price out of its dates: %s', (_, today, expected) => {
    expect(priceListInEffect(list, '2026-03-15')).toBe(true);
    expect(contractUnitCents(4_462, { family: 'faux-wood-blinds', series: 'standard' }, list, today)).toBe(expected);
  });

  it("prices a partner's discount and markup through the same function, rounding once", () => {
    // 1,999 x 0.9 x 1.0125 = 1,821.58875 → 1,822 (two roundings would give 1,799 → 1,821)
    const partner = pricingRulesPriceList({ discount: 0.1, markup: 0.0125 });
    expect(contractUnitCents(1_999, { family: 'mini-blinds', series: 'vinyl' }, partner, '2099-01-01')).toBe(1_822);
    // The faux wood blind of the issue: $44.62 at 5% off is $42.39 wherever the buyer sees it.
    const fivePercent = pricingRulesPriceList({ discount: 0.05 });
    expect(
      contractUnitCents(4_462, { family: 'faux-wood-blinds', series: 'standard' }, fivePercent, '2026-01-01'),
    ).toBe(4_239);
    // A client's 5% off the same blind is the same price.
    const client = clientPriceList(terms({ families: [{ family: 'faux-wood-blinds', percentOff: 5 }], series: [] }));
    expect(contractUnitCents(4_462, { family: 'faux-wood-blinds', series: 'standard' }, client, '2026-03-15')).toBe(
      4_239,
    );
  });
});

describe('a price list as staff send it', () => {
  const input = { families: terms().families, series: terms().series, startsOn: '2026-03-01', endsOn: '2026-03-31' };
  const errorsOf = (body: unknown) => {
    const parsed = clientPriceListInputSchema.safeParse(body);
    return parsed.success
      ? {}
      : // The first message of each field, as the API's 400 names them (functions/lib/http.ts).
        Object.fromEntries(parsed.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('is accepted with families, series and dates', () => {
    expect(errorsOf(input)).toEqual({});
  });

  it('names each bad field', () => {
    expect(
      errorsOf({
        ...input,
        families: [
          { family: 'faux-wood-blinds', percentOff: 95 },
          { family: 'wood-blinds', percentOff: 10.125 },
        ],
        endsOn: '2026-02-30',
      }),
    ).toEqual({
      'families.0.percentOff': 'Percent off must be a number from 0 to 90, with at most two decimals.',
      'families.1.percentOff': 'Percent off must be a number from 0 to 90, with at most two decimals.',
      endsOn: 'End date must be a date (YYYY-MM-DD).',
    });
    expect(
      errorsOf({
        ...input,
        families: [input.families[0], input.families[0]],
        series: [{ family: 'wood-blinds', series: 'blackout', percentOff: 10 }],
        endsOn: '2026-02-01',
      }),
    ).toEqual({
      'families.1.family': 'Faux Wood Blinds is listed twice.',
      'series.0.series': 'Please choose a series of Wood Blinds.',
      endsOn: 'End date must be on or after the start date.',
    });
  });
});

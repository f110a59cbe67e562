import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIZE_LIMITS, type FamilyId } from '../catalogue/families';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import { configurationSchema, defaultConfiguration, MAX_QUANTITY, QUANTITY_MESSAGE } from './configuration';
import { mulDivRoundHalfUp } from './money';
import { priceConfiguration, priceMany } from './price';
import { configure, failure, fauxStandard, quote, SERIES_COLORS } from './price-test-support';

describe('the home page featured prices (faux wood standard, measurement type blind)', () => {
  it.each([
    [25, 72, 'outside', 4140],
    [47, 72, 'inside', 7267],
    [35, 60, 'inside', 4462],
    [35, 72, 'inside', 5355],
  ] as const)('%i x %i %s mount costs %i cents', (w, h, mount, cents) => {
    const result = quote(configure({ ...fauxStandard, w, h, mount }));
    expect(result.unitCents).toBe(cents);
    expect(result.matchedSize).toBe(`${w} x ${h}`);
    expect(result.messages.map((m) => m.code)).toEqual(['priceMatchGuarantee', 'savings']);
  });
});

describe('price rules', () => {
  it('standard faux wood: 0.7071 x the stock price, which is shown as retail with its saving', () => {
    const result = quote(configure({ ...fauxStandard, w: 25, h: 72 }));
    expect(result.retailCents).toBe(5855);
    expect(result.lines).toEqual([
      { kind: 'grid', label: 'Stock size 25 x 72 (FW-025-072)', amountCents: 5855 },
      { kind: 'factor', label: 'Price factor 0.7071', amountCents: 4140 - 5855 },
    ]);
    expect(result.savingsPercent).toBe(29);
    expect(result.messages).toContainEqual({ code: 'savings', text: 'Save 29% off retail' });
  });

  it.each([
    ['an exact stock size', 36, 0, 60, 0, '36 x 60', false],
    ['a size between stock sizes: the next stock width, cut to fit', 35, 4, 60, 0, '36 x 60', true],
    ['a length up to 12 inches shorter than a stock length', 36, 0, 48, 1, '36 x 60', true],
    ['exactly 12 inches shorter than a stock length', 36, 0, 48, 0, '36 x 48', false],
    ['the shortest length', 6, 0, 12, 0, '6 x 24', true],
    ['the largest size', 96, 0, 120, 0, '96 x 120', false],
  ])('stock size match for %s', (_, w, we, h, he, size, cutToFit) => {
    const result = quote(configure({ ...fauxStandard, w, we, h, he }));
    expect(result.matchedSize).toBe(size);
    expect(result.messages.some((m) => m.code === 'cutToFit')).toBe(cutToFit);
  });

  it('a stock size within 0.01 of the needed size is an exact match', () => {
    const grids = {
      ...SEED_PRICE_GRIDS,
      fauxWoodStock: [
        { itemNumber: 'X', size: '35.125 x 60.005', width: 35.125, length: 60.005, totalPriceCents: 1000 },
        ...SEED_PRICE_GRIDS.fauxWoodStock,
      ],
    };
    expect(quote(configure({ ...fauxStandard, w: 35, we: 1, h: 60 }), grids).matchedSize).toBe('35.125 x 60.005');
  });

  it('printed wood grain: 0.429 x the premium range price, rounded to cents, the table price shown as suggested retail and no saving claimed off it', () => {
    const result = quote(configure({ family: 'faux-wood-blinds', series: 'printed', color: '254', w: 35, h: 60 }));
    expect(result.matchedSize).toBe('30-36 x 48-60');
    expect(result.retailCents).toBe(11799);
    expect(result.unitCents).toBe(5062); // 117.99 x 0.429 = 50.6177
    expect(result.retailLabel).toBe('Suggested retail');
    expect(result.savingsPercent).toBe(0);
    expect(result.messages.map((m) => m.code)).not.toContain('savings');
  });

  it('printed ranges match within 0.01 at their ends, the smaller range on a shared boundary', () => {
    const premium = [
      { colorGroup: 'premium', widthMin: 6, widthMax: 36.005, lengthMin: 12, lengthMax: 120, priceCents: 10000 },
      { colorGroup: 'premium', widthMin: 36.005, widthMax: 96, lengthMin: 12, lengthMax: 120, priceCents: 20000 },
    ];
    const grids = { ...SEED_PRICE_GRIDS, fauxWoodPremium: premium };
    const printed = { family: 'faux-wood-blinds', series: 'printed', color: '253', h: 60 } as const;
    expect(quote(configure({ ...printed, w: 36 }), grids).retailCents).toBe(10000);
    expect(quote(configure({ ...printed, w: 36, we: 1 }), grids).retailCents).toBe(20000);
  });

  it.each([
    ['smooth', 'W101', 36, 9499, 6717],
    ['wood', 'W205', 37, 12099, 8555],
  ] as const)('wood %s: 0.7071 x the range price of its shade type', (series, color, h, retail, unit) => {
    const result = quote(configure({ family: 'wood-blinds', series, color, w: 24, h }));
    expect(result.retailCents).toBe(retail);
    expect(result.unitCents).toBe(unit);
    expect(result.unitCents).toBe(mulDivRoundHalfUp(retail, 7071, 10000));
  });

  it('roller shades: the sale price of the shade type, with the saving off retail', () => {
    const result = quote(
      configure({ family: 'roller-shades', series: 'green2000', opacity: 1, color: 'R2001', w: 35, h: 60 }),
    );
    expect(result.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['grid', 15299],
      ['sale', 10799 - 15299],
    ]);
    expect(result.lines[0]!.label).toBe('GREEN_2000_1PCT 30-36 x 48-60');
    expect(result.unitCents).toBe(10799);
    expect(result.messages).toEqual([{ code: 'savings', text: 'Save 29% off retail' }]);
  });

  it('roller shades: the price when a row has no sale price, and no saving shown', () => {
    const result = quote(configure({ family: 'roller-shades', series: 'blackout', color: 'RB01', w: 35, h: 140 }));
    expect(result.unitCents).toBe(32999);
    expect(result.savingsPercent).toBe(0);
    expect(result.messages).toEqual([]);
  });

  it.each([
    ['green2000', 1, 'GREEN_2000_1PCT'],
    ['green2000', 3, 'GREEN_2000_3PCT'],
    ['green3000', 1, 'GREEN_3000_1PCT'],
    ['green3000', 3, 'GREEN_3000_3PCT'],
    ['blackout', 1, 'BLACKOUT'],
  ] as const)('roller %s at %i%% opacity prices from %s', (series, opacity, shadeType) => {
    const result = quote(configure({ family: 'roller-shades', series, opacity, w: 35, h: 60 }));
    expect(result.lines[0]!.label.startsWith(shadeType)).toBe(true);
  });

  it.each([
    [35, 1800],
    [48, 2400],
    [84, 4200],
  ])('roller fascia (3 or 4 in) adds its price by width range: %i in wide adds %i cents', (w, fascia) => {
    const without = quote(configure({ family: 'roller-shades', series: 'green3000', color: 'R3001', w, h: 60 }));
    for (const fasciaSize of [3, 4]) {
      const withFascia = quote(
        configure({
          family: 'roller-shades',
          series: 'green3000',
          color: 'R3001',
          w,
          h: 60,
          options: { fascia: true, fasciaSize },
        }),
      );
      expect(withFascia.unitCents - without.unitCents).toBe(fascia);
      expect(withFascia.retailCents - without.retailCents).toBe(fascia);
    }
  });

  it('vertical: the cheapest standard size at least the requested size; split draw adds $10 per unit', () => {
    const vertical = { family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01', w: 34, h: 58 } as const;
    const plain = quote(configure(vertical));
    expect(plain.matchedSize).toBe('34 x 60');
    const split = quote(configure({ ...vertical, quantity: 3, options: { splitDraw: true } }));
    expect(split.unitCents - plain.unitCents).toBe(1000);
    expect(split.lines.at(-1)).toEqual({
      kind: 'splitDraw',
      label: 'Split draw',
      amountCents: 1000,
      option: 'Split draw',
    });
    expect(split.totalCents).toBe(split.unitCents * 3);
  });

  it.each([
    ['inside', undefined, 1],
    ['outside', undefined, 5],
    ['inside', 'standard', 5],
    ['outside', 'small', 1],
  ] as const)('vertical return: %s mount with %s return is %i in', (mount, valanceReturn, inches) => {
    const result = quote(
      configure({
        family: 'vertical-blinds',
        series: 'vertical-3-5',
        color: 'V01',
        w: 34,
        h: 60,
        mount,
        options: { valanceReturn },
      }),
    );
    expect(result.valanceReturnInches).toBe(inches);
  });

  it.each([
    ['aluminum', 'M101', 1999],
    ['aluminum', 'M202', 2399],
    ['vinyl', 'M301', 1399],
  ] as const)('mini blinds %s price by the colour group of %s', (series, color, cents) => {
    const result = quote(configure({ family: 'mini-blinds', series, color, w: 24, h: 36 }));
    expect(result.unitCents).toBe(cents);
    expect(result.matchedSize).toBe('up to 24 x 36');
  });

  it.each([
    ['faux wood standard', { ...fauxStandard }, 'fauxWoodStock', 1500],
    ['faux wood printed', { family: 'faux-wood-blinds', series: 'printed', color: '253' }, 'fauxWoodPremium', 1500],
    ['vertical', { family: 'vertical-blinds', series: 'vertical-3-5', color: 'V01' }, 'vertical', 1200],
  ] as const)('%s without table data falls back to a per-square-foot price', (_, product, grid, perSquareFoot) => {
    const result = quote(configure({ ...product, w: 36, h: 48 }), { ...SEED_PRICE_GRIDS, [grid]: [] });
    expect(result.unitCents).toBe(perSquareFoot * 12); // 36 x 48 = 12 square feet
    expect(result.matchedSize).toBeNull();
    expect(result.messages).toContainEqual({
      code: 'estimate',
      text: `Estimated at $${perSquareFoot / 100} per square foot`,
    });
  });

  it.each([
    [
      'wood',
      { family: 'wood-blinds', series: 'smooth', color: 'W101', w: 24, h: 36 },
      'wood',
      'No pricing data found for this wood blind type.',
    ],
    [
      'roller',
      { family: 'roller-shades', series: 'green2000', color: 'R2001', w: 35, h: 60 },
      'roller',
      'No pricing data available in the database',
    ],
    [
      'mini',
      { family: 'mini-blinds', series: 'vinyl', color: 'M301', w: 24, h: 36 },
      'mini',
      'No pricing data available in the database',
    ],
  ] as const)('%s has no per-square-foot fallback: an empty grid is an error', (_, product, grid, message) => {
    const error = failure(priceConfiguration(configure(product), { ...SEED_PRICE_GRIDS, [grid]: [] }));
    expect(error).toMatchObject({ code: 'NO_PRICING_DATA', message });
  });
});

describe('measurement rules', () => {
  it.each([
    ['window', 'inside', 0.5],
    ['window', 'outside', 0],
    ['blind', 'inside', 0],
    ['blind', 'outside', 0],
  ] as const)(
    '%s measurement, %s mount: %d inch off the width, none off the length',
    (measurement, mount, deduction) => {
      const result = quote(configure({ ...fauxStandard, w: 35, we: 3, h: 60, he: 5, measurement, mount }));
      expect(result.deductionInches).toBe(deduction);
      expect(result.width).toBe(35.375 - deduction);
      expect(result.length).toBe(60.625);
      expect(result.messages.some((m) => m.code === 'windowDeduction')).toBe(deduction > 0);
    },
  );

  it('explains the deduction with the eighths as decimals to 3 places', () => {
    const result = quote(configure({ ...fauxStandard, w: 35, we: 3, h: 60, measurement: 'window' }));
    expect(result.messages[0]).toEqual({
      code: 'windowDeduction',
      text: 'Window measurement: 0.500" deducted from the width for an inside mount (35.375" to 34.875")',
    });
  });

  it('a window measurement can land on a featured size: 35 1/2 x 60 measured at the window is the 35 x 60 blind', () => {
    expect(quote(configure({ ...fauxStandard, w: 35, we: 4, h: 60, measurement: 'window' })).unitCents).toBe(4462);
  });
});

describe('defaults', () => {
  it.each([
    ['faux-wood-blinds', 'standard', 24, 36, 'E02'],
    ['faux-wood-blinds', 'printed', 35, 60, null],
    ['wood-blinds', 'smooth', 24, 36, null],
    ['roller-shades', 'green2000', 35, 60, null],
    ['vertical-blinds', 'vertical-3-5', 34, 58, null],
  ] as const)('%s %s opens at %i x %i, window measurement, colour %s', (family, series, w, h, color) => {
    const config = defaultConfiguration(family, series);
    expect(config).toMatchObject({
      width: { inches: w, eighths: 0 },
      length: { inches: h, eighths: 0 },
      measurement: 'window',
      color,
      quantity: 1,
    });
  });

  it('the vertical default 34 x 58 is priced at the smallest standard size at least that large', () => {
    const config = { ...defaultConfiguration('vertical-blinds'), color: 'V01', measurement: 'blind' as const };
    expect(quote(config).matchedSize).toBe('34 x 60');
  });
});

describe('quantity and many quotes', () => {
  it.each([1, 3, MAX_QUANTITY])('quantity %i is priced as that many blinds', (quantity) => {
    const result = quote(configure({ ...fauxStandard, w: 35, h: 60, quantity }));
    expect(result.quantity).toBe(quantity);
    expect(result.totalCents).toBe(4462 * quantity);
  });

  it.each([['2'], ['abc'], ['0x10'], [0], [-4], [2.7], [MAX_QUANTITY + 1], [null], [true], [[3]], [undefined]])(
    'a configuration with quantity %j is refused, naming the quantity (the configurator reads its box before)',
    (quantity) => {
      const result = configurationSchema.safeParse({ ...defaultConfiguration('faux-wood-blinds'), quantity });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['quantity', QUANTITY_MESSAGE],
      ]);
    },
  );

  it('prices 200 windows of a property at once, each on its own, with the total of those priced', () => {
    const windows = Array.from({ length: 200 }, (_, i) =>
      configure({ ...fauxStandard, w: 24 + (i % 40), h: 36 + (i % 50), quantity: 1 + (i % 3) }),
    );
    const broken = configure({ ...fauxStandard, color: null, w: 30, h: 40 });
    const many = priceMany([...windows, broken], SEED_PRICE_GRIDS);
    expect(many.pricedCount).toBe(200);
    expect(many.failedCount).toBe(1);
    expect(many.results[200]).toMatchObject({ ok: false, error: { code: 'COLOR_NOT_SELECTED' } });
    const expected = windows.reduce((sum, config) => sum + quote(config).totalCents, 0);
    expect(many.totalCents).toBe(expected);
  });
});

describe('properties', () => {
  const products = fc.constantFrom(
    ...Object.entries(SERIES_COLORS).flatMap(([family, series]) =>
      Object.entries(series).map(([id, color]) => ({ family: family as FamilyId, series: id, color })),
    ),
  );
  const eighths = fc.integer({ min: 0, max: 7 });
  const sizeIn = (family: FamilyId) => {
    const { width, length } = SIZE_LIMITS[family];
    return fc.record({
      w: fc.integer({ min: Math.ceil(width.min), max: width.max - 1 }),
      we: eighths,
      h: fc.integer({ min: Math.ceil(length.min), max: length.max - 1 }),
      he: eighths,
      measurement: fc.constantFrom('window', 'blind'),
      mount: fc.constantFrom('inside', 'outside'),
      quantity: fc.integer({ min: 1, max: 500 }),
      options: fc.record({ fascia: fc.boolean(), splitDraw: fc.boolean() }),
    });
  };
  const configurations = products.chain((product) =>
    sizeIn(product.family).map((size) => configure({ ...product, ...size, opacity: 1 })),
  );

  it('is deterministic and never negative: the same configuration gives the same, positive price', () => {
    fc.assert(
      fc.property(configurations, (config) => {
        const first = priceConfiguration(config, SEED_PRICE_GRIDS);
        expect(priceConfiguration(structuredClone(config), SEED_PRICE_GRIDS)).toEqual(first);
        if (first.ok) {
          expect(first.unitCents).toBeGreaterThan(0);
          expect(Number.isInteger(first.unitCents)).toBe(true);
          expect(first.retailCents).toBeGreaterThanOrEqual(first.unitCents);
          expect(first.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(first.unitCents);
          expect(first.totalCents).toBe(first.unitCents * first.quantity);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is never cheaper for a larger size within one series', () => {
    const pairs = configurations.chain((config) =>
      fc.record({ dw: fc.integer({ min: 0, max: 40 }), dh: fc.integer({ min: 0, max: 60 }) }).map(({ dw, dh }) => {
        const larger = {
          ...config,
          width: { ...config.width!, inches: config.width!.inches + dw },
          length: { ...config.length!, inches: config.length!.inches + dh },
        };
        return [config, larger] as const;
      }),
    );
    fc.assert(
      fc.property(pairs, ([smaller, larger]) => {
        const a = priceConfiguration(smaller, SEED_PRICE_GRIDS);
        const b = priceConfiguration(larger, SEED_PRICE_GRIDS);
        if (a.ok && b.ok) expect(b.unitCents).toBeGreaterThanOrEqual(a.unitCents);
      }),
      { numRuns: 1000 },
    );
  });

  it('never loses an eighth: W + e/8 is priced from exactly W + e/8 less the deduction', () => {
    fc.assert(
      fc.property(configurations, (config) => {
        const result = priceConfiguration(config, SEED_PRICE_GRIDS);
        if (!result.ok) return;
        const deduction = config.measurement === 'window' && config.mount === 'inside' ? 0.5 : 0;
        expect(result.width).toBe(config.width!.inches + config.width!.eighths / 8 - deduction);
        expect(result.length).toBe(config.length!.inches + config.length!.eighths / 8);
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { FAMILIES, FAMILY_IDS, ROLLER_SHADE_TYPES, seriesInfo, type FamilyId } from '../catalogue/families';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import { configurationSchema, defaultConfiguration, type Configuration } from './configuration';
import { customerPrice } from './customer-price';
import { priceConfiguration, type Quote } from './price';

function quote(config: Configuration): Quote {
  const result = priceConfiguration(config, SEED_PRICE_GRIDS);
  if (!result.ok) throw new Error(`expected a price, got ${result.error.message}`);
  return result;
}

/** A family's configurator default (inside mount, window measurement), in its series' first colour, with these changes. */
function configure(family: FamilyId, series: string, changes: Record<string, unknown> = {}): Configuration {
  return configurationSchema.parse({
    ...defaultConfiguration(family, series as never),
    color: seriesInfo(family, series).colors[0]!.code,
    ...changes,
  });
}

const everySeries = FAMILY_IDS.flatMap((family) =>
  FAMILIES[family].series.map((series) => [family, series.id] as const),
);

/** Names only the shop uses: the factor, the grids' shade types, the stock item codes and the colour groups. */
const INTERNAL = [
  /factor/i,
  /0\.7071|0\.429/,
  ...ROLLER_SHADE_TYPES.map((type) => new RegExp(type)),
  /Smooth Finish|Wood Finish/,
  ...SEED_PRICE_GRIDS.fauxWoodStock.map((row) => new RegExp(row.itemNumber)),
  /group1|group2|premium|\(vinyl\)/,
];

describe('what the customer is shown of a price', () => {
  it.each(everySeries)(
    '%s %s: no factor, grid name, stock code or colour group, though the staff lines keep them',
    (family, series) => {
      for (const changes of [{}, { options: { fascia: true, fasciaSize: 4 } }, { options: { splitDraw: true } }]) {
        const priced = quote(
          configure(family, series, family === 'roller-shades' || family === 'vertical-blinds' ? changes : {}),
        );
        const shown = JSON.stringify(customerPrice(priced));
        for (const internal of INTERNAL) expect(shown).not.toMatch(internal);
        expect(shown).toContain('We make it');
      }
    },
  );

  it('the staff lines still name the stock item and the factor', () => {
    const labels = quote(configure('faux-wood-blinds', 'standard')).lines.map((line) => line.label);
    expect(labels).toEqual(['Stock size 24 x 36 (FW-024-036)', 'Price factor 0.7071']);
  });

  it('faux wood standard: the price, the retail struck through with the saving, the size made less the deduction, cut from a stock size', () => {
    expect(customerPrice(quote(configure('faux-wood-blinds', 'standard')))).toEqual({
      unitCents: 2018,
      quantity: 1,
      totalCents: 2018,
      yourPrice: false,
      retail: { label: 'Retail', cents: 2854, savingCents: 836 },
      saving: 'Save 29% off retail',
      madeSize: 'We make it 23 ½″ × 36″: your window less the ½″ inside-mount deduction',
      pricedAs: 'Cut to fit from the 24″ × 36″ stock size, and priced as that size',
      options: [],
      priceMatchGuarantee: true,
    });
  });

  it('a stock size ordered exactly, measured as the blind: made as entered and priced as that stock size', () => {
    const shown = customerPrice(
      quote(
        configure('faux-wood-blinds', 'standard', {
          width: { inches: 35, eighths: 0 },
          length: { inches: 60, eighths: 0 },
          measurement: 'blind',
          quantity: 2,
        }),
      ),
    );
    expect(shown).toMatchObject({
      unitCents: 4462,
      quantity: 2,
      totalCents: 8924,
      madeSize: 'We make it 35″ × 60″, the size you entered',
      pricedAs: 'Priced as the 35″ × 60″ stock size',
    });
  });

  it('printed faux wood: the table price is the suggested retail; the price is for a band of sizes', () => {
    const shown = customerPrice(quote(configure('faux-wood-blinds', 'printed')));
    expect(shown.retail).toEqual({ label: 'Suggested retail', cents: 11799, savingCents: 6737 });
    expect(shown.pricedAs).toBe('Priced for sizes 30″ to 36″ wide and 48″ to 60″ long');
  });

  it('roller: the fascia is a plain line with what it adds; the sale price is the price, not a line', () => {
    const shown = customerPrice(
      quote(configure('roller-shades', 'green2000', { options: { fascia: true, fasciaSize: 4 } })),
    );
    expect(shown.options).toEqual([{ label: '4″ fascia', amountCents: 1800 }]);
    expect(shown.retail).toEqual({ label: 'Retail', cents: 16499, savingCents: 4400 });
  });

  it('vertical: split draw adds its $10; no retail to strike through; priced as the standard size covering the window', () => {
    const shown = customerPrice(
      quote(configure('vertical-blinds', 'vertical-3-5', { mount: 'outside', options: { splitDraw: true } })),
    );
    expect(shown).toMatchObject({
      unitCents: 9799,
      retail: null,
      saving: null,
      madeSize: 'We make it 34″ × 58″, the size you entered',
      pricedAs: 'Priced as the 34″ × 60″ standard size',
      options: [{ label: 'Split draw', amountCents: 1000 }],
    });
  });

  it('an estimate by area when a grid is empty says the rate', () => {
    const priced = priceConfiguration(configure('vertical-blinds', 'vertical-3-5'), {
      ...SEED_PRICE_GRIDS,
      vertical: [],
    });
    if (!priced.ok) throw new Error(priced.error.message);
    expect(customerPrice(priced).pricedAs).toBe('Estimated at $12 per square foot');
  });
});

describe('a buyer on contract prices', () => {
  const fauxWood = quote(
    configure('faux-wood-blinds', 'standard', {
      width: { inches: 35, eighths: 0 },
      length: { inches: 60, eighths: 0 },
      measurement: 'blind',
      quantity: 3,
    }),
  );

  it('is shown their price, the list price struck through instead of retail, and their total', () => {
    const price = customerPrice(fauxWood, fauxWood.unitCents - 223);
    expect(price).toMatchObject({
      unitCents: fauxWood.unitCents - 223,
      totalCents: (fauxWood.unitCents - 223) * 3,
      yourPrice: true,
      retail: { label: 'List price', cents: fauxWood.unitCents, savingCents: 223 },
      saving: null,
    });
  });

  it('is shown the retail price as anyone is, when their price is the list price', () => {
    expect(customerPrice(fauxWood, fauxWood.unitCents)).toEqual(customerPrice(fauxWood));
    expect(customerPrice(fauxWood).yourPrice).toBe(false);
  });
});

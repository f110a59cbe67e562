import { EXAMPLE_BUSINESS } from '../../tests/support/business';
import { describe, expect, it } from 'vitest';
import { SEED_PRICE_GRIDS } from '../catalogue/grids/index';
import { configurationSchema, type Configuration } from '../pricing/configuration';
import { priceConfiguration } from '../pricing/price';
import { quoteCheckout, type QuotedCartLine } from './quote';
import { freightMessage, MAX_ORDER_LINES } from './totals';

function fauxWood(width: number, fields: Record<string, unknown> = {}): Configuration {
  return configurationSchema.parse({
    family: 'faux-wood-blinds',
    series: 'standard',
    width: { inches: width, eighths: 0 },
    length: { inches: 60, eighths: 0 },
    mount: 'inside',
    measurement: 'blind',
    color: 'E02',
    quantity: 1,
    ...fields,
  });
}

const cartLine = (
  lineId: string,
  configuration: Configuration,
  quantity: number,
  roomLabel: string | null = null,
): QuotedCartLine => ({
  lineId,
  configuration,
  quantity,
  roomLabel,
});

const unitCents = (configuration: Configuration) => {
  const priced = priceConfiguration(configuration, SEED_PRICE_GRIDS);
  if (!priced.ok) throw new Error(priced.error.message);
  return priced.unitCents;
};

const SAMPLE = {
  id: 'faux-wood-blinds-E02',
  productName: 'Faux Wood Blinds: Standard',
  color: 'Smooth White (E02)',
  material: 'PVC foam faux wood',
};

describe('quoteCheckout', () => {
  it('prices every cart line with the grids, spells it out and totals it for the address', () => {
    const blind = fauxWood(35);
    const quote = quoteCheckout({
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
      cartLines: [cartLine('a', blind, 2, 'Kitchen')],
      samples: [SAMPLE],
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'CO', zipCode: '80202' },
      installationRequested: false,
    });
    const unit = unitCents(blind);
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({
      lineId: 'a',
      title: 'Faux Wood Blinds: Standard',
      quantity: 2,
      unitCents: unit,
      lineCents: unit * 2,
      roomLabel: 'Kitchen',
      shippingClass: 'standard',
    });
    expect(quote.lines[0]!.description).toContain('Room: Kitchen');
    expect(quote.subtotalCents).toBe(unit * 2);
    expect(quote.shipping).toEqual({ status: 'charged', cents: 2500 });
    expect(quote.sampleShippingCents).toBe(1500);
    expect(quote.totalCents).toBe(quote.subtotalCents + quote.taxCents + 2500 + 1500);
    expect(quote.problems).toEqual([]);
  });

  it('ships by the width made: a 75 1/4 in window measured inside is made 74 3/4 in, a standard parcel', () => {
    const blind = fauxWood(75, { measurement: 'window', width: { inches: 75, eighths: 2 } });
    const quote = quoteCheckout({
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
      cartLines: [cartLine('a', blind, 1)],
      samples: [],
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'CO', zipCode: '80202' },
      installationRequested: false,
    });
    expect(quote.lines[0]!.size).toMatchObject({ width: 74.75, enteredWidth: 75.25 });
    expect(quote.lines[0]!.shippingClass).toBe('standard');
  });

  it('names a blind over 100 in wide as a freight problem', () => {
    const wide = configurationSchema.parse({
      ...fauxWood(35),
      family: 'vertical-blinds',
      series: 'vertical-3-5',
      color: 'V01',
      width: { inches: 110, eighths: 0 },
      length: { inches: 60, eighths: 0 },
      mount: 'outside',
    });
    const quote = quoteCheckout({
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
      cartLines: [cartLine('wide', wide, 1)],
      samples: [],
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'TX', zipCode: '75201' },
      installationRequested: false,
    });
    expect(quote.problems).toContainEqual({
      code: 'freight',
      lineId: 'wide',
      message: freightMessage(EXAMPLE_BUSINESS.phoneDisplay),
    });
    expect(quote.totalCents).toBeNull();
  });

  it('leaves a line the grids can no longer price out of the figures and names it', () => {
    const unpriceable = fauxWood(35, { color: 'NOPE' });
    const quote = quoteCheckout({
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
      cartLines: [cartLine('gone', unpriceable, 1)],
      samples: [SAMPLE],
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'TX', zipCode: '75201' },
      installationRequested: false,
    });
    expect(quote.lines).toEqual([]);
    expect(quote.subtotalCents).toBe(0);
    expect(quote.problems.map((problem) => [problem.code, problem.lineId])).toEqual([['unpriced', 'gone']]);
  });

  it('an empty cart without samples is a problem; samples alone are an order', () => {
    const base = {
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'TX', zipCode: '75201' },
      installationRequested: false,
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
    };
    expect(quoteCheckout({ ...base, cartLines: [], samples: [] }).problems.map((p) => p.code)).toEqual(['empty']);
    const samplesOnly = quoteCheckout({ ...base, cartLines: [], samples: [SAMPLE] });
    expect(samplesOnly.problems).toEqual([]);
    expect(samplesOnly.totalCents).toBe(1500);
  });

  it('installation asked for outside the DFW metro is a problem', () => {
    const quote = quoteCheckout({
      phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
      cartLines: [cartLine('a', fauxWood(35), 1)],
      samples: [],
      grids: SEED_PRICE_GRIDS,
      destination: { state: 'TX', zipCode: '77002' },
      installationRequested: true,
    });
    expect(quote.problems.map((p) => p.code)).toEqual(['installationUnavailable']);
    expect(quote.installation).toEqual({ available: false, selected: false, cents: 0, charges: [] });
  });

  it('takes a property of 1,000 different blinds in one order, and refuses one more', () => {
    const quoteOf = (count: number) =>
      quoteCheckout({
        phoneDisplay: EXAMPLE_BUSINESS.phoneDisplay,
        cartLines: Array.from({ length: count }, (_, i) => cartLine(`l${i}`, fauxWood(24 + (i % 40)), 1, `Unit ${i}`)),
        samples: [],
        grids: SEED_PRICE_GRIDS,
        destination: { state: 'TX', zipCode: '75201' },
        installationRequested: false,
      });
    const property = quoteOf(MAX_ORDER_LINES);
    expect(property.problems).toEqual([]);
    expect(property.lines).toHaveLength(1000);
    expect(quoteOf(MAX_ORDER_LINES + 1).problems.map((p) => p.code)).toEqual(['tooManyLines']);
  });
});

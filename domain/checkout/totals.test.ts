import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAMILY_IDS } from '../catalogue/families';
import { volumeTierOf } from '../pricing/discounts';
import {
  checkoutTotals,
  installationCents,
  isInDfwMetro,
  shippingClassOf,
  type Destination,
  type TotalsLine,
} from './totals';

const DALLAS: Destination = { state: 'TX', zipCode: '75201' };
const FORT_WORTH: Destination = { state: 'TX', zipCode: '76102' };
const HOUSTON: Destination = { state: 'TX', zipCode: '77002' };
const DENVER: Destination = { state: 'CO', zipCode: '80202' };
const NO_ADDRESS: Destination = { state: '', zipCode: '' };

const line = (unitCents: number, quantity: number, widthInches = 35): TotalsLine => ({
  family: 'faux-wood-blinds',
  unitCents,
  quantity,
  widthInches,
});

describe('the DFW metro (free delivery and installation area)', () => {
  it.each([
    ['Dallas 75201', DALLAS, true],
    ['Fort Worth 76102', FORT_WORTH, true],
    ['Denton 76201', { state: 'TX', zipCode: '76201' }, true],
    ['Rockwall 75087', { state: 'TX', zipCode: '75087' }, true],
    ['ZIP+4 in Dallas', { state: 'tx', zipCode: '75201-1234' }, true],
    ['Houston 77002: Texas, not DFW', HOUSTON, false],
    ['Austin 78701', { state: 'TX', zipCode: '78701' }, false],
    ['a DFW prefix in another state', { state: 'OK', zipCode: '75201' }, false],
    ['Denver', DENVER, false],
    ['no address yet', NO_ADDRESS, false],
    ['a ZIP code that is not one', { state: 'TX', zipCode: '752' }, false],
  ])('%s', (_name, destination, inMetro) => {
    expect(isInDfwMetro(destination)).toBe(inMetro);
  });
});

describe('shipping class by the width the blind is made at', () => {
  it.each([
    [12, 'standard'],
    [75, 'standard'],
    [75.125, 'oversize'],
    [100, 'oversize'],
    [100.125, 'freight'],
    [120, 'freight'],
  ] as const)('%s in: %s', (width, shippingClass) => {
    expect(shippingClassOf(width)).toBe(shippingClass);
  });
});

describe('installation: $150 per started group of 10 blinds', () => {
  it.each([
    [0, 0],
    [1, 15_000],
    [10, 15_000],
    [11, 30_000],
    [20, 30_000],
    [21, 45_000],
  ])('%s blinds: %s cents', (blinds, cents) => {
    expect(installationCents(blinds)).toBe(cents);
  });
});

describe('checkoutTotals', () => {
  it.each([
    {
      name: 'two blinds shipped to Denver: $12.50 a unit, 8% tax',
      lines: [line(4140, 2)],
      sampleCount: 0,
      destination: DENVER,
      installation: false,
      expected: {
        subtotal: 8280,
        tax: 662,
        shipping: { status: 'charged', cents: 2500 },
        samples: 0,
        installation: 0,
        total: 11442,
      },
    },
    {
      name: 'an oversize blind (over 75 in) costs $30 a unit to ship',
      lines: [line(20_000, 3, 80), line(4140, 1, 75)],
      sampleCount: 0,
      destination: DENVER,
      installation: false,
      expected: {
        subtotal: 64_140,
        tax: 5131,
        shipping: { status: 'charged', cents: 10_250 },
        samples: 0,
        installation: 0,
        total: 79_521,
      },
    },
    {
      name: 'DFW metro: delivery free',
      lines: [line(4140, 2)],
      sampleCount: 0,
      destination: DALLAS,
      installation: false,
      expected: {
        subtotal: 8280,
        tax: 662,
        shipping: { status: 'free', cents: 0 },
        samples: 0,
        installation: 0,
        total: 8942,
      },
    },
    {
      name: 'Texas outside DFW pays shipping (the free zone is the metro, not the state)',
      lines: [line(4140, 1)],
      sampleCount: 0,
      destination: HOUSTON,
      installation: false,
      expected: {
        subtotal: 4140,
        tax: 331,
        shipping: { status: 'charged', cents: 1250 },
        samples: 0,
        installation: 0,
        total: 5721,
      },
    },
    {
      name: 'samples ride along for $15, wherever they go',
      lines: [line(4140, 1)],
      sampleCount: 3,
      destination: DALLAS,
      installation: false,
      expected: {
        subtotal: 4140,
        tax: 331,
        shipping: { status: 'free', cents: 0 },
        samples: 1500,
        installation: 0,
        total: 5971,
      },
    },
    {
      name: 'a samples-only order: $15 and nothing else',
      lines: [],
      sampleCount: 2,
      destination: DENVER,
      installation: false,
      expected: {
        subtotal: 0,
        tax: 0,
        shipping: { status: 'free', cents: 0 },
        samples: 1500,
        installation: 0,
        total: 1500,
      },
    },
    {
      name: 'installation of 12 blinds in DFW: two groups of ten, untaxed and not discounted',
      lines: [line(5000, 12)],
      sampleCount: 0,
      destination: FORT_WORTH,
      installation: true,
      expected: {
        subtotal: 60_000,
        discount: 3000,
        tax: 4560,
        shipping: { status: 'free', cents: 0 },
        samples: 0,
        installation: 30_000,
        total: 91_560,
      },
    },
    {
      name: 'installation asked for outside DFW is not charged',
      lines: [line(5000, 1)],
      sampleCount: 0,
      destination: DENVER,
      installation: true,
      expected: {
        subtotal: 5000,
        tax: 400,
        shipping: { status: 'charged', cents: 1250 },
        samples: 0,
        installation: 0,
        total: 6650,
      },
    },
    {
      name: 'shipping unknown until a state and ZIP are entered: no total yet',
      lines: [line(4140, 1)],
      sampleCount: 1,
      destination: { state: 'CO', zipCode: '' },
      installation: false,
      expected: {
        subtotal: 4140,
        tax: 331,
        shipping: { status: 'unknown', cents: null },
        samples: 1500,
        installation: 0,
        total: null,
      },
    },
    {
      name: '12 blinds: 5% off the blinds, tax on what is left, samples and shipping not discounted',
      lines: [line(4140, 12)],
      sampleCount: 1,
      destination: HOUSTON,
      installation: false,
      expected: {
        subtotal: 49_680,
        discount: 2484,
        tax: 3776,
        shipping: { status: 'charged', cents: 15_000 },
        samples: 1500,
        installation: 0,
        total: 67_472,
      },
    },
    {
      name: 'a blind over 100 in needs freight: no card total',
      lines: [line(30_000, 1, 100.5)],
      sampleCount: 0,
      destination: DALLAS,
      installation: false,
      expected: {
        subtotal: 30_000,
        tax: 2400,
        shipping: { status: 'freight', cents: null },
        samples: 0,
        installation: 0,
        total: null,
      },
    },
    {
      name: 'tax rounds half up to the cent once: 8% of $0.06 is 0.48 cents → 0, of $0.07 is 0.56 → 1',
      lines: [line(6, 1), line(7, 1)],
      sampleCount: 0,
      destination: DALLAS,
      installation: false,
      expected: {
        subtotal: 13,
        tax: 1,
        shipping: { status: 'free', cents: 0 },
        samples: 0,
        installation: 0,
        total: 14,
      },
    },
  ])('$name', ({ lines, sampleCount, destination, installation, expected }) => {
    const totals = checkoutTotals({ lines, sampleCount, destination, installationRequested: installation });
    expect({
      subtotal: totals.subtotalCents,
      ...(totals.discountCents > 0 ? { discount: totals.discountCents } : {}),
      tax: totals.taxCents,
      shipping: totals.shipping,
      samples: totals.sampleShippingCents,
      installation: totals.installation.cents,
      total: totals.totalCents,
    }).toEqual(expected);
  });

  it('offers installation only in the DFW metro and only when there are blinds', () => {
    expect(
      checkoutTotals({ lines: [line(100, 1)], sampleCount: 0, destination: DALLAS, installationRequested: false })
        .installation,
    ).toEqual({ available: true, selected: false, cents: 0, charges: [] });
    expect(
      checkoutTotals({ lines: [], sampleCount: 1, destination: DALLAS, installationRequested: true }).installation
        .available,
    ).toBe(false);
    expect(
      checkoutTotals({ lines: [line(100, 1)], sampleCount: 0, destination: HOUSTON, installationRequested: true })
        .installation.available,
    ).toBe(false);
  });
});

describe('installation options: old-blind removal and high-ladder work', () => {
  it('charges $5 a removed blind and the $300 high-ladder minimum beside the installation, untaxed', () => {
    const totals = checkoutTotals({
      lines: [line(100, 12)],
      sampleCount: 0,
      destination: DALLAS,
      installationRequested: true,
      installationOptions: { oldBlindsRemoved: 7, highLadder: true },
    });
    expect(totals.installation.cents).toBe(30_000);
    expect(totals.installation.charges).toEqual([
      { kind: 'oldBlindRemoval', label: 'Old blind removal (7 x $5.00)', cents: 3_500 },
      { kind: 'highLadder', label: 'High-ladder work', cents: 30_000 },
    ]);
    const without = checkoutTotals({
      lines: [line(100, 12)],
      sampleCount: 0,
      destination: DALLAS,
      installationRequested: true,
    });
    expect(totals.taxCents).toBe(without.taxCents);
    expect(totals.totalCents).toBe(without.totalCents! + 33_500);
  });

  it('charges no option without installation', () => {
    const totals = checkoutTotals({
      lines: [line(100, 2)],
      sampleCount: 0,
      destination: HOUSTON,
      installationRequested: true,
      installationOptions: { oldBlindsRemoved: 2, highLadder: true },
    });
    expect(totals.installation.charges).toEqual([]);
  });
});

describe('checkoutTotals properties', () => {
  const widths = fc.integer({ min: 6 * 8, max: 100 * 8 }).map((eighths) => eighths / 8);
  const lines = fc.array(
    fc.record({
      unitCents: fc.integer({ min: 0, max: 500_000 }),
      quantity: fc.integer({ min: 1, max: 9999 }),
      widthInches: widths,
      family: fc.constantFrom(...FAMILY_IDS),
    }),
    { maxLength: 20 },
  );
  const destinations = fc.oneof(
    fc.constantFrom(DALLAS, FORT_WORTH, HOUSTON, DENVER, NO_ADDRESS),
    fc.record({ state: fc.constantFrom('TX', 'CA', 'NY', ''), zipCode: fc.stringMatching(/^\d{5}$/) }),
  );
  const inputs = fc.record({
    lines,
    sampleCount: fc.integer({ min: 0, max: 10 }),
    destination: destinations,
    installationRequested: fc.boolean(),
  });

  it('no figure is ever negative, and the total is the sum of its parts', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const totals = checkoutTotals(input);
        for (const cents of [
          totals.subtotalCents,
          totals.discountCents,
          totals.taxCents,
          totals.sampleShippingCents,
          totals.installation.cents,
          totals.shipping.cents ?? 0,
          totals.totalCents ?? 0,
        ]) {
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(cents)).toBe(true);
        }
        if (totals.totalCents !== null) {
          expect(totals.totalCents).toBe(
            totals.subtotalCents -
              totals.discountCents +
              totals.taxCents +
              totals.shipping.cents! +
              totals.sampleShippingCents +
              totals.installation.cents,
          );
        }
      }),
    );
  });

  it('tax is 8% of the subtotal less the discount, to the cent', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const { subtotalCents, discountCents, taxCents } = checkoutTotals(input);
        const taxed = subtotalCents - discountCents;
        // Within half a cent of the exact 8%, and the half rounds up.
        expect(Math.abs(taxCents * 100 - taxed * 8)).toBeLessThanOrEqual(50);
        expect(taxCents).toBe(Math.floor((taxed * 8 + 50) / 100));
      }),
    );
  });

  it("the discount is the volume tier's percent of the blinds, none on contract prices, and the list adds up to it", () => {
    fc.assert(
      fc.property(inputs, fc.boolean(), (input, contractPrices) => {
        const totals = checkoutTotals({ ...input, contractPrices });
        const percent = contractPrices ? 0 : (volumeTierOf(totals.blindCount)?.percent ?? 0);
        expect(totals.discountCents).toBe(Math.floor((totals.subtotalCents * percent * 2 + 100) / 200));
        expect(totals.discounts.reduce((sum, discount) => sum + discount.cents, 0)).toBe(totals.discountCents);
      }),
    );
  });

  it('outside the DFW metro, shipping is $12.50 per unit up to 75 in and $30 per unit over', () => {
    fc.assert(
      fc.property(lines, fc.constantFrom(HOUSTON, DENVER), (quotedLines, destination) => {
        const totals = checkoutTotals({
          lines: quotedLines,
          sampleCount: 0,
          destination,
          installationRequested: false,
        });
        const standardUnits = quotedLines.filter((l) => l.widthInches <= 75).reduce((sum, l) => sum + l.quantity, 0);
        const oversizeUnits = quotedLines.filter((l) => l.widthInches > 75).reduce((sum, l) => sum + l.quantity, 0);
        expect(totals.shipping.cents).toBe(quotedLines.length === 0 ? 0 : standardUnits * 1250 + oversizeUnits * 3000);
      }),
    );
  });

  it('in the DFW metro, delivery is free whatever the widths (up to 100 in)', () => {
    fc.assert(
      fc.property(lines, fc.constantFrom(DALLAS, FORT_WORTH), (quotedLines, destination) => {
        expect(
          checkoutTotals({ lines: quotedLines, sampleCount: 0, destination, installationRequested: false }).shipping,
        ).toEqual({ status: 'free', cents: 0 });
      }),
    );
  });
});

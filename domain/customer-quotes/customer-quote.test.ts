import { describe, expect, it } from 'vitest';
import { stateMachineProblems } from '../state-machine';
import { OLD_BLIND_REMOVAL_CENTS_PER_BLIND, oldBlindRemovalCharge } from './charges';
import {
  QUOTE_LIFECYCLE,
  QUOTE_NUMBER_PATTERN,
  quoteNumber,
  quoteReference,
  quoteStatusAt,
  quoteTotals,
  quoteValidUntil,
  quoteVersionRequestSchema,
  versionTotals,
  type QuoteTotals,
} from './customer-quote';

const volume = { kind: 'volume' as const, label: 'Volume discount: 5% off', cents: 1_000 };

/** $200 of blinds, $10 volume discount, parcel shipping $25. */
const checkoutTotals: QuoteTotals = quoteTotals({
  blindCount: 2,
  subtotalCents: 20_000,
  discounts: [volume],
  parcelShippingCents: 2_500,
  installationCents: 0,
  charges: [],
});

describe('customer quotes', () => {
  it('have a well-formed lifecycle: open or awaiting pricing, then accepted, expired or replaced', () => {
    expect(stateMachineProblems(QUOTE_LIFECYCLE)).toEqual([]);
    expect(QUOTE_LIFECYCLE.can('open', 'accept')).toBe(true);
    expect(QUOTE_LIFECYCLE.can('awaitingPricing', 'accept')).toBe(false);
    expect(QUOTE_LIFECYCLE.can('accepted', 'replace')).toBe(false);
    expect(QUOTE_LIFECYCLE.can('expired', 'replace')).toBe(true);
  });

  it('are numbered Q- and six readable characters, a version after the first named by its number', () => {
    const number = quoteNumber(new Uint8Array([0, 1, 2, 3, 30, 31]));
    expect(number).toMatch(QUOTE_NUMBER_PATTERN);
    expect(quoteReference({ number, version: 1 })).toBe(number);
    expect(quoteReference({ number, version: 3 })).toBe(`${number} v3`);
  });

  it('hold for 30 days, then read as expired unless accepted or replaced', () => {
    const validUntil = quoteValidUntil('2026-03-01T15:00:00.000Z');
    expect(validUntil).toBe('2026-03-31T15:00:00.000Z');
    const quote = { status: 'open' as const, validUntil };
    expect(quoteStatusAt(quote, new Date('2026-03-31T14:59:59Z'))).toBe('open');
    expect(quoteStatusAt(quote, new Date('2026-03-31T15:00:01Z'))).toBe('expired');
    expect(quoteStatusAt({ ...quote, status: 'accepted' }, new Date('2026-04-30T00:00:00Z'))).toBe('accepted');
  });

  it('add up: subtotal less discounts, 8% tax on that, shipping, installation and charges', () => {
    expect(checkoutTotals).toMatchObject({ discountCents: 1_000, taxCents: 1_520, shippingCents: 2_500 });
    expect(checkoutTotals.totalCents).toBe(20_000 - 1_000 + 1_520 + 2_500);
  });

  it("leave a freight quote's total unknown until staff price the freight", () => {
    const freight = quoteTotals({ ...checkoutTotals, parcelShippingCents: null, charges: [] });
    expect(freight.shippingCents).toBeNull();
    expect(freight.totalCents).toBeNull();
    const priced = versionTotals(
      { needsFreight: true, totals: freight },
      quoteVersionRequestSchema.parse({ freightCents: 45_000 }),
    );
    expect(priced.ok && priced.totals.totalCents).toBe(20_000 - 1_000 + 1_520 + 45_000);
    expect(priced.ok && priced.totals.shippingCents).toBe(0);
  });

  it("price staff's charges and discount, taxing only the blinds", () => {
    const version = versionTotals(
      { needsFreight: false, totals: checkoutTotals },
      quoteVersionRequestSchema.parse({ oldBlindsRemoved: 6, highLadderCents: 30_000, discountCents: 2_000 }),
    );
    if (!version.ok) throw new Error(version.message);
    const { totals } = version;
    expect(totals.charges.map((charge) => [charge.kind, charge.cents])).toEqual([
      ['oldBlindRemoval', 6 * OLD_BLIND_REMOVAL_CENTS_PER_BLIND],
      ['highLadder', 30_000],
    ]);
    expect(totals.discounts.map((discount) => discount.kind)).toEqual(['volume', 'quote']);
    expect(totals.taxCents).toBe(1_360);
    expect(totals.totalCents).toBe(20_000 - 3_000 + 1_360 + 2_500 + 3_000 + 30_000);
    expect(oldBlindRemovalCharge(6).label).toBe('Old blind removal (6 x $5.00)');
  });

  it("refuse a version without the freight a wide blind needs, with high-ladder work under $300, or a discount past the blinds' price", () => {
    const freightTotals = quoteTotals({ ...checkoutTotals, parcelShippingCents: null, charges: [] });
    expect(
      versionTotals({ needsFreight: true, totals: freightTotals }, quoteVersionRequestSchema.parse({})),
    ).toMatchObject({
      ok: false,
      field: 'freightCents',
    });
    expect(quoteVersionRequestSchema.safeParse({ highLadderCents: 29_999 }).success).toBe(false);
    expect(
      versionTotals(
        { needsFreight: false, totals: checkoutTotals },
        quoteVersionRequestSchema.parse({ discountCents: 19_001 }),
      ),
    ).toMatchObject({ ok: false, field: 'discountCents' });
  });
});

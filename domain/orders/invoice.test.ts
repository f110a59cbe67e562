import { describe, expect, it } from 'vitest';
import { EXAMPLE_BUSINESS as BUSINESS } from '../../tests/support/business';
import { orderLine, paidOrderDetail } from '../../tests/support/paid-order';
import { defaultConfiguration } from '../pricing/configuration';
import { buildInvoice, lineDetails, shopSeller, orderAmountRows, postalAddressLines, shopDate } from './invoice';

const totals = {
  blindCount: 3,
  subtotalCents: 20280,
  discountCents: 0,
  discounts: [],
  taxCents: 1622,
  shippingCents: 0,
  sampleShippingCents: 0,
  installationCents: 0,
  totalCents: 21902,
};

describe('the amounts of an order', () => {
  it.each([
    ['blinds only, free delivery', totals, ['Subtotal 20280', 'Tax (8%) 1622', 'Shipping 0', 'Total 21902']],
    [
      'shipped, with samples',
      { ...totals, shippingCents: 3750, sampleShippingCents: 1500, totalCents: 27152 },
      ['Subtotal 20280', 'Tax (8%) 1622', 'Shipping 3750', 'Sample shipping 1500', 'Total 27152'],
    ],
    [
      'installed in DFW',
      { ...totals, installationCents: 15000, totalCents: 36902 },
      ['Subtotal 20280', 'Tax (8%) 1622', 'Shipping 0', 'Professional installation 15000', 'Total 36902'],
    ],
    [
      'twelve blinds, a volume discount taken off before tax',
      {
        ...totals,
        blindCount: 12,
        discountCents: 1014,
        discounts: [{ kind: 'volume' as const, label: 'Volume discount: 5% off 10+ blinds', cents: 1014 }],
        taxCents: 1541,
        totalCents: 20807,
      },
      ['Subtotal 20280', 'Volume discount: 5% off 10+ blinds -1014', 'Tax (8%) 1541', 'Shipping 0', 'Total 20807'],
    ],
    [
      'samples only',
      {
        blindCount: 0,
        subtotalCents: 0,
        discountCents: 0,
        discounts: [],
        taxCents: 0,
        shippingCents: 0,
        sampleShippingCents: 1500,
        installationCents: 0,
        totalCents: 1500,
      },
      ['Subtotal 0', 'Tax (8%) 0', 'Shipping 0', 'Sample shipping 1500', 'Total 1500'],
    ],
  ])('%s: rows in the order they add up, the total last', (_case, orderTotals, expected) => {
    const rows = orderAmountRows(orderTotals);
    expect(rows.map((row) => `${row.label} ${row.cents}`)).toEqual(expected);
    expect(rows.filter((row) => row.isTotal)).toEqual([
      { label: 'Total', cents: orderTotals.totalCents, isTotal: true },
    ]);
    expect(rows.filter((row) => !row.isTotal).reduce((sum, row) => sum + row.cents, 0)).toBe(orderTotals.totalCents);
  });
});

describe('the invoice of a paid order', () => {
  const order = paidOrderDetail();
  const invoice = buildInvoice(order, shopSeller(BUSINESS));

  it('is numbered with the order number and dated the day of payment in Dallas', () => {
    expect(invoice.number).toBe(order.orderNumber);
    expect(invoice.issuedAt).toBe(order.paidAt);
    expect(invoice.date).toBe('March 5, 2026');
    // 9 pm in Dallas on the 5th is already the 6th in UTC.
    expect(shopDate('2026-03-06T03:00:00Z')).toBe('March 5, 2026');
  });

  it("names the seller from the business's facts", () => {
    expect(invoice.seller).toEqual({
      name: BUSINESS.name,
      legalName: BUSINESS.legalName,
      addressLines: ['2400 Valley View Ln', 'Farmers Branch, TX 75234'],
      phone: BUSINESS.phoneDisplay,
      email: BUSINESS.email,
      website: 'www.hillbrookblinds.com',
    });
  });

  it('bills the billing address and ships to the shipping address, skipping an empty second line', () => {
    expect(invoice.billTo).toEqual({ name: 'Ana Lopez', addressLines: ['99 Billing Rd', 'Plano, TX 75024'] });
    expect(invoice.shipTo).toEqual({ name: 'Ana Lopez', addressLines: ['1200 Elm St', 'Apt 4', 'Dallas, TX 75201'] });
  });

  it('lists every blind with its options, room, quantity, unit and line price, then the free samples', () => {
    expect(invoice.lines).toEqual([
      {
        title: 'Faux Wood Blinds: Standard',
        details: order.lines[0]!.description,
        quantity: 2,
        unitCents: 4140,
        lineCents: 8280,
      },
      {
        title: order.lines[1]!.title,
        details: order.lines[1]!.description,
        quantity: 1,
        unitCents: 12000,
        lineCents: 12000,
      },
      {
        title: 'Free sample: Roller Shades',
        details: ['Color: Snow (G2-01)', 'Material: Green 2000 screen'],
        quantity: 1,
        unitCents: 0,
        lineCents: 0,
      },
    ]);
    expect(invoice.lines[0]!.details).toContain('Room: Living Room');
    expect(invoice.lines[0]!.details.some((detail) => detail.startsWith('Size: 24" W x 36" H'))).toBe(true);
  });

  it('sums to the order total and says it was paid by card, with the payment id', () => {
    expect(invoice.amounts.at(-1)).toEqual({ label: 'Total', cents: order.totals.totalCents, isTotal: true });
    expect(invoice.lines.reduce((sum, line) => sum + line.lineCents, 0)).toBe(order.totals.subtotalCents);
    expect(invoice.payment).toEqual({ method: 'Paid by card', reference: order.checkoutSessionId });
  });
});

describe('a line spelled out', () => {
  const line = orderLine(1, defaultConfiguration('mini-blinds'), 'Kitchen', 1, 5000);

  it('keeps the room the cart already named, once', () => {
    expect(lineDetails(line).filter((detail) => detail === 'Room: Kitchen')).toHaveLength(1);
  });

  it('adds the room when the description lacks it, and nothing without a room', () => {
    const withoutRoom = line.description.filter((detail) => !detail.startsWith('Room:'));
    expect(lineDetails({ description: withoutRoom, roomLabel: 'Kitchen' }).at(-1)).toBe('Room: Kitchen');
    expect(lineDetails({ description: withoutRoom, roomLabel: null })).toEqual(withoutRoom);
  });
});

describe('a postal address', () => {
  it('is street, second line when given, then city, state and ZIP', () => {
    expect(
      postalAddressLines({ address1: '1 Main St', address2: '  ', city: 'Waco', state: 'TX', zipCode: '76701' }),
    ).toEqual(['1 Main St', 'Waco, TX 76701']);
  });
});

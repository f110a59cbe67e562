/**
 * A paid order as the OrderPaid event carries it, for the tests and the bench of what follows a
 * payment (mails, invoice): two blinds (one for a named room), a sample, installation, in the DFW
 * metro. Every call makes a new order id and number unless told otherwise.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describeLine, lineTitle } from '#domain/cart/line';
import { ORDER_NUMBER_LENGTH, orderNumber } from '#domain/orders/lifecycle';
import { invoiceObjectKey, type OrderLine } from '#domain/orders/order';
import { type Configuration, defaultConfiguration } from '#domain/pricing/configuration';
import { toInches } from '#domain/pricing/dimensions';
import type { EventDetail, OrderPaid } from '#events/catalog';

export type PaidOrderDetail = EventDetail<typeof OrderPaid>;

export function orderLine(
  position: number,
  configuration: Configuration,
  roomLabel: string | null,
  quantity: number,
  unitCents: number,
): OrderLine {
  const width = toInches(configuration.width!);
  const length = toInches(configuration.length!);
  return {
    position,
    lineId: `line-${position}`,
    title: lineTitle(configuration),
    family: configuration.family,
    series: configuration.series,
    configuration: { ...configuration, quantity },
    description: describeLine(configuration, roomLabel),
    roomLabel,
    quantity,
    unitCents,
    lineCents: unitCents * quantity,
    size: {
      width: configuration.measurement === 'window' ? width - 0.5 : width,
      length,
      enteredWidth: width,
      enteredLength: length,
    },
    shippingClass: 'standard',
  };
}

export function paidOrderDetail(overrides: Partial<PaidOrderDetail> = {}): PaidOrderDetail {
  const orderId = overrides.orderId ?? randomUUID();
  const lines = [
    orderLine(1, defaultConfiguration('faux-wood-blinds'), 'Living Room', 2, 4140),
    orderLine(2, defaultConfiguration('wood-blinds'), null, 1, 12000),
  ];
  const subtotalCents = 2 * 4140 + 12000;
  const taxCents = 1622;
  return {
    orderId,
    channel: 'card',
    orderNumber: orderNumber(randomBytes(ORDER_NUMBER_LENGTH)),
    clientId: `client-${randomUUID()}`,
    customer: { name: 'Ana Lopez', email: `ana-${randomUUID()}@example.com`, phone: '214-555-0100' },
    lines,
    linesIncluded: true,
    samples: [
      { id: 'roller-shades:G2-01', productName: 'Roller Shades', color: 'Snow (G2-01)', material: 'Green 2000 screen' },
    ],
    totals: {
      blindCount: 3,
      subtotalCents,
      discountCents: 0,
      discounts: [],
      taxCents,
      shippingCents: 0,
      sampleShippingCents: 1500,
      installationCents: 15000,
      totalCents: subtotalCents + taxCents + 1500 + 15000,
    },
    shippingAddress: { address1: '1200 Elm St', address2: 'Apt 4', city: 'Dallas', state: 'TX', zipCode: '75201' },
    billingAddress: { address1: '99 Billing Rd', address2: '', city: 'Plano', state: 'TX', zipCode: '75024' },
    installation: true,
    notes: '',
    poNumber: null,
    paymentTerms: null,
    placedAt: '2026-03-05T20:10:00Z',
    invoiceKey: invoiceObjectKey(orderId),
    // Placed after the cut-off on Thursday: wood's ten working days from Friday, then three in DFW.
    estimate: { shipsBy: '2026-03-20', deliveredBy: '2026-03-25' },
    paidAt: '2026-03-05T20:12:30Z',
    checkoutSessionId: `cs_test_${randomUUID().replaceAll('-', '')}`,
    paymentIntentId: `pi_${randomUUID().replaceAll('-', '')}`,
    amountPaidCents: subtotalCents + taxCents + 1500 + 15000,
    sampleRequestReference: 'SR-7K2M9Q',
    ...overrides,
  };
}

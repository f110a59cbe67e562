import { describe, expect, it } from 'vitest';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { shopDate } from '#domain/orders/invoice';
import type { OrderStatus } from '#domain/orders/statuses';
import {
  accountStatusLabel,
  allowedStaffActions,
  orderSummaryRows,
  paymentStatusLabel,
  promisedDeliveryText,
  quoteSummaryRows,
  timelineStepText,
  trackingStatusLabel,
} from './order-display';

const quote: CheckoutQuote = {
  lines: [],
  samples: [],
  blindCount: 2,
  subtotalCents: 20_000,
  discountCents: 0,
  discounts: [],
  promoCode: null,
  promotionId: null,
  taxCents: 1_600,
  shipping: { status: 'unknown', cents: null },
  sampleShippingCents: 0,
  installation: { available: false, selected: false, cents: 0, charges: [] },
  totalCents: null,
  problems: [],
  estimate: null,
};

const values = (rows: { label: string; value: string }[]) =>
  Object.fromEntries(rows.map((row) => [row.label, row.value]));

describe('the checkout summary', () => {
  it('shows the server’s figures, shipping unknown until the address is entered and no total meanwhile', () => {
    expect(values(quoteSummaryRows(quote))).toEqual({
      Subtotal: '$200.00',
      'Tax (8%)': '$16.00',
      Shipping: 'Enter your state and ZIP code',
      Total: 'After shipping is known',
    });
  });

  it('words free DFW delivery, charged shipping, sample shipping and installation', () => {
    expect(
      values(quoteSummaryRows({ ...quote, shipping: { status: 'free', cents: 0 }, totalCents: 21_600 })),
    ).toMatchObject({
      Shipping: 'Free (DFW delivery)',
      Total: '$216.00',
    });
    const charged = quoteSummaryRows({
      ...quote,
      blindCount: 1,
      shipping: { status: 'charged', cents: 2_500 },
      sampleShippingCents: 1_500,
      installation: { available: true, selected: true, cents: 15_000, charges: [] },
      totalCents: 40_600,
    });
    expect(values(charged)).toEqual({
      Subtotal: '$200.00',
      'Tax (8%)': '$16.00',
      Shipping: '$25.00',
      'Sample shipping': '$15.00',
      'Professional installation': '$150.00',
      Total: '$406.00',
    });
    expect(charged.at(-1)?.strong).toBe(true);
  });

  it('says a freight order has no card total', () => {
    expect(values(quoteSummaryRows({ ...quote, shipping: { status: 'freight', cents: null } }))).toMatchObject({
      Shipping: 'By freight: contact us',
      Total: 'By freight: contact us',
    });
  });
});

describe('a placed order’s summary', () => {
  it('reads as the mails and invoice list the amounts, the total last and strong', () => {
    const totals = {
      blindCount: 3,
      subtotalCents: 30_000,
      discountCents: 0,
      discounts: [],
      taxCents: 2_400,
      shippingCents: 0,
      sampleShippingCents: 1_500,
      installationCents: 0,
      totalCents: 33_900,
    };
    const rows = orderSummaryRows(totals, 'card');
    expect(values(rows)).toEqual({
      Subtotal: '$300.00',
      'Tax (8%)': '$24.00',
      Shipping: '$0.00',
      'Sample shipping': '$15.00',
      Total: '$339.00',
    });
    expect(rows.map((row) => row.strong)).toEqual([false, false, false, false, true]);
  });

  it('says of a punch-out order, billed on the buyer’s purchase order, that its tax is the purchase order’s, not 8% of nothing', () => {
    const totals = {
      blindCount: 2,
      subtotalCents: 8_280,
      discountCents: 0,
      discounts: [],
      taxCents: 0,
      shippingCents: 0,
      sampleShippingCents: 0,
      installationCents: 0,
      totalCents: 8_280,
    };
    expect(values(orderSummaryRows(totals, 'punchout'))).toEqual({
      Subtotal: '$82.80',
      Tax: 'Per the purchase order',
      Shipping: '$0.00',
      Total: '$82.80',
    });
  });
});

describe('order statuses', () => {
  it('reads pending as Order Received on tracking and Pending in My Account, anything unknown as Unknown', () => {
    expect(trackingStatusLabel('pending')).toBe('Order Received');
    expect(accountStatusLabel('pending')).toBe('Pending');
    expect(trackingStatusLabel('shipped')).toBe('Shipped');
    expect(trackingStatusLabel('lost-in-transit')).toBe('Unknown');
    expect(trackingStatusLabel('toString')).toBe('Unknown');
    expect(paymentStatusLabel('paid')).toBe('Paid');
  });

  it('words each timeline step: its date when reached, its promised date when expected', () => {
    const step = { stage: 'shipped', label: 'Shipped' } as const;
    expect(timelineStepText({ ...step, state: 'done', at: '2026-12-08T16:00:00.000Z', expectedBy: null })).toBe(
      shopDate('2026-12-08T16:00:00.000Z'),
    );
    expect(timelineStepText({ ...step, state: 'done', at: null, expectedBy: null })).toBe('Done');
    expect(timelineStepText({ ...step, state: 'expected', at: null, expectedBy: '2026-12-10' })).toBe(
      'Expected by Thu, Dec 10',
    );
    expect(
      timelineStepText({ stage: 'installed', label: 'Installed', state: 'expected', at: null, expectedBy: null }),
    ).toBe('After delivery: our team calls to schedule it');
  });
});

describe('staff actions', () => {
  it('offers what the transition table allows from each status, and nothing after delivery or cancellation', () => {
    const installed = (status: OrderStatus) => ({ status, installation: true });
    expect(allowedStaffActions(installed('pending'))).toEqual(['cancel']);
    expect(allowedStaffActions(installed('processing'))).toEqual(['startProduction', 'ship', 'cancel']);
    expect(allowedStaffActions(installed('inProduction'))).toEqual(['markReady', 'ship', 'cancel']);
    expect(allowedStaffActions(installed('readyToShip'))).toEqual(['ship', 'cancel']);
    expect(allowedStaffActions(installed('shipped'))).toEqual(['deliver']);
    expect(allowedStaffActions(installed('delivered'))).toEqual(['install']);
    expect(allowedStaffActions({ status: 'delivered', installation: false })).toEqual([]);
    expect(allowedStaffActions(installed('installed'))).toEqual([]);
    expect(allowedStaffActions(installed('cancelled'))).toEqual([]);
  });
});

describe('the date promised at placement', () => {
  const estimate = { shipsBy: '2026-12-10', deliveredBy: '2026-12-15' };
  it.each([
    ['processing', estimate, 'Delivery by Tue, Dec 15, as promised when you ordered (ships by Thu, Dec 10).'],
    ['shipped', estimate, 'Delivery by Tue, Dec 15, as promised when you ordered (ships by Thu, Dec 10).'],
    ['delivered', estimate, null],
    ['installed', estimate, null],
    ['cancelled', estimate, null],
    ['processing', null, null],
  ] as const)('%s with %o reads %s', (status, promised, text) => {
    expect(promisedDeliveryText({ status, estimate: promised })).toBe(text);
  });
});

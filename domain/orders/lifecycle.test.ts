import { describe, expect, it } from 'vitest';
import {
  checkoutAbandoned,
  decideCustomerCancel,
  decidePaymentStatus,
  decideStaffTransition,
  inOrderHistory,
  installationNote,
  invoiceState,
  ORDER_LIFECYCLE,
  orderNumber,
  refundableCentsOf,
  staffListingOf,
  trackingUrl,
  type PaymentRecord,
} from './lifecycle';
import { stateMachineProblems } from '../state-machine';
import { ORDER_MESSAGES } from './messages';
import { ORDER_NUMBER_PATTERN, type OrderChannel } from './order';
import type { OrderStatus, PaymentStatus, StaffAction } from './statuses';

describe('orderNumber', () => {
  it('is HBB- and six unambiguous characters', () => {
    expect(orderNumber(new Uint8Array([0, 31, 8, 255, 100, 200]))).toBe('HBB-2ZAZ6A');
    for (let i = 0; i < 50; i += 1)
      expect(orderNumber(crypto.getRandomValues(new Uint8Array(6)))).toMatch(ORDER_NUMBER_PATTERN);
  });
});

describe('where an order is listed (decision 0039)', () => {
  it.each<[OrderStatus, PaymentStatus, boolean, boolean, string]>([
    ['pending', 'pending', false, false, 'pending'],
    ['pending', 'expired', true, false, 'abandoned'],
    ['pending', 'failed', true, false, 'abandoned'],
    ['cancelled', 'expired', false, false, 'cancelled'],
    ['cancelled', 'pending', false, false, 'cancelled'],
    ['processing', 'paid', false, true, 'processing'],
    ['pending', 'flagged', false, true, 'pending'],
    ['cancelled', 'refunded', false, true, 'cancelled'],
    ['processing', 'invoice', false, true, 'processing'],
  ])(
    '%s / %s: abandoned %s, in the customer history %s, staff listing %s',
    (status, paymentStatus, abandoned, inHistory, listing) => {
      expect(checkoutAbandoned({ status, paymentStatus })).toBe(abandoned);
      expect(inOrderHistory({ paymentStatus })).toBe(inHistory);
      expect(staffListingOf({ status, paymentStatus })).toBe(listing);
    },
  );
});

describe('what an order page may promise', () => {
  it('books installation only for a bought order that is not cancelled', () => {
    const visit = { status: 'scheduled', date: '2027-03-08', window: '8:00 AM - 12:00 PM' } as const;
    expect(installationNote({ installation: true, status: 'processing', paymentStatus: 'paid' }, visit)).toBe(
      'Professional installation booked: Monday, March 8, 2027, 8:00 AM - 12:00 PM (Central time).',
    );
    expect(installationNote({ installation: true, status: 'processing', paymentStatus: 'invoice' }, visit)).toMatch(
      /^Professional installation booked/,
    );
    expect(
      installationNote(
        { installation: true, status: 'processing', paymentStatus: 'paid' },
        { status: 'unscheduled', date: null, window: null },
      ),
    ).toMatch(/^Professional installation bought: choose its date/);
    expect(installationNote({ installation: true, status: 'pending', paymentStatus: 'pending' }, visit)).toMatch(
      /^Professional installation requested/,
    );
    expect(installationNote({ installation: true, status: 'pending', paymentStatus: 'pending' })).toMatch(
      /^Professional installation requested/,
    );
    expect(installationNote({ installation: true, status: 'pending', paymentStatus: 'flagged' })).toMatch(
      /^Professional installation requested/,
    );
    expect(installationNote({ installation: true, status: 'cancelled', paymentStatus: 'refunded' })).toBeNull();
    expect(installationNote({ installation: false, status: 'processing', paymentStatus: 'paid' })).toBeNull();
  });

  it('says an invoice is being prepared only for a paid card order', () => {
    expect(
      invoiceState({ channel: 'card', paidAt: '2026-11-27T10:00:00.000Z', invoiceUrl: 'https://x.test/i.pdf' }),
    ).toBe('ready');
    expect(invoiceState({ channel: 'card', paidAt: '2026-11-27T10:00:00.000Z', invoiceUrl: null })).toBe('preparing');
    expect(invoiceState({ channel: 'card', paidAt: null, invoiceUrl: null })).toBe('none');
    expect(invoiceState({ channel: 'punchout', paidAt: null, invoiceUrl: null })).toBe('none');
  });
});

describe('decideStaffTransition', () => {
  it.each<[OrderStatus, PaymentStatus, StaffAction, ReturnType<typeof decideStaffTransition>]>([
    ['processing', 'paid', 'ship', { ok: true, from: 'processing', to: 'shipped', refund: false }],
    ['shipped', 'paid', 'deliver', { ok: true, from: 'shipped', to: 'delivered', refund: false }],
    ['pending', 'pending', 'cancel', { ok: true, from: 'pending', to: 'cancelled', refund: false }],
    ['pending', 'expired', 'cancel', { ok: true, from: 'pending', to: 'cancelled', refund: false }],
    ['pending', 'flagged', 'cancel', { ok: true, from: 'pending', to: 'cancelled', refund: true }],
    ['processing', 'paid', 'cancel', { ok: true, from: 'processing', to: 'cancelled', refund: true }],
    ['cancelled', 'paid', 'cancel', { ok: true, from: 'cancelled', to: 'cancelled', refund: true }],
    [
      'pending',
      'pending',
      'ship',
      {
        ok: false,
        reason: 'This order is pending: it can be shipped only when it is processing, in production or ready to ship.',
      },
    ],
    [
      'processing',
      'paid',
      'deliver',
      { ok: false, reason: 'This order is processing: it can be marked delivered only when it is shipped.' },
    ],
    [
      'shipped',
      'paid',
      'cancel',
      {
        ok: false,
        reason:
          'This order is shipped: it can be cancelled only when it is pending, processing, in production or ready to ship.',
      },
    ],
    [
      'delivered',
      'paid',
      'ship',
      {
        ok: false,
        reason:
          'This order is delivered: it can be shipped only when it is processing, in production or ready to ship.',
      },
    ],
    [
      'cancelled',
      'refunded',
      'cancel',
      {
        ok: false,
        reason:
          'This order is cancelled: it can be cancelled only when it is pending, processing, in production or ready to ship.',
      },
    ],
    [
      'processing',
      'refunded',
      'ship',
      { ok: false, reason: "This order's payment is refunded: only a paid order, or one on invoice, can be shipped." },
    ],
    ['processing', 'invoice', 'ship', { ok: true, from: 'processing', to: 'shipped', refund: false }],
    ['processing', 'invoice', 'cancel', { ok: true, from: 'processing', to: 'cancelled', refund: false }],
  ])('%s / %s, %s', (status, paymentStatus, action, decision) => {
    expect(decideStaffTransition({ status, paymentStatus, installation: true }, action)).toEqual(decision);
  });
});

describe('the production stages (the stage table)', () => {
  // Every status against every staff action: where it goes, or refused ('-'). Installation bought, paid.
  const TABLE: Record<OrderStatus, Record<StaffAction, OrderStatus | '-'>> = {
    pending: { startProduction: '-', markReady: '-', ship: '-', deliver: '-', install: '-', cancel: 'cancelled' },
    processing: {
      startProduction: 'inProduction',
      markReady: '-',
      ship: 'shipped',
      deliver: '-',
      install: '-',
      cancel: 'cancelled',
    },
    inProduction: {
      startProduction: '-',
      markReady: 'readyToShip',
      ship: 'shipped',
      deliver: '-',
      install: '-',
      cancel: 'cancelled',
    },
    readyToShip: {
      startProduction: '-',
      markReady: '-',
      ship: 'shipped',
      deliver: '-',
      install: '-',
      cancel: 'cancelled',
    },
    shipped: { startProduction: '-', markReady: '-', ship: '-', deliver: 'delivered', install: '-', cancel: '-' },
    delivered: { startProduction: '-', markReady: '-', ship: '-', deliver: '-', install: 'installed', cancel: '-' },
    installed: { startProduction: '-', markReady: '-', ship: '-', deliver: '-', install: '-', cancel: '-' },
    cancelled: { startProduction: '-', markReady: '-', ship: '-', deliver: '-', install: '-', cancel: '-' },
  };
  it.each(
    Object.entries(TABLE).flatMap(([status, row]) => Object.entries(row).map(([action, to]) => [status, action, to])),
  )('%s, %s: %s', (status, action, to) => {
    const decision = decideStaffTransition(
      { status: status as OrderStatus, paymentStatus: 'paid', installation: true },
      action as StaffAction,
    );
    // A second cancel of a cancelled paid order only retries its refund: not a move.
    if (status === 'cancelled' && action === 'cancel')
      return expect(decision).toMatchObject({ ok: true, from: 'cancelled', to: 'cancelled' });
    expect(decision.ok ? decision.to : '-').toBe(to);
  });

  it('is a well-formed table: installed and cancelled are final, delivered leads only to installed', () => {
    expect(stateMachineProblems(ORDER_LIFECYCLE)).toEqual([]);
    expect(ORDER_LIFECYCLE.terminal).toEqual(['installed', 'cancelled']);
    expect(ORDER_LIFECYCLE.transitionsFrom('delivered')).toEqual(['install']);
  });

  it('marks installed only an order whose installation was bought', () => {
    expect(
      decideStaffTransition({ status: 'delivered', paymentStatus: 'paid', installation: false }, 'install'),
    ).toEqual({
      ok: false,
      reason: 'This order has no installation: it cannot be marked installed.',
    });
  });

  it('puts in production only an order paid or on invoice', () => {
    expect(
      decideStaffTransition({ status: 'processing', paymentStatus: 'flagged', installation: false }, 'startProduction'),
    ).toEqual({
      ok: false,
      reason: "This order's payment is flagged: only a paid order, or one on invoice, can be put in production.",
    });
    expect(
      decideStaffTransition({ status: 'processing', paymentStatus: 'invoice', installation: false }, 'startProduction'),
    ).toMatchObject({ ok: true, to: 'inProduction' });
  });

  it('records each stage with its time and history event', () => {
    const at = '2026-12-01T15:00:00.000Z';
    const by = { kind: 'staff' as const, id: 'staff-1' };
    expect(
      ORDER_LIFECYCLE.move('processing', 'startProduction', { at, by, input: { action: 'startProduction' } }).effect,
    ).toEqual({
      set: { productionStartedAt: at },
      event: 'productionStarted',
    });
    expect(
      ORDER_LIFECYCLE.move('inProduction', 'markReady', { at, by, input: { action: 'markReady' } }).effect,
    ).toEqual({
      set: { readyToShipAt: at },
      event: 'readyToShip',
    });
    expect(ORDER_LIFECYCLE.move('delivered', 'install', { at, by, input: { action: 'install' } }).effect).toEqual({
      set: { installedAt: at },
      event: 'installed',
    });
  });
});

describe('decideCustomerCancel', () => {
  it.each<[OrderStatus, PaymentStatus, OrderChannel, ReturnType<typeof decideCustomerCancel>]>([
    ['processing', 'paid', 'card', { ok: true, from: 'processing', refund: true }],
    ['processing', 'invoice', 'account', { ok: true, from: 'processing', refund: false }],
    ['pending', 'pending', 'card', { ok: true, from: 'pending', refund: false }],
    ['inProduction', 'paid', 'card', { ok: false, reason: ORDER_MESSAGES.cancelInProduction }],
    ['readyToShip', 'paid', 'card', { ok: false, reason: ORDER_MESSAGES.cancelInProduction }],
    ['shipped', 'paid', 'card', { ok: false, reason: ORDER_MESSAGES.cancelAfterShipping }],
    ['installed', 'paid', 'card', { ok: false, reason: ORDER_MESSAGES.cancelAfterShipping }],
    ['cancelled', 'refunded', 'card', { ok: false, reason: ORDER_MESSAGES.alreadyCancelled }],
    ['processing', 'invoice', 'punchout', { ok: false, reason: ORDER_MESSAGES.cancelThroughPurchaseOrder }],
  ])('%s / %s (%s)', (status, paymentStatus, channel, decision) => {
    expect(decideCustomerCancel({ status, paymentStatus, channel })).toEqual(decision);
  });
});

describe('ORDER_LIFECYCLE', () => {
  const at = '2026-11-27T10:00:00.000Z';
  const staff = { kind: 'staff' as const, id: 'staff-1' };

  it('is a well-formed table', () => {
    expect(stateMachineProblems(ORDER_LIFECYCLE)).toEqual([]);
  });

  it('ships with the carrier and tracking number, noted in the history entry', () => {
    const move = ORDER_LIFECYCLE.move('processing', 'ship', {
      at,
      by: staff,
      input: { action: 'ship', carrier: 'UPS', trackingNumber: '1Z 999' },
    });
    expect(move.entry).toEqual({ from: 'processing', to: 'shipped', at, by: staff, note: 'UPS 1Z 999' });
    expect(move.effect).toEqual({
      set: {
        shipment: {
          carrier: 'UPS',
          trackingNumber: '1Z 999',
          trackingUrl: 'https://www.ups.com/track?tracknum=1Z999',
          shippedAt: at,
        },
      },
      event: 'shipped',
    });
  });

  it('dates a delivery and a cancel, noting the cancel reason if one was given', () => {
    expect(ORDER_LIFECYCLE.move('shipped', 'deliver', { at, by: staff, input: { action: 'deliver' } })).toMatchObject({
      entry: { note: null },
      effect: { set: { deliveredAt: at }, event: 'delivered' },
    });
    const cancel = (reason: string) =>
      ORDER_LIFECYCLE.move('pending', 'cancel', { at, by: staff, input: { action: 'cancel', reason } });
    expect(cancel('Customer asked')).toMatchObject({
      entry: { note: 'Customer asked' },
      effect: { set: { cancelledAt: at }, event: 'cancelled' },
    });
    expect(cancel('').entry.note).toBeNull();
  });
});

describe('decidePaymentStatus', () => {
  const placed: PaymentRecord = {
    totalCents: 12_345,
    amountPaidCents: null,
    paymentCheckoutSessionId: null,
    checkoutSessionId: 'cs_ours',
    amountRefundedCents: 0,
    checkoutEnded: null,
    cancelled: false,
    paid: false,
  };
  const payment = (amountPaidCents: number, checkoutSessionId = 'cs_ours') => ({
    amountPaidCents,
    paymentCheckoutSessionId: checkoutSessionId,
  });
  const status = (record: Partial<PaymentRecord>) => decidePaymentStatus({ ...placed, ...record }).paymentStatus;
  const reason = (record: Partial<PaymentRecord>) => decidePaymentStatus({ ...placed, ...record }).reason;

  it('waits for a payment: pending, or how the checkout ended', () => {
    expect(decidePaymentStatus(placed)).toEqual({ paymentStatus: 'pending', reason: null });
    expect(status({ checkoutEnded: 'expired' })).toBe('expired');
    expect(status({ checkoutEnded: 'failed' })).toBe('failed');
  });

  it('pays only the order total to the cent, through its own checkout, neither cancelled nor refunded', () => {
    expect(decidePaymentStatus({ ...placed, ...payment(12_345) })).toEqual({ paymentStatus: 'paid', reason: null });
    expect(status({ ...payment(12_345), checkoutEnded: 'expired' })).toBe('paid');
    expect(reason({ ...payment(12_344) })).toBe('Paid $123.44, but the order total is $123.45.');
    expect(status({ ...payment(12_346) })).toBe('flagged');
    expect(status({ ...payment(0) })).toBe('flagged');
    expect(reason({ ...payment(12_345, 'cs_other') })).toBe(
      'Paid $123.45 through checkout cs_other, which this order no longer uses: check for a second payment.',
    );
    expect(reason({ ...payment(12_345), cancelled: true })).toBe(
      'Paid $123.45 after the order was cancelled: refund it with Cancel.',
    );
  });

  it('a refund reported before the payment waits for it, and then flags it, in whichever order the two came', () => {
    expect(status({ amountRefundedCents: 12_345 })).toBe('pending');
    expect(decidePaymentStatus({ ...placed, ...payment(12_345), amountRefundedCents: 12_345 })).toEqual({
      paymentStatus: 'flagged',
      reason:
        'Paid $123.45, but the payment provider had refunded $123.45 of it before the payment was recorded: the order is not paid. Cancel it, or ask the customer.',
    });
    expect(status({ ...payment(12_345), amountRefundedCents: 100 })).toBe('flagged');
  });

  it('a paid order stays paid through partial refunds and is refunded by a refund in full', () => {
    const paid = { ...payment(12_345), paid: true };
    expect(status({ ...paid, amountRefundedCents: 5_000 })).toBe('paid');
    expect(status({ ...paid, amountRefundedCents: 12_345 })).toBe('refunded');
    expect(status({ ...paid, cancelled: true })).toBe('paid');
    expect(status({ ...paid, cancelled: true, amountRefundedCents: 12_345 })).toBe('refunded');
  });

  it('a flagged payment refunded in full is settled only when the order is cancelled', () => {
    expect(status({ ...payment(12_344), cancelled: true, amountRefundedCents: 12_344 })).toBe('refunded');
    expect(status({ ...payment(12_345), cancelled: true, amountRefundedCents: 5_000 })).toBe('flagged');
    expect(status({ ...payment(12_344), amountRefundedCents: 12_344 })).toBe('flagged');
  });
});

describe('trackingUrl', () => {
  it("links the carrier's tracking page, none for local delivery", () => {
    expect(trackingUrl('UPS', '1Z 999 AA1 01 2345 6784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('Local delivery', 'VAN-3')).toBeNull();
  });
});

describe('refundableCentsOf', () => {
  const totals = {
    blindCount: 1,
    subtotalCents: 10_000,
    discountCents: 0,
    discounts: [],
    taxCents: 825,
    shippingCents: 1_500,
    sampleShippingCents: 0,
    installationCents: 0,
    totalCents: 12_325,
  };
  it('is what the payment took, flagged amounts included, and nothing before a payment', () => {
    expect(refundableCentsOf({ paymentStatus: 'paid', amountPaidCents: 12_325, totals })).toBe(12_325);
    expect(refundableCentsOf({ paymentStatus: 'flagged', amountPaidCents: 9_000, totals })).toBe(9_000);
    expect(refundableCentsOf({ paymentStatus: 'pending', amountPaidCents: null, totals })).toBe(0);
  });
  it('is what the invoice bills for an order on invoice', () => {
    expect(refundableCentsOf({ paymentStatus: 'invoice', amountPaidCents: null, totals })).toBe(12_325);
  });
});

import { describe, expect, it } from 'vitest';
import { decideStaffTransition, orderNumber, paymentOutcome, refundableCentsOf, trackingUrl } from './lifecycle';
import { ORDER_NUMBER_PATTERN, type OrderStatus, type PaymentStatus, type StaffAction } from './order';

describe('orderNumber', () => {
  it('is HBB- and six unambiguous characters', () => {
    expect(orderNumber(new Uint8Array([0, 31, 8, 255, 100, 200]))).toBe('HBB-2ZAZ6A');
    for (let i = 0; i < 50; i += 1) expect(orderNumber(crypto.getRandomValues(new Uint8Array(6)))).toMatch(ORDER_NUMBER_PATTERN);
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
    ['pending', 'pending', 'ship', { ok: false, reason: 'This order is pending: it can be shipped only when it is processing.' }],
    ['processing', 'paid', 'deliver', { ok: false, reason: 'This order is processing: it can be marked delivered only when it is shipped.' }],
    ['shipped', 'paid', 'cancel', { ok: false, reason: 'This order is shipped: it can be cancelled only when it is pending or processing.' }],
    ['delivered', 'paid', 'ship', { ok: false, reason: 'This order is delivered: it can be shipped only when it is processing.' }],
    ['cancelled', 'refunded', 'cancel', { ok: false, reason: 'This order is cancelled: it can be cancelled only when it is pending or processing.' }],
    ['processing', 'refunded', 'ship', { ok: false, reason: "This order's payment is refunded: only a paid order, or one on invoice, can be shipped." }],
    ['processing', 'invoice', 'ship', { ok: true, from: 'processing', to: 'shipped', refund: false }],
    ['processing', 'invoice', 'cancel', { ok: true, from: 'processing', to: 'cancelled', refund: false }],
  ])('%s / %s, %s', (status, paymentStatus, action, decision) => {
    expect(decideStaffTransition({ status, paymentStatus }, action)).toEqual(decision);
  });
});

describe('paymentOutcome', () => {
  it('pays only the order total to the cent, flags anything else', () => {
    expect(paymentOutcome(12_345, 12_345)).toBe('paid');
    expect(paymentOutcome(12_345, 12_344)).toBe('flagged');
    expect(paymentOutcome(12_345, 12_346)).toBe('flagged');
    expect(paymentOutcome(12_345, 0)).toBe('flagged');
  });
});

describe('trackingUrl', () => {
  it("links the carrier's tracking page, none for local delivery", () => {
    expect(trackingUrl('UPS', '1Z 999 AA1 01 2345 6784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('Local delivery', 'VAN-3')).toBeNull();
  });
});

describe('refundableCentsOf', () => {
  const totals = { blindCount: 1, subtotalCents: 10_000, taxCents: 825, shippingCents: 1_500, sampleShippingCents: 0, installationCents: 0, totalCents: 12_325 };
  it('is what the payment took, flagged amounts included, and nothing before a payment', () => {
    expect(refundableCentsOf({ paymentStatus: 'paid', amountPaidCents: 12_325, totals })).toBe(12_325);
    expect(refundableCentsOf({ paymentStatus: 'flagged', amountPaidCents: 9_000, totals })).toBe(9_000);
    expect(refundableCentsOf({ paymentStatus: 'pending', amountPaidCents: null, totals })).toBe(0);
  });
  it('is what the invoice bills for an order on invoice', () => {
    expect(refundableCentsOf({ paymentStatus: 'invoice', amountPaidCents: null, totals })).toBe(12_325);
  });
});

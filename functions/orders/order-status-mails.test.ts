import { describe, expect, it } from 'vitest';
import type { Shipment } from '#domain/orders/order';
import { paidOrderDetail } from '../../tests/support/paid-order';
import { orderStatusMail, type StatusChange } from './order-status-mails';

const SITE = 'https://shop.example.com/';

describe('status mails', () => {
  const order = paidOrderDetail();
  const change = (fields: Partial<StatusChange>): StatusChange => ({
    ...order,
    to: 'processing',
    paymentStatus: 'paid',
    shipment: null,
    changedAt: '2026-03-20T16:00:00Z',
    note: '',
    ...fields,
  });
  const ups: Shipment = {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shippedAt: '2026-03-18T15:00:00Z',
  };

  it('shipped: the carrier, tracking number and tracking link', () => {
    const mail = orderStatusMail(change({ to: 'shipped', shipment: ups }), SITE)!;
    expect(mail.to).toEqual([order.customer.email]);
    expect(mail.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(mail.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(mail.text).toContain('Track the parcel with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
  });

  it('shipped by local delivery: no carrier link', () => {
    const mail = orderStatusMail(
      change({
        to: 'shipped',
        shipment: { ...ups, carrier: 'Local delivery', trackingNumber: 'VAN-2', trackingUrl: null },
      }),
      SITE,
    )!;
    expect(mail.text).toContain('Carrier: Local delivery\nTracking number: VAN-2');
    expect(mail.text).not.toContain('Track the parcel');
  });

  it('delivered: the day and the returns terms', () => {
    const mail = orderStatusMail(change({ to: 'delivered' }), SITE)!;
    expect(mail.subject).toBe(`Your order ${order.orderNumber} was delivered`);
    expect(mail.text).toContain('was delivered on March 20, 2026');
    expect(mail.text).toContain('within 30 days of delivery');
  });

  it.each([
    ['refunded', 'Your payment has been refunded to the card you paid with.'],
    ['paid', 'Your payment is being refunded to the card you paid with.'],
    ['pending', 'No payment was taken for this order.'],
  ] as const)('cancelled with payment %s: %s', (paymentStatus, sentence) => {
    const mail = orderStatusMail(change({ to: 'cancelled', paymentStatus, note: 'Asked by <customer>' }), SITE)!;
    expect(mail.subject).toBe(`Your order ${order.orderNumber} was cancelled`);
    expect(mail.text).toContain(sentence);
    expect(mail.text).toContain('Reason: Asked by <customer>');
    expect(mail.html).toContain('Reason: Asked by &lt;customer&gt;');
  });

  it('processing has no status mail (the confirmation said it)', () => {
    expect(orderStatusMail(change({ to: 'processing' }), SITE)).toBeNull();
  });
});

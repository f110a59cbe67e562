import { describe, expect, it } from 'vitest';
import { IllegalTransition } from '../state-machine';
import {
  deliverSampleRequestsSchema,
  SAMPLE_REQUEST_LIFECYCLE,
  sampleStaffRefusal,
  sendSampleRequestsSchema,
} from './lifecycle';

const at = '2026-12-01T15:00:00.000Z';
const payment = { checkoutSessionId: 'cs_test_1', paymentIntentId: 'pi_1', amountPaidCents: 1500 };

describe('the sample request lifecycle', () => {
  it('is requested once paid, then sent, then delivered, each step mailing the shopper', () => {
    const paid = SAMPLE_REQUEST_LIFECYCLE.move('awaitingPayment', 'pay', { at, by: 'payment', input: payment });
    expect(paid).toMatchObject({
      to: 'requested',
      effect: { set: { paidAt: at, payment }, mail: true },
      entry: { from: 'awaitingPayment', to: 'requested', note: 'Paid $15.00' },
    });
    const sent = SAMPLE_REQUEST_LIFECYCLE.move('requested', 'send', {
      at,
      by: 'staff-1',
      input: { carrier: 'USPS', trackingNumber: '9400 1000' },
    });
    expect(sent).toMatchObject({
      to: 'sent',
      effect: {
        set: {
          shipment: {
            carrier: 'USPS',
            trackingNumber: '9400 1000',
            trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000',
            shippedAt: at,
          },
        },
        mail: true,
      },
      entry: { by: 'staff-1', note: 'USPS 9400 1000' },
    });
    expect(SAMPLE_REQUEST_LIFECYCLE.move('sent', 'deliver', { at, by: 'staff-1' })).toMatchObject({
      to: 'delivered',
      effect: { set: { deliveredAt: at }, mail: true },
    });
  });

  it('keeps a payment of another amount for staff to check', () => {
    const move = SAMPLE_REQUEST_LIFECYCLE.move('awaitingPayment', 'pay', {
      at,
      by: 'payment',
      input: { ...payment, amountPaidCents: 1000 },
    });
    expect(move.entry.note).toBe('Paid $10.00, not $15.00: please check the payment');
  });

  it('ends a request whose page ran out, without a mail, and nothing leaves an end', () => {
    expect(SAMPLE_REQUEST_LIFECYCLE.move('awaitingPayment', 'expire', { at, by: 'payment' }).effect).toEqual({
      set: {},
      mail: false,
    });
    expect(SAMPLE_REQUEST_LIFECYCLE.transitionsFrom('expired')).toEqual([]);
    expect(SAMPLE_REQUEST_LIFECYCLE.transitionsFrom('delivered')).toEqual([]);
    expect(() => SAMPLE_REQUEST_LIFECYCLE.move('expired', 'pay', { at, by: 'payment', input: payment })).toThrow(
      IllegalTransition,
    );
  });

  it.each([
    ['awaitingPayment', 'send', 'This request is awaiting payment: it can be sent only when it is to send.'],
    ['sent', 'send', 'This request is sent: it can be sent only when it is to send.'],
    ['requested', 'deliver', 'This request is to send: it can be marked delivered only when it is sent.'],
    ['requested', 'send', null],
    ['sent', 'deliver', null],
  ] as const)('refuses staff a move from %s (%s) with a reason', (status, action, reason) => {
    expect(sampleStaffRefusal(status, action)).toBe(reason);
  });
});

describe('staff move bodies', () => {
  const shipment = { reference: 'SR-2ZAZ6A', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };

  it('take each request once, with a carrier of the list and a plain tracking number', () => {
    expect(sendSampleRequestsSchema.safeParse({ shipments: [shipment] }).success).toBe(true);
    const issues = (body: unknown) =>
      sendSampleRequestsSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ shipments: [] })).toEqual(['Please choose at least one sample request.']);
    expect(issues({ shipments: [shipment, shipment] })).toEqual(['Each request once, please.']);
    expect(issues({ shipments: [{ ...shipment, carrier: 'Pigeon' }] })).toEqual(['Please choose a carrier.']);
    expect(issues({ shipments: [{ ...shipment, trackingNumber: '1Z<b>' }] })).toEqual([
      'A tracking number has only letters, digits, spaces and hyphens.',
    ]);
    expect(deliverSampleRequestsSchema.safeParse({ references: ['SR-0000'] }).error?.issues[0]?.message).toBe(
      'Please choose sample requests from the list.',
    );
  });
});

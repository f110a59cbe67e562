import { describe, expect, it } from 'vitest';
import { closureConfirmationSchema, closureRefusal, confirmsEmail, PRIVACY_MESSAGES } from './privacy';
import { taxRecordsExpireAt, taxRecordsKeptUntil } from './retention';

const order = (status: string, overrides: object = {}) =>
  ({ orderNumber: 'HBB-ABC123', status, paymentStatus: 'paid', installation: false, ...overrides }) as never;
const nothing = { orders: [], invoices: [], appointments: [], today: '2026-11-29' };

describe('closing an account', () => {
  it('is allowed with nothing open: delivered, installed and cancelled orders, paid invoices, past visits', () => {
    expect(
      closureRefusal({
        ...nothing,
        orders: [
          order('delivered'),
          order('installed'),
          order('cancelled'),
          order('pending', { paymentStatus: 'expired' }),
        ],
        invoices: [{ id: 'INV-1', status: 'paid' }],
        appointments: [{ scheduledDate: '2026-11-28', status: 'scheduled' }],
      }),
    ).toBeNull();
  });

  it('is refused, naming what is open: an order being made, a delivered order awaiting installation, a checkout, an invoice, a visit', () => {
    expect(closureRefusal({ ...nothing, orders: [order('inProduction')] })).toBe(
      PRIVACY_MESSAGES.orderInProgress('HBB-ABC123'),
    );
    expect(closureRefusal({ ...nothing, orders: [order('delivered', { installation: true })] })).toBe(
      PRIVACY_MESSAGES.orderInProgress('HBB-ABC123'),
    );
    expect(closureRefusal({ ...nothing, orders: [order('pending', { paymentStatus: 'pending' })] })).toBe(
      PRIVACY_MESSAGES.checkoutOpen('HBB-ABC123'),
    );
    expect(closureRefusal({ ...nothing, invoices: [{ id: 'INV-ABC123', status: 'open' }] })).toBe(
      PRIVACY_MESSAGES.unpaidInvoice('INV-ABC123'),
    );
    expect(closureRefusal({ ...nothing, appointments: [{ scheduledDate: '2026-12-01', status: 'scheduled' }] })).toBe(
      PRIVACY_MESSAGES.appointmentBooked('2026-12-01'),
    );
  });

  it('is confirmed by the account e-mail typed in any case, with spaces around', () => {
    const typed = closureConfirmationSchema.parse({ confirmEmail: '  Dana@Example.com ' });
    expect(confirmsEmail(typed, 'dana@example.com')).toBe(true);
    expect(confirmsEmail(typed, 'dana@example.org')).toBe(false);
  });

  it('keeps tax records until 31 December of the seventh year after the sale', () => {
    expect(taxRecordsKeptUntil('2026-03-02T15:00:00.000Z')).toBe('2033-12-31');
    expect(taxRecordsKeptUntil('2026-12-31T23:59:00.000Z')).toBe('2033-12-31');
    // The table deletes it once the last kept day is over.
    expect(new Date(taxRecordsExpireAt('2026-03-02T15:00:00.000Z') * 1000).toISOString()).toBe(
      '2034-01-01T06:00:00.000Z',
    );
  });
});

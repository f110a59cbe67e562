import { describe, expect, it } from 'vitest';
import { earliestDelivery, missesPromise, type PromiseOrder } from './promise';

// Placed Tuesday 1 December 2026, 9 AM CT (before the cut-off): wood blinds (10 days) to Plano (DFW, 3 days).
const order: PromiseOrder = {
  status: 'processing',
  createdAt: '2026-12-01T15:00:00.000Z',
  estimate: { shipsBy: '2026-12-15', deliveredBy: '2026-12-18' },
  shippingAddress: { address1: '1 Elm St', address2: '', city: 'Plano', state: 'TX', zipCode: '75024' },
  shipment: null,
};
const at = (iso: string) => new Date(iso);

describe('missesPromise', () => {
  it.each<[string, PromiseOrder, string, string | null, boolean]>([
    ['placed, the day it was placed', order, '2026-12-01T18:00:00.000Z', '2026-12-18', false],
    ['placed, not in production the next day', order, '2026-12-02T15:00:00.000Z', '2026-12-21', true],
    [
      'in production, before its ship day',
      { ...order, status: 'inProduction' },
      '2026-12-10T15:00:00.000Z',
      '2026-12-18',
      false,
    ],
    ['ready, its ship day passed', { ...order, status: 'readyToShip' }, '2026-12-16T15:00:00.000Z', '2026-12-21', true],
    [
      'shipped on time',
      {
        ...order,
        status: 'shipped',
        shipment: { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null, shippedAt: '2026-12-15T16:00:00.000Z' },
      },
      '2026-12-16T15:00:00.000Z',
      '2026-12-18',
      false,
    ],
    [
      'shipped, still not delivered after its date',
      {
        ...order,
        status: 'shipped',
        shipment: { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null, shippedAt: '2026-12-15T16:00:00.000Z' },
      },
      '2026-12-19T15:00:00.000Z',
      '2026-12-20',
      true,
    ],
    ['delivered', { ...order, status: 'delivered' }, '2026-12-30T15:00:00.000Z', null, false],
    ['placed before the shop promised dates', { ...order, estimate: null }, '2026-12-30T15:00:00.000Z', null, false],
  ])('%s', (_case, candidate, now, earliest, misses) => {
    expect(earliestDelivery(candidate, at(now), [])).toBe(earliest);
    expect(missesPromise(candidate, at(now), [])).toBe(misses);
  });

  it('counts the days staff closed the shop', () => {
    expect(missesPromise({ ...order, status: 'inProduction' }, at('2026-12-10T15:00:00.000Z'), ['2026-12-16'])).toBe(
      true,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { orderTimeline, type TimelineOrder } from './timeline';

const placed: TimelineOrder = {
  status: 'processing',
  installation: false,
  createdAt: '2026-12-01T15:00:00.000Z',
  productionStartedAt: null,
  readyToShipAt: null,
  shipment: null,
  deliveredAt: null,
  installedAt: null,
  estimate: { shipsBy: '2026-12-11', deliveredBy: '2026-12-16' },
};

const brief = (order: TimelineOrder) =>
  orderTimeline(order)?.map(({ stage, state, at, expectedBy }) => [stage, state, at ?? expectedBy]);

describe('orderTimeline', () => {
  it('shows a placed order with each stage to come and its promised date', () => {
    expect(brief(placed)).toEqual([
      ['placed', 'current', '2026-12-01T15:00:00.000Z'],
      ['inProduction', 'expected', null],
      ['readyToShip', 'expected', '2026-12-11'],
      ['shipped', 'expected', '2026-12-11'],
      ['delivered', 'expected', '2026-12-16'],
    ]);
  });

  it('dates each stage reached, and adds installation only where it was bought', () => {
    const installing: TimelineOrder = {
      ...placed,
      status: 'shipped',
      installation: true,
      productionStartedAt: '2026-12-02T14:00:00.000Z',
      readyToShipAt: '2026-12-09T20:00:00.000Z',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999',
        trackingUrl: null,
        shippedAt: '2026-12-10T16:00:00.000Z',
      },
    };
    expect(brief(installing)).toEqual([
      ['placed', 'done', '2026-12-01T15:00:00.000Z'],
      ['inProduction', 'done', '2026-12-02T14:00:00.000Z'],
      ['readyToShip', 'done', '2026-12-09T20:00:00.000Z'],
      ['shipped', 'current', '2026-12-10T16:00:00.000Z'],
      ['delivered', 'expected', '2026-12-16'],
      ['installed', 'expected', null],
    ]);
  });

  it('shows a stage passed without a recorded move as done with no date (an order shipped from processing)', () => {
    const shippedDirectly: TimelineOrder = {
      ...placed,
      status: 'delivered',
      shipment: { carrier: 'UPS', trackingNumber: '1Z', trackingUrl: null, shippedAt: '2026-12-03T16:00:00.000Z' },
      deliveredAt: '2026-12-07T16:00:00.000Z',
    };
    expect(brief(shippedDirectly)?.slice(1, 3)).toEqual([
      ['inProduction', 'done', null],
      ['readyToShip', 'done', null],
    ]);
  });

  it('has no timeline for a cancelled order, and no promised dates for an order placed before the shop promised them', () => {
    expect(orderTimeline({ ...placed, status: 'cancelled' })).toBeNull();
    expect(orderTimeline({ ...placed, estimate: null })?.every((step) => step.expectedBy === null)).toBe(true);
  });
});

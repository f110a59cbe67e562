import { describe, expect, it } from 'vitest';
import { METRIC_OF_EVENT, metricsCountedBy } from './business-metrics';
import { eventCatalog } from './catalog';

describe('business metrics', () => {
  it('counts only events the catalogue declares', () => {
    const declared = eventCatalog.map((event) => event.name);
    for (const eventName of Object.keys(METRIC_OF_EVENT)) expect(declared).toContain(eventName);
  });

  it("counts a punch-out order's OrderPlaced as an order placed and a punch-out order; any other event once", () => {
    expect(metricsCountedBy('OrderPlaced', { purchaseOrder: { orderId: 'PO-1' } })).toEqual([
      'OrdersPlaced',
      'PunchoutOrders',
    ]);
    expect(metricsCountedBy('OrderPlaced', { purchaseOrder: null })).toEqual(['OrdersPlaced']);
    expect(metricsCountedBy('OrderPaid', { purchaseOrder: { orderId: 'PO-1' } })).toEqual(['OrdersPaid']);
  });
});

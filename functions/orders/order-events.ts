/** What the order events carry of an order (events/catalog.ts): the order as placed, so no consumer needs a read. */
import { invoiceObjectKey, type Order } from '#domain/orders/order';

/**
 * The most an order event carries of its lines (their JSON): about 130 lines, leaving the event's
 * 200 KB for a purchase order, its price review and the rest. A larger order's events carry none.
 */
export const EVENT_LINES_MAX_BYTES = 96 * 1024;

export function orderSnapshotOf(order: Order) {
  const linesIncluded = Buffer.byteLength(JSON.stringify(order.lines)) <= EVENT_LINES_MAX_BYTES;
  return {
    orderId: order.id,
    channel: order.channel,
    orderNumber: order.orderNumber,
    clientId: order.clientId,
    customer: order.customer,
    lines: linesIncluded ? order.lines : [],
    linesIncluded,
    samples: order.samples,
    totals: order.totals,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    installation: order.installation,
    notes: order.notes,
    placedAt: order.createdAt,
    invoiceKey: invoiceObjectKey(order.id),
  };
}

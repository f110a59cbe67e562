/** What the order events carry of an order (events/catalog.ts): the order as placed, so no consumer needs a read. */
import { invoiceObjectKey, type Order } from '#domain/orders/order';

export function orderSnapshotOf(order: Order) {
  return {
    orderId: order.id,
    channel: order.channel,
    orderNumber: order.orderNumber,
    clientId: order.clientId,
    customer: order.customer,
    lines: order.lines,
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

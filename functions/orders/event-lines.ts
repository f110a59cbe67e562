/** The lines (and a purchase order's items) of an order event that was too large to carry them (order-events.ts): read from the order. */
import type { OrderLine } from '#domain/orders/order';
import type { PriceReview, PurchaseOrder } from '#domain/punchout/purchase-order';
import { readOrder } from './order-store';

/** The event's detail with its order's lines: its own, or the order's as stored when the event carries none. */
export async function withOrderLines<D extends { orderId: string; lines: OrderLine[]; linesIncluded: boolean }>(
  detail: D,
): Promise<D> {
  if (detail.linesIncluded) return detail;
  const { order } = await orderOfEvent(detail.orderId);
  return { ...detail, lines: order.lines, linesIncluded: true };
}

/**
 * A punch-out order's OrderPlaced with every line, purchase order item and price issue: its own, or
 * the order's as stored (one read) when the event was too large to carry them (order-events.ts).
 */
export async function withWholePurchaseOrder<
  D extends {
    orderId: string;
    lines: OrderLine[];
    linesIncluded: boolean;
    purchaseOrder: PurchaseOrder | null;
    priceReview: PriceReview | null;
    purchaseOrderItemsIncluded: boolean;
  },
>(detail: D): Promise<D> {
  if (detail.linesIncluded && detail.purchaseOrderItemsIncluded) return detail;
  const { order } = await orderOfEvent(detail.orderId);
  return {
    ...detail,
    lines: order.lines,
    linesIncluded: true,
    ...(detail.purchaseOrderItemsIncluded
      ? {}
      : { purchaseOrder: order.purchaseOrder, priceReview: order.priceReview, purchaseOrderItemsIncluded: true }),
  };
}

async function orderOfEvent(orderId: string) {
  const found = await readOrder(orderId);
  // The event is published only once its order is committed: a missing order is a fault to retry, not to skip.
  if (!found) throw new Error(`The order ${orderId} of an order event was not found`);
  return found;
}

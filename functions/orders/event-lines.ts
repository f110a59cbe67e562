/** The lines of an order event that was too large to carry them (orderSnapshotOf): read from the order. */
import type { OrderLine } from '#domain/orders/order';
import { readOrder } from './order-store';

/** The event's detail with its order's lines: its own, or the order's as stored when the event carries none. */
export async function withOrderLines<D extends { orderId: string; lines: OrderLine[]; linesIncluded: boolean }>(
  detail: D,
): Promise<D> {
  if (detail.linesIncluded) return detail;
  const found = await readOrder(detail.orderId);
  // The event is published only once its order is committed: a missing order is a fault to retry, not to skip.
  if (!found) throw new Error(`The order ${detail.orderId} of an order event was not found`);
  return { ...detail, lines: found.order.lines, linesIncluded: true };
}

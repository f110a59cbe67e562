/**
 * On OrderPaid (and OrderPlaced of an order on account): each window whose window order added a line of the paid order records that line's
 * blind as what it was last ordered with (its configuration and room label, the order and when it
 * was paid), for "Order again" at unit turnover. The cart line's id is the blind's and the room
 * label's, so the order's lines find their windows through the windows' cart lines remembered at
 * the add (property-store.ts), all read in one Query: a client who never ordered windows costs one
 * empty read. A redelivered or late event changes nothing (recordLastOrder keeps a later payment's).
 */
import { OrderPaid, OrderPlaced } from '#events/orders';
import type { OrderLine } from '#domain/orders/order';
import { consumer } from '../lib/event-consumer';
import { withOrderLines } from '../orders/event-lines';
import { recordLastOrder, windowLinesOf } from './property-store';

/** Windows recorded at once. */
const WINDOWS_AT_ONCE = 16;

interface OrderedFrom {
  orderId: string;
  orderNumber: string;
  clientId: string;
  lines: OrderLine[];
  linesIncluded: boolean;
}

/** Records the order's blinds on the windows they were ordered for, as ordered `at` (paid, or placed on account). */
async function recordWindowsOrdered(ordered: OrderedFrom, at: string): Promise<void> {
  const windowLines = await windowLinesOf(ordered.clientId, new Date());
  if (windowLines.size === 0) return;
  const order = await withOrderLines(ordered);
  const records = order.lines.flatMap((line) =>
    (windowLines.get(line.lineId) ?? []).map((window) => ({ window, line })),
  );
  for (let start = 0; start < records.length; start += WINDOWS_AT_ONCE) {
    await Promise.all(
      records.slice(start, start + WINDOWS_AT_ONCE).map(({ window, line }) =>
        recordLastOrder(order.clientId, window.propertyId, window.windowId, {
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          paidAt: at,
          configuration: { ...line.configuration, quantity: 1 },
          roomLabel: line.roomLabel,
        }),
      ),
    );
  }
}

export const handler = consumer(OrderPaid, 'RecordWindowsOrdered', (paid) => recordWindowsOrdered(paid, paid.paidAt), {
  onceFor: (order) => order.orderId,
});

/** An order placed on account is never paid through OrderPaid: its windows are recorded as of its placing. */
export const onAccountOrder = consumer(
  OrderPlaced,
  'RecordWindowsOrderedOnAccount',
  async (placed) => {
    if (placed.channel === 'account') await recordWindowsOrdered(placed, placed.placedAt);
  },
  { onceFor: (order) => order.orderId },
);

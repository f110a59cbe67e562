/**
 * On OrderPaid: each window whose window order added a line of the paid order records that line's
 * blind as what it was last ordered with (its configuration and room label, the order and when it
 * was paid), for "Order again" at unit turnover. The cart line's id is the blind's and the room
 * label's, so the order's lines find their windows through the windows' cart lines remembered at
 * the add (property-store.ts), all read in one Query: a client who never ordered windows costs one
 * empty read. A redelivered or late event changes nothing (recordLastOrder keeps a later payment's).
 */
import { OrderPaid } from '#events/catalog';
import { consumer } from '../lib/events';
import { withOrderLines } from '../orders/event-lines';
import { recordLastOrder, windowLinesOf } from './property-store';

/** Windows recorded at once. */
const WINDOWS_AT_ONCE = 16;

export const handler = consumer(
  OrderPaid,
  'RecordWindowsOrdered',
  async (paid) => {
    const windowLines = await windowLinesOf(paid.clientId, new Date());
    if (windowLines.size === 0) return;
    const order = await withOrderLines(paid);
    const records = order.lines.flatMap((line) =>
      (windowLines.get(line.lineId) ?? []).map((window) => ({ window, line })),
    );
    for (let start = 0; start < records.length; start += WINDOWS_AT_ONCE) {
      await Promise.all(
        records.slice(start, start + WINDOWS_AT_ONCE).map(({ window, line }) =>
          recordLastOrder(order.clientId, window.propertyId, window.windowId, {
            orderId: order.orderId,
            orderNumber: order.orderNumber,
            paidAt: order.paidAt,
            configuration: { ...line.configuration, quantity: 1 },
            roomLabel: line.roomLabel,
          }),
        ),
      );
    }
  },
  { onceFor: (order) => order.orderId },
);

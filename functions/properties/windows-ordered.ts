/**
 * On OrderPaid: each window whose window order added a line of the paid order records that line's
 * blind as what it was last ordered with (its configuration and room label, the order and when it
 * was paid), for "Order again" at unit turnover. The cart line's id is the blind's and the room
 * label's, so the order's lines find their windows through the windows' cart lines remembered at
 * the add (property-store.ts). A redelivered or late event changes nothing (recordLastOrder keeps
 * a later payment's).
 */
import { OrderPaid } from '#events/catalog';
import { consumer } from '../lib/events';
import { withOrderLines } from '../orders/event-lines';
import { recordLastOrder, windowsOfLine } from './property-store';

/** Lines looked up at once: each is one Query of the client's partition. */
const LINES_AT_ONCE = 8;

export const handler = consumer(
  OrderPaid,
  'RecordWindowsOrdered',
  async (paid) => {
    const order = await withOrderLines(paid);
    const now = new Date();
    for (let start = 0; start < order.lines.length; start += LINES_AT_ONCE) {
      await Promise.all(
        order.lines.slice(start, start + LINES_AT_ONCE).map(async (line) => {
          const windows = await windowsOfLine(order.clientId, line.lineId, now);
          await Promise.all(
            windows.map((window) =>
              recordLastOrder(order.clientId, window.propertyId, window.windowId, {
                orderId: order.orderId,
                orderNumber: order.orderNumber,
                paidAt: order.paidAt,
                configuration: { ...line.configuration, quantity: 1 },
                roomLabel: line.roomLabel,
              }),
            ),
          );
        }),
      );
    }
  },
  { onceFor: (order) => order.orderId },
);

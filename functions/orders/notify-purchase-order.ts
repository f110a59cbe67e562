import type { EventDetail } from '#events/declaration';
import { OrderPlaced } from '#events/orders';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { withWholePurchaseOrder } from './event-lines';
import { purchaseOrderConfirmationMail, purchaseOrderStaffMail, type PlacedPurchaseOrder } from './notify-order-mails';

/** A punch-out order's OrderPlaced with every line and purchase order item (read from the order when it carried none); null for a card order. */
async function wholePurchaseOrder(placed: EventDetail<typeof OrderPlaced>): Promise<PlacedPurchaseOrder | null> {
  if (placed.channel !== 'punchout' || !placed.purchaseOrder) return null;
  const whole = await withWholePurchaseOrder(placed);
  return whole.purchaseOrder && { ...whole, purchaseOrder: whole.purchaseOrder };
}

/**
 * On OrderPlaced of a punch-out order (a card order is mailed when it is paid, OrderPaid): the
 * buyer's acknowledgement and the staff notice with its price review, each once per order.
 */
export const sendConfirmation = consumer(
  OrderPlaced,
  'SendPurchaseOrderConfirmation',
  async (order) => {
    const whole = await wholePurchaseOrder(order);
    if (whole) await sendMail(purchaseOrderConfirmationMail(whole, config().SITE_URL));
  },
  { onceFor: (order) => order.orderId },
);

export const notifyStaff = consumer(
  OrderPlaced,
  'NotifyStaffOfPurchaseOrder',
  async (order) => {
    const whole = await wholePurchaseOrder(order);
    if (whole) await sendMail(purchaseOrderStaffMail(whole, config().SITE_URL, config().STAFF_EMAIL));
  },
  { onceFor: (order) => order.orderId },
);

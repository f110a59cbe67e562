import { OrderPlaced } from '#events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { sendMail } from '../lib/mail';
import { withOrderLines } from './event-lines';
import { purchaseOrderConfirmationMail, purchaseOrderStaffMail } from './notify-order-mails';

/**
 * On OrderPlaced of a punch-out order (a card order is mailed when it is paid, OrderPaid): the
 * buyer's acknowledgement and the staff notice with its price review, each once per order.
 */
export const sendConfirmation = consumer(
  OrderPlaced,
  'SendPurchaseOrderConfirmation',
  async (order) => {
    if (order.channel !== 'punchout' || !order.purchaseOrder) return;
    const withLines = await withOrderLines(order);
    await sendMail(
      purchaseOrderConfirmationMail({ ...withLines, purchaseOrder: order.purchaseOrder }, config().SITE_URL),
    );
  },
  { onceFor: (order) => order.orderId },
);

export const notifyStaff = consumer(
  OrderPlaced,
  'NotifyStaffOfPurchaseOrder',
  async (order) => {
    if (order.channel !== 'punchout' || !order.purchaseOrder) return;
    const withLines = await withOrderLines(order);
    await sendMail(
      purchaseOrderStaffMail(
        { ...withLines, purchaseOrder: order.purchaseOrder },
        config().SITE_URL,
        config().STAFF_EMAIL,
      ),
    );
  },
  { onceFor: (order) => order.orderId },
);

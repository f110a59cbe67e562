import { OrderPaid } from '#events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { withOrderLines } from './event-lines';
import { orderConfirmationMail, paidOrderStaffMail } from './notify-order-mails';

/**
 * On OrderPaid, two consumers so that each mail is sent once even when the other fails and is
 * retried: the customer's confirmation and the staff notice. Once per order, however many times
 * the event is delivered or published.
 */
export const sendConfirmation = consumer(
  OrderPaid,
  'SendOrderConfirmation',
  async (order) => {
    await sendMail(orderConfirmationMail(await withOrderLines(order), config().SITE_URL));
  },
  { onceFor: (order) => order.orderId },
);

export const notifyStaff = consumer(
  OrderPaid,
  'NotifyStaffOfPaidOrder',
  async (order) => {
    await sendMail(paidOrderStaffMail(await withOrderLines(order), config().SITE_URL, config().STAFF_EMAIL));
  },
  { onceFor: (order) => order.orderId },
);

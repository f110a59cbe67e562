import { OrderPaid } from '#events/orders';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { installationVisitOf } from '../appointments/installation-store';
import { installationManageUrl } from '../appointments/token';
import { withOrderLines } from './event-lines';
import { orderConfirmationMail, paidOrderStaffMail, type ConfirmedInstallation } from './notify-order-mails';

/** The visit of an order that bought installation, with its signed link; null for an order without. */
export async function confirmedInstallationOf(order: {
  orderId: string;
  installation: boolean;
}): Promise<ConfirmedInstallation | null> {
  if (!order.installation) return null;
  return {
    visit: await installationVisitOf({ id: order.orderId, installation: true }),
    manageUrl: installationManageUrl(order.orderId),
  };
}

/**
 * On OrderPaid, two consumers so that each mail is sent once even when the other fails and is
 * retried: the customer's confirmation and the staff notice. Once per order, however many times
 * the event is delivered or published.
 */
export const sendConfirmation = consumer(
  OrderPaid,
  'SendOrderConfirmation',
  async (order) => {
    await sendMail(
      orderConfirmationMail(await withOrderLines(order), config().SITE_URL, await confirmedInstallationOf(order)),
    );
  },
  { onceFor: (order) => order.orderId },
);

export const notifyStaff = consumer(
  OrderPaid,
  'NotifyStaffOfPaidOrder',
  async (order) => {
    await sendMail(
      paidOrderStaffMail(
        await withOrderLines(order),
        config().SITE_URL,
        config().STAFF_EMAIL,
        await confirmedInstallationOf(order),
      ),
    );
  },
  { onceFor: (order) => order.orderId },
);

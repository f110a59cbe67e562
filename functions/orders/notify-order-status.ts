import { statusMailAllowed } from '#domain/orders/notifications';
import { OrderStatusChanged } from '#events/orders';
import { readClientProfile } from '../accounts/client-store';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { withOrderLines } from './event-lines';
import { orderStatusMail } from './order-status-mails';

/**
 * On OrderStatusChanged: the customer hears that their order shipped, was delivered or was
 * cancelled, if their Notification Preferences allow that kind of mail (read when the event
 * arrives; no profile means yes). An order reaches each status once, so once per order and status.
 */
export const handler = consumer(
  OrderStatusChanged,
  'NotifyCustomerOfOrderStatus',
  async (change) => {
    const mail = orderStatusMail(await withOrderLines(change), config().SITE_URL);
    if (!mail) return;
    const profile = await readClientProfile(change.clientId);
    if (!statusMailAllowed(change.to, profile?.notificationPreferences)) return;
    await sendMail(mail);
  },
  { onceFor: (change) => `${change.orderId}#${change.to}` },
);

import { lineMailAllowed } from '#domain/orders/notifications';
import { OrderLineChanged } from '#events/orders';
import { readClientProfile } from '../accounts/client-store';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { orderLineMail } from './order-status-mails';

/**
 * On OrderLineChanged: the customer hears what happened to one line of their order (and of the
 * money its cancel gives back), if their "Order updates by email" preference allows (read when the
 * event arrives; no profile means yes). Once per event (a line may be backordered twice).
 */
export const handler = consumer(OrderLineChanged, 'NotifyCustomerOfLineChange', async (change) => {
  const profile = await readClientProfile(change.clientId);
  if (!lineMailAllowed(profile?.notificationPreferences)) return;
  await sendMail(orderLineMail(change, config().SITE_URL));
});

/**
 * On OrderStatusChanged to cancelled of an order placed on account: the credit it held goes back to
 * its client's account (releaseCreditHold, once however often the event comes). Withdrawn terms keep
 * their holds until each order is paid or cancelled, so this runs whatever the terms are now.
 */
import { OrderStatusChanged } from '#events/orders';
import { consumer } from '../lib/event-consumer';
import { releaseCreditHold } from './credit-store';

export const handler = consumer(OrderStatusChanged, 'ReleaseCreditHoldOnCancel', async (change) => {
  if (change.channel === 'account' && change.to === 'cancelled')
    await releaseCreditHold(change.clientId, change.orderId);
});

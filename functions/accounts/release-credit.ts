/**
 * The credit an order on account holds goes back to its client's account: all of it when the order
 * is cancelled (releaseCreditHold), a line's share when staff cancel that line (releaseLineCredit),
 * each once however often the event comes. Withdrawn terms keep their holds until each order is paid
 * or cancelled, so these run whatever the terms are now.
 */
import { OrderLineChanged, OrderStatusChanged } from '#events/orders';
import { consumer } from '../lib/event-consumer';
import { releaseCreditHold, releaseLineCredit } from './credit-store';

export const handler = consumer(OrderStatusChanged, 'ReleaseCreditHoldOnCancel', async (change) => {
  if (change.channel === 'account' && change.to === 'cancelled')
    await releaseCreditHold(change.clientId, change.orderId);
});

/** On OrderLineChanged to cancelled of an order on account: the credited share stops holding credit. */
export const releaseOnLineCancel = consumer(OrderLineChanged, 'ReleaseLineCreditOnCancel', async (change) => {
  if (change.channel === 'account' && change.to === 'cancelled' && change.giveBack === 'credit')
    await releaseLineCredit(change.clientId, change.orderId, change.line.position, change.amountCents);
});

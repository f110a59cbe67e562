/**
 * On OrderPlaced of an order placed on account (issue 28): it is not paid, so OrderPaid never comes
 * and these consumers do what OrderPaid's do for a card order. Its start (the cart emptied, its
 * samples requested) once, should the placing request have stopped before it ran it; the buyer's
 * confirmation and the staff notice, each once per order. Other channels are left alone: a card
 * order is mailed when paid, a punch-out order by notify-purchase-order.ts.
 */
import type { EventDetail } from '#events/declaration';
import { OrderPlaced } from '#events/orders';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { sendMail } from '../lib/mail';
import { startAccountOrder } from './after-payment';
import { withOrderLines } from './event-lines';
import { confirmedInstallationOf } from './notify-order-paid';
import { accountOrderConfirmationMail, accountOrderStaffMail, type PlacedAccountOrder } from './notify-order-mails';

/** The event's order with every line, if it was placed on account; null for any other. */
async function placedOnAccount(placed: EventDetail<typeof OrderPlaced>): Promise<PlacedAccountOrder | null> {
  if (placed.channel !== 'account' || !placed.poNumber || !placed.paymentTerms) return null;
  const whole = await withOrderLines(placed);
  return { ...whole, poNumber: placed.poNumber, paymentTerms: placed.paymentTerms };
}

export const startOrder = consumer(
  OrderPlaced,
  'StartAccountOrder',
  async (placed) => {
    if (placed.channel === 'account') await startAccountOrder(placed.orderId, new Date());
  },
  { onceFor: (placed) => placed.orderId },
);

export const sendConfirmation = consumer(
  OrderPlaced,
  'SendAccountOrderConfirmation',
  async (placed) => {
    const order = await placedOnAccount(placed);
    if (order)
      await sendMail(accountOrderConfirmationMail(order, config().SITE_URL, await confirmedInstallationOf(placed)));
  },
  { onceFor: (placed) => placed.orderId },
);

export const notifyStaff = consumer(
  OrderPlaced,
  'NotifyStaffOfAccountOrder',
  async (placed) => {
    const order = await placedOnAccount(placed);
    if (order)
      await sendMail(
        accountOrderStaffMail(order, config().SITE_URL, config().STAFF_EMAIL, await confirmedInstallationOf(placed)),
      );
  },
  { onceFor: (placed) => placed.orderId },
);

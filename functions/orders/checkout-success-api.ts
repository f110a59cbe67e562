/** The checkout's success page's look-up of the order by its checkout session (customer). */
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { checkoutSessionIdSchema } from '#domain/orders/requests';
import { orderDetailOf } from '#domain/orders/views';
import { installationVisitOf } from '../appointments/installation-store';
import { authorizedCaller } from '../lib/caller';
import { httpHandler, HttpError, json } from '../lib/http';
import { invoiceUrlOf } from './invoice-link';
import { orderIdByCheckoutSession } from './order-lookup-store';
import { orderRecordOf, readOrder } from './order-store';

/**
 * GET /api/checkout/sessions/{checkoutSessionId}: the success page's order, read only (the webhook
 * alone moves it). Anyone but the order's owner gets the same 404 as for an unknown session.
 */
export const getOrderByCheckoutSession = httpHandler(async (event) => {
  const clientId = authorizedCaller(event).userId;
  const checkoutSessionId = checkoutSessionIdSchema.safeParse(event.pathParameters?.checkoutSessionId);
  const orderId = checkoutSessionId.success ? await orderIdByCheckoutSession(checkoutSessionId.data) : undefined;
  const found = orderId ? await readOrder(orderId) : undefined;
  if (!found || found.order.clientId !== clientId) throw new HttpError(404, ORDER_MESSAGES.notFound);
  return json(
    200,
    orderDetailOf(orderRecordOf(found.order), await invoiceUrlOf(found.order), await installationVisitOf(found.order)),
  );
});

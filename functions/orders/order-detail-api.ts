/**
 * One order of a signed-in client with its invoice (My Account's order details and the invoice
 * download): the routes that link the invoice PDF, apart from the others so only they carry the
 * storage client.
 */
import { ORDER_MESSAGES } from '#domain/orders/order';
import { orderDetailOf } from '#domain/orders/views';
import { httpHandler, HttpError, json } from '../lib/http';
import { installationVisitOf } from '../appointments/installation-store';
import { invoiceLinkOf, invoiceUrlOf } from './invoice-link';
import { orderRecordOf } from './order-store';
import { callersOrder } from './callers-order';

/** GET /api/orders/{orderId} */
export const getMyOrder = httpHandler(async (event) => {
  const order = await callersOrder(event);
  return json(200, orderDetailOf(orderRecordOf(order), await invoiceUrlOf(order), await installationVisitOf(order)));
});

/** GET /api/orders/{orderId}/invoice: a download link once the invoice exists. */
export const getMyInvoice = httpHandler(async (event) => {
  const link = await invoiceLinkOf(await callersOrder(event));
  if (!link) throw new HttpError(404, ORDER_MESSAGES.invoiceNotReady);
  return json(200, link);
});

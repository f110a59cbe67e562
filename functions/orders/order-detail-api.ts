/**
 * One order of a signed-in client with its invoice (My Account's order details and the invoice
 * download): the routes that link the invoice PDF, apart from the others so only they carry the
 * storage client.
 */
import { customerMayBookInstallation } from '#domain/appointments/installation';
import { installationBooked } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { orderDetailOf } from '#domain/orders/views';
import { httpHandler, HttpError, json } from '../lib/http';
import { installationVisitOf } from '../appointments/installation-store';
import { installationManagePath } from '../appointments/token';
import { invoiceLinkOf, invoiceUrlOf } from './invoice-link';
import { orderRecordOf } from './order-store';
import { callersOrder } from './callers-order';

/**
 * GET /api/orders/{orderId}: with the page that books or moves its installation visit (the mailed
 * link's), while the order is bought and the visit can still be booked, so My Account offers it.
 */
export const getMyOrder = httpHandler(async (event) => {
  const order = await callersOrder(event);
  const visit = await installationVisitOf(order);
  const managePath =
    visit && installationBooked(order) && customerMayBookInstallation(visit.status)
      ? installationManagePath(order.id)
      : null;
  return json(200, orderDetailOf(orderRecordOf(order), await invoiceUrlOf(order), visit, managePath));
});

/** GET /api/orders/{orderId}/invoice: a download link once the invoice exists. */
export const getMyInvoice = httpHandler(async (event) => {
  const link = await invoiceLinkOf(await callersOrder(event));
  if (!link) throw new HttpError(404, ORDER_MESSAGES.invoiceNotReady);
  return json(200, link);
});

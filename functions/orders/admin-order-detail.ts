/**
 * One order for staff: with its history, its staff named from the user pool and its invoice link
 * (GET /api/admin/orders/{orderId}, and the answer of moving one order).
 */
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { orderIdSchema } from '#domain/orders/requests';
import { adminOrderDetailOf } from '#domain/orders/views';
import { httpHandler, HttpError, json, type HttpEvent } from '../lib/http';
import { staffNamesOf } from '../lib/staff-names';
import { invoiceUrlOf } from './invoice-link';
import { orderRecordOf, readOrder } from './order-store';

export async function orderOfPath(event: HttpEvent) {
  const orderId = orderIdSchema.safeParse(event.pathParameters?.orderId);
  const found = orderId.success ? await readOrder(orderId.data) : undefined;
  if (!found) throw new HttpError(404, ORDER_MESSAGES.notFound);
  return found;
}

export async function detailOf(orderId: string) {
  const { order, history } = (await readOrder(orderId))!;
  const [invoiceUrl, staffNames] = await Promise.all([
    invoiceUrlOf(order),
    staffNamesOf(history.flatMap(({ actor }) => (actor.kind === 'staff' && actor.id ? [actor.id] : []))),
  ]);
  return adminOrderDetailOf(orderRecordOf(order), history, invoiceUrl, staffNames);
}

/** GET /api/admin/orders/{orderId} */
export const getOrder = httpHandler(async (event) => {
  const { order } = await orderOfPath(event);
  return json(200, await detailOf(order.id));
});

/** The order of the path, reached by its owner alone (decision 0039). */
import { checkoutAbandoned } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { orderIdSchema } from '#domain/orders/requests';
import { authorizedCaller } from '../lib/caller';
import { HttpError, type HttpEvent } from '../lib/http';
import { readOrder, type StoredOrder } from './order-store';

/** The caller's order of the path, or 404 (an abandoned checkout too). */
export async function callersOrder(event: HttpEvent): Promise<StoredOrder> {
  const clientId = authorizedCaller(event).userId;
  const orderId = orderIdSchema.safeParse(event.pathParameters?.orderId);
  const found = orderId.success ? await readOrder(orderId.data) : undefined;
  if (!found || found.order.clientId !== clientId || checkoutAbandoned(found.order))
    throw new HttpError(404, ORDER_MESSAGES.notFound);
  return found.order;
}

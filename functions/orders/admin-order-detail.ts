/**
 * One order for staff: with its history, its staff named from the user pool and its invoice link
 * (GET /api/admin/orders/{orderId}, and the answer of moving one order).
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ORDER_MESSAGES, orderIdSchema, type OrderHistoryEntry } from '#domain/orders/order';
import { adminOrderDetailOf } from '#domain/orders/views';
import { userPoolClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { httpHandler, HttpError, json, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { invoiceUrlOf } from './invoice-link';
import { orderRecordOf, readOrder } from './order-store';

export async function orderOfPath(event: HttpEvent) {
  const orderId = orderIdSchema.safeParse(event.pathParameters?.orderId);
  const found = orderId.success ? await readOrder(orderId.data) : undefined;
  if (!found) throw new HttpError(404, ORDER_MESSAGES.notFound);
  return found;
}

/**
 * The staff members who acted in a history, by name (given and family name, else e-mail) from the
 * user pool, one read each; one that cannot be read stays unnamed, and the page says Staff.
 */
async function staffNamesOf(history: OrderHistoryEntry[]): Promise<Map<string, string>> {
  const ids = new Set(history.flatMap(({ actor }) => (actor.kind === 'staff' && actor.id ? [actor.id] : [])));
  const named = await Promise.all(
    [...ids].map(async (id): Promise<[string, string]> => {
      try {
        const user = await userPoolClient().send(
          new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: id }),
        );
        const attribute = (name: string) =>
          user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value?.trim() ?? '';
        return [
          id,
          [attribute('given_name'), attribute('family_name')].filter(Boolean).join(' ') || attribute('email'),
        ];
      } catch (error) {
        logger.warn('Could not read a staff member named in an order history', { error: error as Error, staffId: id });
        return [id, ''];
      }
    }),
  );
  return new Map(named.filter(([, name]) => name !== ''));
}

export async function detailOf(orderId: string) {
  const { order, history } = (await readOrder(orderId))!;
  const [invoiceUrl, staffNames] = await Promise.all([invoiceUrlOf(order), staffNamesOf(history)]);
  return adminOrderDetailOf(orderRecordOf(order), history, invoiceUrl, staffNames);
}

/** GET /api/admin/orders/{orderId} */
export const getOrder = httpHandler(async (event) => {
  const { order } = await orderOfPath(event);
  return json(200, await detailOf(order.id));
});

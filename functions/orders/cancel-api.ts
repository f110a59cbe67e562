/**
 * The customer's Cancel, in a module of its own: it refunds through Stripe, which the order
 * history and tracking routes need not carry (issue 31).
 */
import { decideCustomerCancel } from '#domain/orders/lifecycle';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { customerCancelRequestSchema } from '#domain/orders/requests';
import { orderDetailOf } from '#domain/orders/views';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { expireCheckoutSession } from './checkout-session';
import { invoiceUrlOf } from './invoice-link';
import { moveOrder } from './order-moves';
import { callersOrder } from './callers-order';
import { orderRecordOf, readOrder } from './order-store';
import { refundCancelledOrder } from './refunds';

/**
 * POST /api/orders/{orderId}/cancel: the customer cancels their order until it is in production
 * (decideCustomerCancel; 409 with why not after), by the same conditional move as staff's, and a
 * paid card order is refunded as a staff cancel refunds it. When the provider refuses the refund
 * the order stays cancelled with its payment still paid, which staff see and refund with Cancel.
 */
export const cancelMyOrder = httpHandler(async (event) => {
  const request = parseBody(event, customerCancelRequestSchema);
  const order = await callersOrder(event);
  const decision = decideCustomerCancel(order);
  if (!decision.ok) throw new HttpError(409, decision.reason);
  const now = new Date();
  const actor = { kind: 'customer', id: order.clientId } as const;
  const cancelled = await moveOrder(order, 'customerCancel', request, actor, now);
  if (!cancelled) throw new HttpError(409, ORDER_MESSAGES.customerChangedMeanwhile);
  if (cancelled.paymentStatus === 'pending' && cancelled.checkoutSessionId)
    await expireCheckoutSession(cancelled.checkoutSessionId, cancelled.id);
  if (decision.refund) {
    try {
      await refundCancelledOrder(cancelled, actor, now);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 502)
        throw new HttpError(502, ORDER_MESSAGES.customerRefundFailed);
      throw error;
    }
  }
  const { order: current } = (await readOrder(order.id))!;
  return json(200, orderDetailOf(orderRecordOf(current), await invoiceUrlOf(current)));
});

/**
 * Which of the client's Notification Preferences allows each mail about an order's status: shipped
 * and delivered are shipping updates ("Shipping updates by email"), a cancellation (with its
 * refund) an order update ("Order updates by email"). Processing has no status mail: the payment
 * confirmation says it. A client without a preference record gets them.
 */
import type { NotificationPreferences } from '../accounts/client';
import type { OrderStatus } from './order';

export const STATUS_MAIL_PREFERENCE: Record<OrderStatus, keyof NotificationPreferences | null> = {
  pending: null,
  processing: null,
  shipped: 'emailShipping',
  delivered: 'emailShipping',
  cancelled: 'emailOrders',
};

export function statusMailAllowed(status: OrderStatus, preferences: NotificationPreferences | undefined): boolean {
  const preference = STATUS_MAIL_PREFERENCE[status];
  return preference !== null && (preferences?.[preference] ?? true);
}

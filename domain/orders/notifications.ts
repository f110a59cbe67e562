/**
 * Which of the client's Notification Preferences allows each mail about an order's status: ready
 * to ship, shipped and delivered are shipping updates ("Shipping updates by email"); production
 * starting, installation done and a cancellation (with its refund) are order updates ("Order
 * updates by email"). Processing has no status mail: the payment confirmation says it. A client
 * without a preference record gets them.
 */
import type { NotificationPreferences } from '../accounts/client';
import type { OrderStatus } from './statuses';

export const STATUS_MAIL_PREFERENCE: Record<OrderStatus, keyof NotificationPreferences | null> = {
  pending: null,
  processing: null,
  inProduction: 'emailOrders',
  readyToShip: 'emailShipping',
  shipped: 'emailShipping',
  delivered: 'emailShipping',
  installed: 'emailOrders',
  cancelled: 'emailOrders',
};

export function statusMailAllowed(status: OrderStatus, preferences: NotificationPreferences | undefined): boolean {
  const preference = STATUS_MAIL_PREFERENCE[status];
  return preference !== null && (preferences?.[preference] ?? true);
}

/** A line of the order backordered, remade, resumed or cancelled (with its refund): an order update. */
export function lineMailAllowed(preferences: NotificationPreferences | undefined): boolean {
  return preferences?.emailOrders ?? true;
}

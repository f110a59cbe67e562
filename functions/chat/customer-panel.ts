/**
 * Beside the thread, for staff: what a signed-in customer is looking at (their cart with its lines
 * and totals, their recent orders, their properties), read through the stores that own them and
 * changing nothing. A visitor's chat has nothing to show.
 */
import { PANEL_RECENT_ORDERS, type ChatCustomerPanel } from '#domain/chat/api';
import { orderSummaryOf } from '#domain/orders/views';
import { readClientProfile } from '../accounts/client-store';
import { clientPriceListInEffect } from '../accounts/price-list-store';
import { cartView } from '../cart/cart-api';
import { activeCartOfClient } from '../cart/cart-lifecycle-store';
import { listClientOrders } from '../orders/order-lookup-store';
import { listProperties } from '../properties/property-store';

export async function customerPanelOf(clientId: string | null): Promise<ChatCustomerPanel> {
  if (clientId === null) return { signedIn: false };
  const [profile, priceList, cartId, orders, properties] = await Promise.all([
    readClientProfile(clientId),
    clientPriceListInEffect(clientId, new Date()),
    activeCartOfClient(clientId),
    listClientOrders(clientId),
    listProperties(clientId),
  ]);
  return {
    signedIn: true,
    customer: profile
      ? { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone }
      : null,
    // A client's own cart is matched by the client alone, whatever session it was made in; at their prices.
    cart: cartId
      ? await cartView(cartId, {
          visitor: { sessionId: '', clientId },
          priceList,
          promoCode: undefined,
          billing: 'checkout',
        })
      : null,
    orders: orders.slice(0, PANEL_RECENT_ORDERS).map(orderSummaryOf),
    properties,
  };
}

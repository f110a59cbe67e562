/** What each reader of an order sees of it: the owner, anyone tracking it, staff. Pure mappings. */
import type { InstallationVisitSummary } from '../appointments/installation-choices';
import type { Order, OrderHistoryEntry } from './order';
import type {
  AdminHistoryEntry,
  AdminOrderDetail,
  AdminOrderSummary,
  OrderDetail,
  OrderSummary,
  TrackedOrder,
} from './responses';
import { TRACKING_STATUS_LABELS, UNKNOWN_STATUS_LABEL } from './statuses';

export function orderSummaryOf(order: Order): OrderSummary {
  return {
    id: order.id,
    channel: order.channel,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt,
    totalCents: order.totals.totalCents,
    blindCount: order.totals.blindCount,
    sampleCount: order.samples.length,
  };
}

/** A row of the admin Orders tab; `missesPromise` as promise.ts decides it for today. */
export function adminOrderSummaryOf(order: Order, missesPromise: boolean): AdminOrderSummary {
  return {
    ...orderSummaryOf(order),
    customerName: order.customer.name,
    customerEmail: order.customer.email,
    deliveredBy: order.estimate?.deliveredBy ?? null,
    missesPromise,
  };
}

export function orderDetailOf(
  order: Order,
  invoiceUrl: string | null,
  installationVisit: InstallationVisitSummary | null = null,
  installationManagePath: string | null = null,
): OrderDetail {
  const { clientId: _clientId, ...detail } = order;
  return { ...detail, invoiceUrl, installationVisit, installationManagePath };
}

/** Staff's order: the history's actors named by `actorNames` (an actor id to a name; the order's customer by the name they gave). */
export function adminOrderDetailOf(
  order: Order,
  history: OrderHistoryEntry[],
  invoiceUrl: string | null,
  actorNames: ReadonlyMap<string, string>,
): AdminOrderDetail {
  const actorName = ({ actor }: OrderHistoryEntry) =>
    actor.kind === 'customer' && actor.id === order.clientId
      ? order.customer.name
      : actor.kind === 'staff' && actor.id
        ? (actorNames.get(actor.id) ?? null)
        : null;
  return {
    ...order,
    invoiceUrl,
    history: history.map((entry): AdminHistoryEntry => ({ ...entry, actorName: actorName(entry) })),
  };
}

/** The tracking card: status progress, items, summary, where it goes and how it travels; no billing or payment ids. */
export function trackedOrderOf(order: Order): TrackedOrder {
  return {
    orderNumber: order.orderNumber,
    channel: order.channel,
    status: order.status,
    statusLabel: TRACKING_STATUS_LABELS[order.status] ?? UNKNOWN_STATUS_LABEL,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt,
    lines: order.lines,
    samples: order.samples,
    totals: order.totals,
    shippingAddress: order.shippingAddress,
    installation: order.installation,
    shipment: order.shipment,
    productionStartedAt: order.productionStartedAt,
    readyToShipAt: order.readyToShipAt,
    deliveredAt: order.deliveredAt,
    installedAt: order.installedAt,
    cancelledAt: order.cancelledAt,
    estimate: order.estimate,
  };
}

/** The same answer for a wrong number and a wrong e-mail: the e-mail given must be the order's, compared trimmed and lower-cased. */
export function trackingMatches(order: Pick<Order, 'customer'>, email: string): boolean {
  return order.customer.email.trim().toLowerCase() === email.trim().toLowerCase();
}

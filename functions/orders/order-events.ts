/** What the order events carry of an order (events/catalog.ts): the order as placed, so no consumer needs a read. */
import { invoiceObjectKey, type Order } from '#domain/orders/order';
import type { PriceReview, PurchaseOrder } from '#domain/punchout/purchase-order';

/**
 * The most an order event carries of its lines (their JSON): about 130 lines, leaving the event's
 * 200 KB for a purchase order, its price review and the rest. A larger order's events carry none.
 */
export const EVENT_LINES_MAX_BYTES = 96 * 1024;

export function orderSnapshotOf(order: Order) {
  const linesIncluded = Buffer.byteLength(JSON.stringify(order.lines)) <= EVENT_LINES_MAX_BYTES;
  return {
    orderId: order.id,
    channel: order.channel,
    orderNumber: order.orderNumber,
    clientId: order.clientId,
    customer: order.customer,
    lines: linesIncluded ? order.lines : [],
    linesIncluded,
    samples: order.samples,
    totals: order.totals,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    installation: order.installation,
    notes: order.notes,
    poNumber: order.poNumber,
    paymentTerms: order.paymentTerms,
    placedAt: order.createdAt,
    invoiceKey: invoiceObjectKey(order.id),
    estimate: order.estimate,
  };
}

/**
 * The most OrderPlaced carries of a purchase order's items and the price review's issues about
 * their lines (their JSON): every OrderRequest a purchase order of 64 KB held before items were kept
 * beside the lines still has them (docs/decisions/0057). A larger one's event carries its ids,
 * addresses, comments and the issues about the whole document, and `purchaseOrderItemsIncluded` false.
 */
export const EVENT_PURCHASE_ORDER_ITEMS_MAX_BYTES = 64 * 1024;

export function purchaseOrderSnapshotOf({ purchaseOrder, priceReview }: Pick<Order, 'purchaseOrder' | 'priceReview'>): {
  purchaseOrder: PurchaseOrder | null;
  priceReview: PriceReview | null;
  purchaseOrderItemsIncluded: boolean;
} {
  const lineIssues = priceReview?.issues.filter((issue) => issue.lineNumber !== null) ?? [];
  const itemsBytes = purchaseOrder ? Buffer.byteLength(JSON.stringify([purchaseOrder.items, lineIssues])) : 0;
  if (!purchaseOrder || itemsBytes <= EVENT_PURCHASE_ORDER_ITEMS_MAX_BYTES)
    return { purchaseOrder, priceReview, purchaseOrderItemsIncluded: true };
  return {
    purchaseOrder: { ...purchaseOrder, items: [] },
    priceReview: priceReview && {
      ...priceReview,
      issues: priceReview.issues.filter((issue) => issue.lineNumber === null),
    },
    purchaseOrderItemsIncluded: false,
  };
}

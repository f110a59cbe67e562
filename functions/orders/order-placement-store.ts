/**
 * Placing an order (docs/decisions/0057): its lines first, under a line set of its own, then one
 * transaction that makes it visible with its number, its e-mail entry, its first history entry,
 * its event and the claims it holds. The order's items: order-store.ts.
 */
import { randomBytes } from 'node:crypto';
import { orderNumber } from '#domain/orders/lifecycle';
import type { Order } from '#domain/orders/order';
import { OrderPlaced } from '#events/orders';
import { outboxEvent } from '../lib/event-outbox';
import { deleteItems, putItems } from '../lib/table/items';
import { orderEmailKeys, orderLineKeys, orderNumberKeys, purchaseOrderPayloadKeys } from '../lib/table/keys/orders';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import type { PromotionClaimRefusal } from '../promotions/promotion-store';
import { orderSnapshotOf, purchaseOrderSnapshotOf } from './order-events';
import {
  BOOKKEEPING_STARTING_NULL,
  headerItem,
  historyItem,
  newItemSet,
  purchaseOrderItemsOf,
  type OrderBookkeeping,
  type StoredOrder,
} from './order-store';

/**
 * `exists`: an order with this id was written first, or one of the claims is another order's;
 * `promotionRefused`: the promotion had no use left for the order (`customer`: for its customer);
 * `creditRefused`: the client's account no longer had the credit (or the terms) the hold was decided from.
 */
export type PlaceOutcome =
  | { kind: 'placed'; order: StoredOrder }
  | { kind: 'exists' }
  | { kind: 'cartChanged' }
  | { kind: 'promotionRefused'; refusal: PromotionClaimRefusal }
  | { kind: 'creditRefused' }
  | { kind: 'installationWindowTaken' };

/** What placing an order takes besides the order: claims only it may hold, a use of its promotion, and credit. */
export interface PlacementClaims {
  /** Conditional puts: a purchase order's payloadID. */
  claims?: WriteItem[];
  /** `paid`: the promotion's revenue, counted at placing for an order no payment will come for (on account). */
  promotion?: { promotionId: string; claim: Record<PromotionClaimRefusal, WriteItem>; paid?: WriteItem } | null;
  /** An on-account order's hold on its client's credit (creditHoldWrites): refused as a whole when the limit would be passed. */
  credit?: WriteItem[] | null;
  /** The order's installation visit and, when a window was chosen, its place (installationPlacementWrites). */
  installation?: {
    installation: (orderNumber: string) => WriteItem;
    installationSlot: WriteItem | null;
    installationCapacity: WriteItem | null;
  } | null;
}

/** Tries of a placing transaction that holds credit, against other placements raising the same account (DynamoDB cancels one of two at once). */
const CREDIT_CONFLICT_ATTEMPTS = 12;

/** A new number rarely collides (32^6 numbers); when it does, the conditional put refuses it and another is drawn. */
const ORDER_NUMBER_ATTEMPTS = 3;

/**
 * Writes a new order (newOrder), whole or not at all to every reader, at any number of lines
 * (docs/decisions/0057). First its lines, in batches, under a line set of this placement's own, so
 * a concurrent or retried placement of the same id never mixes lines with it. Then one transaction:
 * the header naming that set (only if no order has its id: the id comes from the placement, so a
 * retried placement finds the first one's order), its number (only if no order has it), its e-mail
 * entry, its first history entry, its OrderPlaced event (outbox) and, when it came from a cart, the
 * cart's reference to it (only if the cart is still the caller's, active and unchanged since read),
 * any `claims` the order takes (conditional puts: a purchase order's payloadID), a use of its
 * promotion and an on-account order's hold on its client's credit (`credit`). Readers see lines only through a header that names their set; a placement refused by
 * its conditions deletes its lines (one that failed otherwise leaves them unseen, as it may have
 * committed for all it knows). `placedFrom`: the cart its lines were copied from and the browser's
 * shopping session. OrderPlaced goes out before any hosted checkout opens, so it names no checkout
 * session (OrderPaid does). Throws UnpublishableEvent, writing nothing, for an order its event
 * cannot carry.
 */
export async function insertOrder(
  order: Omit<Order, 'orderNumber'>,
  placedFrom: Pick<OrderBookkeeping, 'cartId' | 'sessionId'>,
  cartReference: WriteItem | null,
  { claims = [], promotion = null, credit = null, installation = null }: PlacementClaims = {},
): Promise<PlaceOutcome> {
  const bookkeeping = Object.fromEntries(BOOKKEEPING_STARTING_NULL.map((field) => [field, null]));
  const lineSet = newItemSet();
  // A purchase order's items go beside the lines, under the same set, made visible by the same header.
  const lineItems = [
    ...order.lines.map((line) => ({
      ...orderLineKeys(order.id, line.position, lineSet),
      entity: 'orderLine',
      ...line,
    })),
    ...purchaseOrderItemsOf(order.id, lineSet, order),
  ];
  // Written once, after the first event is checked: an order its event cannot carry writes nothing.
  let written = false;
  for (let attempt = 1; ; attempt += 1) {
    const placed = {
      ...order,
      ...placedFrom,
      ...bookkeeping,
      promotionId: promotion?.promotionId ?? null,
      lineSet,
      purchaseOrderItemSet: order.purchaseOrder ? lineSet : null,
      orderNumber: orderNumber(randomBytes(6)),
    } as StoredOrder;
    const placedEvent = outboxEvent(OrderPlaced, {
      ...orderSnapshotOf(placed),
      checkoutSessionId: null,
      ...purchaseOrderSnapshotOf(placed),
    });
    if (!written) {
      await putItems(lineItems);
      written = true;
    }
    const outcome = await transact(
      {
        header: { Put: { Item: headerItem(placed), ConditionExpression: 'attribute_not_exists(pk)' } },
        orderNumber: {
          Put: {
            Item: { ...orderNumberKeys(placed.orderNumber), entity: 'orderNumber', orderId: placed.id },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        cart: cartReference,
        email: {
          Put: {
            Item: {
              ...orderEmailKeys(placed.customer.email, placed.createdAt, placed.id),
              entity: 'orderEmail',
              orderId: placed.id,
            },
          },
        },
        history: historyItem(placed.id, {
          at: placed.createdAt,
          event: 'placed',
          actor: { kind: 'customer', id: placed.clientId },
          status: placed.status,
          paymentStatus: placed.paymentStatus,
          note: null,
        }),
        claims,
        promotion: promotion?.claim.promotion ?? null,
        promotionCustomer: promotion?.claim.customer ?? null,
        promotionPaid: promotion?.paid ?? null,
        credit,
        installation: installation?.installation(placed.orderNumber) ?? null,
        installationSlot: installation?.installationSlot ?? null,
        installationCapacity: installation?.installationCapacity ?? null,
      },
      // A client's orders on account all raise one account item, and bookings of one installation window one
      // counter: placed at once, they conflict and are tried again.
      {
        events: [placedEvent],
        ...((credit || installation?.installationSlot) && { attempts: CREDIT_CONFLICT_ATTEMPTS }),
      },
    );
    if (outcome.committed) return { kind: 'placed', order: placed };
    const refused = placementRefusal(outcome.failed);
    if (refused || attempt >= ORDER_NUMBER_ATTEMPTS) {
      await deleteItems(lineItems);
      if (refused) return refused;
      throw new TransactionCancelled(outcome.failed);
    }
  }
}

/** What a failed placing transaction's conditions mean, or null when only the drawn number was taken. */
function placementRefusal(failed: ReadonlyMap<string, string>): Exclude<PlaceOutcome, { kind: 'placed' }> | null {
  if (failed.has('header')) return { kind: 'exists' };
  if (failed.has('cart')) return { kind: 'cartChanged' };
  if (failed.has('claims')) return { kind: 'exists' };
  if (failed.has('credit')) return { kind: 'creditRefused' };
  if (failed.has('installationSlot') || failed.has('installationCapacity')) return { kind: 'installationWindowTaken' };
  if (failed.has('promotion')) return { kind: 'promotionRefused', refusal: 'promotion' };
  if (failed.has('promotionCustomer')) return { kind: 'promotionRefused', refusal: 'customer' };
  return null;
}

/** The purchase order's payloadID claimed for its order, in the placing transaction: only if no order claimed it. */
export function purchaseOrderPayloadClaim(payloadId: string, orderId: string): WriteItem {
  return {
    Put: {
      Item: { ...purchaseOrderPayloadKeys(payloadId), entity: 'purchaseOrderPayload', orderId },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

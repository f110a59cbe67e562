/**
 * Changes of an order once placed. Every change of statuses is one transaction: the header updated
 * on the condition of the statuses the decision was made from, and a history entry put beside it,
 * so a change is recorded exactly when it happens. The order's items: order-store.ts.
 */
import type { AuditAction } from '#domain/audit/audit-entry';
import { type OrderHistoryEntry, type OrderLine } from '#domain/orders/order';
import { lineStatusOf, type LineStatus, type OrderStatus, type PaymentStatus } from '#domain/orders/statuses';
import type { OutboxEvent } from '../lib/event-outbox';
import { deleteItems, putItems } from '../lib/table/items';
import { orderKeys, orderLineKeys } from '../lib/table/keys/orders';
import { auditEntryWrite } from '../lib/table/audit';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';
import {
  historyItem,
  listingKeysOf,
  newItemSet,
  purchaseOrderItemsOf,
  purchaseOrderParts,
  type StoredOrder,
} from './order-store';

export interface OrderChange {
  /** Header attributes to set (a change of statuses moves the order's listings with it). */
  set: Partial<StoredOrder>;
  /** The statuses the change was decided from: the write happens only if the order still has them. */
  expect: { status?: readonly OrderStatus[]; paymentStatus?: readonly PaymentStatus[] };
  /** Recorded figures the change was decided from, likewise (null: not recorded). */
  unchanged?: Partial<Pick<StoredOrder, 'checkoutSessionId' | 'amountPaidCents' | 'amountRefundedCents'>>;
  /** Null only for a change that moves no status (a figure recorded for a later decision). */
  history: Omit<OrderHistoryEntry, 'status' | 'paymentStatus'> | null;
}

/** The header's update of a change: its fields set and its listings moved, if it still has what the change was decided from. */
function changeUpdate(order: StoredOrder, change: OrderChange, next: StoredOrder): WriteItem {
  const fields: Record<string, unknown> = { ...change.set, updatedAt: next.updatedAt };
  const listing =
    change.set.status !== undefined || change.set.paymentStatus !== undefined
      ? listingKeysOf(next)
      : { set: {}, remove: [] };
  Object.assign(fields, listing.set);
  const names = Object.keys(fields);
  const values: Record<string, unknown> = Object.fromEntries(names.map((name, i) => [`:v${i}`, fields[name]]));
  const conditions = ['attribute_exists(pk)'];
  const attributeNames: Record<string, string> = Object.fromEntries(names.map((name, i) => [`#n${i}`, name]));
  listing.remove.forEach((name, i) => (attributeNames[`#r${i}`] = name));
  const removal = listing.remove.length > 0 ? ` REMOVE ${listing.remove.map((_, i) => `#r${i}`).join(', ')}` : '';
  for (const [attribute, allowed] of Object.entries(change.expect) as Array<[string, readonly string[] | undefined]>) {
    if (!allowed) continue;
    attributeNames[`#${attribute}`] = attribute;
    conditions.push(`#${attribute} IN (${allowed.map((_, i) => `:${attribute}${i}`).join(', ')})`);
    allowed.forEach((value, i) => (values[`:${attribute}${i}`] = value));
  }
  for (const [attribute, value] of Object.entries(change.unchanged ?? {})) {
    attributeNames[`#${attribute}`] = attribute;
    if (value === null) conditions.push(`attribute_not_exists(#${attribute})`);
    else {
      conditions.push(`#${attribute} = :${attribute}`);
      values[`:${attribute}`] = value;
    }
  }
  return {
    Update: {
      Key: orderKeys(order.id),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}${removal}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * Changes the order's header if it still has the expected statuses and figures, with its history
 * entry, any other `items` the change writes (a look-up item) and the events that report the change
 * (`events`, made from the order as changed; outbox items, published after the commit) and, for a
 * staff action, its audit log entry (`audit`: the fields the change set, as they were and are), in
 * one transaction. Answers the order as changed (header
 * only), or undefined when the condition failed (another delivery, request or staff member was first).
 */
export async function changeOrder(
  order: StoredOrder,
  change: OrderChange,
  now: Date,
  options: {
    items?: WriteItem[];
    events?: (changed: StoredOrder) => OutboxEvent[];
    audit?: Pick<AuditAction, 'staffId' | 'action'>;
  } = {},
): Promise<StoredOrder | undefined> {
  const next: StoredOrder = { ...order, ...change.set, updatedAt: now.toISOString() };
  const audit = options.audit
    ? auditEntryWrite({
        ...options.audit,
        at: next.updatedAt,
        record: { kind: 'order', id: order.id, label: order.orderNumber },
        before: { ...order },
        after: { ...order, ...change.set },
      })
    : null;
  const outcome = await transact(
    {
      header: changeUpdate(order, change, next),
      history: change.history
        ? historyItem(order.id, { ...change.history, status: next.status, paymentStatus: next.paymentStatus })
        : null,
      items: options.items ?? null,
      audit,
    },
    { events: options.events?.(next) ?? [] },
  );
  if (outcome.committed) return next;
  if (outcome.failed.has('header')) return undefined;
  throw new TransactionCancelled(outcome.failed);
}

/**
 * A buyer's update of a punch-out order's purchase order: its items are written under a new set,
 * then the header, if the order still has the statuses the change was decided from, takes the new
 * purchase order and price review naming that set, with its history entry (changeOrder). The items
 * of the set it replaced, or of one that did not commit, are deleted: no reader sees them, since
 * readers take only the set their header names. Answers the order as changed, or undefined when
 * its condition failed.
 */
export async function changePurchaseOrder(
  order: StoredOrder,
  change: Pick<StoredOrder, 'purchaseOrder' | 'priceReview'>,
  { expect, history }: Pick<OrderChange, 'expect' | 'history'>,
  now: Date,
): Promise<StoredOrder | undefined> {
  const itemSet = newItemSet();
  const items = purchaseOrderItemsOf(order.id, itemSet, change);
  await putItems(items);
  const changed = await changeOrder(
    order,
    {
      // The header keeps the purchase order without its items (purchaseOrderParts), as placing does.
      set: {
        ...((change.purchaseOrder
          ? purchaseOrderParts(change.purchaseOrder, change.priceReview).header
          : change) as Partial<StoredOrder>),
        purchaseOrderItemSet: itemSet,
      },
      expect,
      history,
    },
    now,
  );
  const replaced = changed ? order.purchaseOrderItemSet : itemSet;
  if (replaced) await deleteItems(purchaseOrderItemsOf(order.id, replaced, order));
  return changed && { ...changed, ...change };
}

/** A move of one line (its status and note, or the refund its cancel gave back) as changeOrderLine writes it. */
export interface LineChange {
  position: number;
  /** What the line must still have: the status the move was decided from, or no refund recorded yet. */
  expect: { status: LineStatus } | { notRefunded: true };
  set: Partial<Pick<OrderLine, 'status' | 'statusNote' | 'statusChangedAt' | 'refundedCents'>>;
  /** The statuses of the order the move was decided from (omitted: any). */
  expectOrder?: OrderChange['expect'];
  history: Omit<OrderHistoryEntry, 'status' | 'paymentStatus'>;
}

/** The line item's update of a change, on the condition that it still has what the change was decided from. */
function lineUpdate(order: StoredOrder, change: LineChange): WriteItem {
  const names = Object.keys(change.set);
  const values: Record<string, unknown> = Object.fromEntries(
    names.map((name, i) => [`:v${i}`, change.set[name as keyof LineChange['set']]]),
  );
  const attributeNames: Record<string, string> = Object.fromEntries(names.map((name, i) => [`#n${i}`, name]));
  let condition: string;
  if ('notRefunded' in change.expect) {
    attributeNames['#refunded'] = 'refundedCents';
    condition = 'attribute_not_exists(#refunded)';
  } else {
    attributeNames['#status'] = 'status';
    values[':from'] = change.expect.status;
    // A line stored before line statuses has none: it is `ordered`.
    condition =
      change.expect.status === 'ordered' ? '(attribute_not_exists(#status) OR #status = :from)' : '#status = :from';
  }
  return {
    Update: {
      Key: orderLineKeys(order.id, change.position, order.lineSet),
      UpdateExpression: `SET ${names.map((_, i) => `#n${i} = :v${i}`).join(', ')}`,
      ConditionExpression: `attribute_exists(pk) AND ${condition}`,
      ExpressionAttributeNames: attributeNames,
      ExpressionAttributeValues: values,
    },
  };
}

/**
 * The audit log entry of a staff move of one line, on the order: the line's status and note as
 * they were and are, named by the line (`line2Status`), so the order's entries read as one history.
 */
function lineAuditWrite(
  order: StoredOrder,
  line: OrderLine,
  change: LineChange,
  audit: Pick<AuditAction, 'staffId' | 'action'>,
  at: string,
): WriteItem | null {
  const named = (fields: OrderLine) => ({
    [`line${line.position}Status`]: lineStatusOf(fields),
    [`line${line.position}Note`]: fields.statusNote ?? null,
  });
  return auditEntryWrite({
    ...audit,
    at,
    record: { kind: 'order', id: order.id, label: order.orderNumber },
    before: named(line),
    after: named({ ...line, ...change.set }),
  });
}

/**
 * Changes one line of the order if it (and the order) still has what the change was decided from,
 * with the order's history entry, the events made from the line as changed (the outbox) and, for a
 * staff move, its audit log entry, in one transaction. Answers the line as changed, or undefined
 * when a condition failed (another staff member was first, or the order moved on).
 */
export async function changeOrderLine(
  order: StoredOrder,
  change: LineChange,
  now: Date,
  options: {
    events?: (changed: OrderLine) => OutboxEvent[];
    audit?: Pick<AuditAction, 'staffId' | 'action'>;
  } = {},
): Promise<OrderLine | undefined> {
  const line = order.lines.find((candidate) => candidate.position === change.position);
  if (!line) return undefined;
  const changed: OrderLine = { ...line, ...change.set };
  const next: StoredOrder = { ...order, updatedAt: now.toISOString() };
  const outcome = await transact(
    {
      header: changeUpdate(order, { set: {}, expect: change.expectOrder ?? {}, history: null }, next),
      line: lineUpdate(order, change),
      history: historyItem(order.id, { ...change.history, status: order.status, paymentStatus: order.paymentStatus }),
      audit: options.audit ? lineAuditWrite(order, line, change, options.audit, next.updatedAt) : null,
    },
    { events: options.events?.(changed) ?? [] },
  );
  if (outcome.committed) return changed;
  if (outcome.failed.has('header') || outcome.failed.has('line')) return undefined;
  throw new TransactionCancelled(outcome.failed);
}

/**
 * Orders made from a buyer's OrderRequest (domain/punchout/README.md; decision 0018): channel
 * punchout, processing and on invoice from the start, so staff ship and deliver them as any order.
 * Idempotent: the order's id is derived from the configuration and the buyer's orderID, and the
 * document's payloadID is claimed in the same transaction, so a document delivered twice (or the
 * same order sent under a new payloadID) makes one order and both deliveries are answered 200.
 * The partner API's order-integration makes its orders through the same `placePurchaseOrder`.
 */
import { createHash } from 'node:crypto';
import { clientDisplayName } from '#domain/accounts/client';
import { checkoutEmailSchema } from '#domain/checkout/checkout';
import { describeLine, lineTitle } from '#domain/cart/line';
import { shippingClassOf } from '#domain/checkout/totals';
import { newOrder, type OrderCustomer, type OrderLine } from '#domain/orders/order';
import { priceConfiguration } from '#domain/pricing/price';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import type { Address, CxmlStatusCode, OrderRequest } from '#domain/punchout/cxml/types';
import { cxmlResponse } from '#domain/punchout/cxml/index';
import {
  orderAddressOf,
  PURCHASE_ORDER_CURRENCY,
  PURCHASE_ORDER_MAX_PAYLOAD_ID_LENGTH,
  PURCHASE_ORDER_MESSAGES,
  purchaseOrderProblem,
  purchaseOrderSubtotalCents,
  reviewPrices,
  type PriceReview,
  type PurchaseOrder,
  type PurchaseOrderAddress,
  type PurchaseOrderItem,
} from '#domain/punchout/purchase-order';
import { parseAuxiliaryId } from '#domain/punchout/session';
import { OrderStatusChanged } from '#events/orders';
import { readClientProfile } from '../accounts/client-store';
import { loadCurrentGrids } from '../catalogue/grid-store';
import { outboxEvent, UnpublishableEvent } from '../lib/event-outbox';
import { readSubmission, type Submission } from '../punchout/sessions-store';
import { orderSnapshotOf } from './order-events';
import { changeOrder, changePurchaseOrder } from './order-change-store';
import { orderIdByPurchaseOrderPayload } from './order-lookup-store';
import { insertOrder, purchaseOrderPayloadClaim, type PlaceOutcome } from './order-placement-store';
import { readOrder, readOrderHeader, type StoredOrder } from './order-store';

/** What an OrderRequest (or an order-integration call) asks for, once its document is read. */
export interface PurchaseOrderDraft {
  purchaseOrder: Omit<PurchaseOrder, 'configurationId' | 'buyerSystem' | 'items'> & {
    items: Array<Omit<PurchaseOrderItem, 'orderLinePosition'>>;
  };
  /** The order lines made from submitted lines, by the buyer's line number; a line not here names no submitted blind. */
  submittedLines: Map<
    number,
    Omit<OrderLine, 'position' | 'quantity' | 'unitCents' | 'lineCents'> & { submittedUnitCents: number }
  >;
  /** What the shop expects a line to cost when it names no submitted blind (the partner API's catalogue price), by line number. */
  cataloguePrices?: Map<number, number>;
  contact: { name: string; email: string; phone: string };
}

export type PurchaseOrderOutcome =
  | { kind: 'placed'; order: StoredOrder }
  | { kind: 'duplicate'; order: StoredOrder }
  | { kind: 'updated'; order: StoredOrder }
  | { kind: 'cancelled'; order: StoredOrder }
  | { kind: 'refused'; reason: string };

/** A punch-out order's id: the buyer's orderID under its configuration, so the same purchase order is always the same order. */
export function purchaseOrderIdOf(configurationId: string, buyerOrderId: string): string {
  return createHash('sha256')
    .update(`purchase-order#${configurationId}#${buyerOrderId}`)
    .digest('base64url')
    .slice(0, 22);
}

async function orderOfPayload(payloadId: string): Promise<StoredOrder | undefined> {
  const orderId = await orderIdByPurchaseOrderPayload(payloadId);
  return orderId ? readOrderHeader(orderId) : undefined;
}

/**
 * The order a purchase order was made into already (its header: the answer needs only its number),
 * if this is a redelivery: its payloadID was claimed, or a `new` purchase order of the same
 * orderID came under another payloadID. Nothing else is read or checked for a redelivery.
 */
async function placedBefore(
  configuration: PunchoutConfiguration,
  purchaseOrder: PurchaseOrderDraft['purchaseOrder'],
): Promise<StoredOrder | undefined> {
  const byPayload = await orderOfPayload(purchaseOrder.payloadId);
  if (byPayload || purchaseOrder.type !== 'new') return byPayload;
  return readOrderHeader(purchaseOrderIdOf(configuration.id, purchaseOrder.buyerOrderId));
}

/**
 * Makes, changes or withdraws the punch-out order a purchase order names. `new`: one order, once;
 * `update` of a known order still processing: the purchase order (what is invoiced) and its price
 * review are replaced, the order is flagged for staff and its blinds stay as placed; `delete`:
 * cancels the order while it is processing (no card refund: nothing was paid). Anything else is
 * refused with the reason, and nothing is stored: lines and amounts out of bounds
 * (`purchaseOrderProblem`), and an order its OrderPlaced event cannot carry.
 */
export async function placePurchaseOrder(
  configuration: PunchoutConfiguration,
  draft: PurchaseOrderDraft,
  now = new Date(),
): Promise<PurchaseOrderOutcome> {
  const before = await placedBefore(configuration, draft.purchaseOrder);
  if (before) return { kind: 'duplicate', order: before };
  const problem = purchaseOrderProblem(draft.purchaseOrder);
  if (problem) return { kind: 'refused', reason: problem };
  const orderId = purchaseOrderIdOf(configuration.id, draft.purchaseOrder.buyerOrderId);
  const { purchaseOrder, priceReview, lines } = purchaseOrderOf(configuration, draft);

  if (draft.purchaseOrder.type !== 'new') {
    // An update or delete changes the order whole (its items, its event's lines).
    const existing = (await readOrder(orderId))?.order;
    if (!existing)
      return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.unknownOrder(draft.purchaseOrder.buyerOrderId) };
    if (draft.purchaseOrder.type === 'delete') return withdraw(existing, now);
    if (existing.status !== 'processing')
      return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.notCancellable(existing.status) };
    const review: PriceReview = {
      flagged: true,
      issues: [
        ...priceReview.issues,
        {
          kind: 'totalMismatch',
          lineNumber: null,
          orderedCents: purchaseOrder.documentTotalCents,
          expectedCents: existing.totals.totalCents,
          note: `The buyer changed the order after it was placed (payload ${purchaseOrder.payloadId}): check its lines against the order's blinds before shipping.`,
        },
      ],
    };
    const changed = await changePurchaseOrder(
      existing,
      { purchaseOrder, priceReview: review },
      {
        expect: { status: ['processing'] },
        history: {
          at: now.toISOString(),
          event: 'purchaseOrderChanged',
          actor: { kind: 'customer', id: existing.clientId },
          note: `Update ${purchaseOrder.payloadId}`,
        },
      },
      now,
    );
    return changed
      ? { kind: 'updated', order: changed }
      : { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.notCancellable('changed meanwhile') };
  }

  const shipTo = orderAddressOf(purchaseOrder.shipTo);
  if (!shipTo.ok) return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.shipTo(shipTo.problem) };
  const billTo = purchaseOrder.billTo ? orderAddressOf(purchaseOrder.billTo) : shipTo;
  if (!billTo.ok) return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.billTo(billTo.problem) };
  const customer = await customerOf(configuration, draft.contact);
  if (!customer) return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.contact };

  const subtotalCents = purchaseOrderSubtotalCents(purchaseOrder.items);
  const order = newOrder({
    id: orderId,
    channel: 'punchout',
    status: 'processing',
    paymentStatus: 'invoice',
    clientId: configuration.clientId,
    customer,
    shippingAddress: shipTo.address,
    billingAddress: billTo.address,
    installation: false,
    notes: purchaseOrder.comments,
    lines,
    samples: [],
    totals: {
      blindCount: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalCents,
      discountCents: 0,
      discounts: [],
      taxCents: 0,
      shippingCents: 0,
      sampleShippingCents: 0,
      installationCents: 0,
      totalCents: subtotalCents,
    },
    purchaseOrder,
    priceReview,
    createdAt: now.toISOString(),
  });
  const placedFrom = { cartId: null, sessionId: `purchase-order#${configuration.id}` };
  let outcome: PlaceOutcome;
  try {
    outcome = await insertOrder(order, placedFrom, null, {
      claims: [purchaseOrderPayloadClaim(purchaseOrder.payloadId, orderId)],
    });
  } catch (error) {
    // What the buyer sent does not fit an order's event (a field its contract refuses, or too much text).
    if (error instanceof UnpublishableEvent)
      return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.unplaceable(error.message) };
    throw error;
  }
  if (outcome.kind !== 'placed') {
    // A concurrent delivery of the same purchase order (or payload) made it first.
    const first = (await readOrderHeader(orderId)) ?? (await orderOfPayload(purchaseOrder.payloadId));
    if (!first) throw new Error(`Purchase order ${purchaseOrder.buyerOrderId} collided but no order was found`);
    return { kind: 'duplicate', order: first };
  }
  return { kind: 'placed', order: outcome.order };
}

function purchaseOrderOf(
  configuration: PunchoutConfiguration,
  draft: PurchaseOrderDraft,
): { purchaseOrder: PurchaseOrder; priceReview: PriceReview; lines: OrderLine[] } {
  const lines: OrderLine[] = [];
  const items: PurchaseOrderItem[] = draft.purchaseOrder.items.map((item) => {
    const submitted = draft.submittedLines.get(item.lineNumber);
    if (!submitted) return { ...item, orderLinePosition: null };
    const { submittedUnitCents: _submitted, ...line } = submitted;
    const position = lines.length + 1;
    lines.push({
      ...line,
      position,
      quantity: item.quantity,
      unitCents: item.unitCents,
      lineCents: item.quantity * item.unitCents,
    });
    return { ...item, orderLinePosition: position };
  });
  const expected = (lineNumber: number) =>
    draft.submittedLines.get(lineNumber)?.submittedUnitCents ?? draft.cataloguePrices?.get(lineNumber);
  const purchaseOrder: PurchaseOrder = {
    ...draft.purchaseOrder,
    configurationId: configuration.id,
    buyerSystem: configuration.buyerSystem,
    items,
  };
  return { purchaseOrder, priceReview: reviewPrices(items, expected, purchaseOrder.documentTotalCents), lines };
}

/** The buyer's contact as the document names it, else the configuration's client (the account the buyer shops as). */
async function customerOf(
  configuration: PunchoutConfiguration,
  contact: PurchaseOrderDraft['contact'],
): Promise<OrderCustomer | undefined> {
  const email = checkoutEmailSchema.safeParse(contact.email);
  if (email.success && contact.name.trim())
    return { name: contact.name.trim().slice(0, 200), email: email.data, phone: contact.phone.slice(0, 40) };
  const client = await readClientProfile(configuration.clientId);
  const fallbackEmail = email.success ? email.data : client?.email;
  if (!fallbackEmail) return undefined;
  const name = contact.name.trim() || (client ? clientDisplayName(client) : '') || configuration.propertyName;
  return { name: name.slice(0, 200), email: fallbackEmail, phone: contact.phone.slice(0, 40) };
}

/** A `delete`: cancels a processing order (nothing was paid, so nothing is refunded); an order already cancelled answers as it is. */
async function withdraw(order: StoredOrder, now: Date): Promise<PurchaseOrderOutcome> {
  if (order.status === 'cancelled') return { kind: 'cancelled', order };
  if (order.status !== 'processing')
    return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.notCancellable(order.status) };
  const at = now.toISOString();
  const note = 'Withdrawn by the buyer (OrderRequest delete)';
  const changed = await changeOrder(
    order,
    {
      set: { status: 'cancelled', cancelledAt: at },
      expect: { status: ['processing'] },
      history: { at, event: 'cancelled', actor: { kind: 'customer', id: order.clientId }, note },
    },
    now,
    {
      events: (next) => [
        outboxEvent(OrderStatusChanged, {
          ...orderSnapshotOf(next),
          from: 'processing',
          to: 'cancelled',
          paymentStatus: next.paymentStatus,
          shipment: next.shipment,
          changedBy: { kind: 'customer', id: order.clientId },
          changedAt: at,
          note,
        }),
      ],
    },
  );
  if (!changed) return { kind: 'refused', reason: PURCHASE_ORDER_MESSAGES.notCancellable('changed meanwhile') };
  return { kind: 'cancelled', order: changed };
}

/* ---------- The OrderRequest ---------- */

function addressAsSent(address: Address): PurchaseOrderAddress {
  return {
    name: address.name,
    deliverTo: address.deliverTo,
    street: address.street,
    city: address.city,
    state: address.state,
    postalCode: address.postalCode,
    country: address.country,
    email: address.email ?? '',
  };
}

/** The submitted line an ItemOut's SupplierPartAuxiliaryID names, as an order line, if it is one of this configuration's submissions. */
async function submittedLinesOf(
  configuration: PunchoutConfiguration,
  document: OrderRequest,
): Promise<PurchaseOrderDraft['submittedLines']> {
  const submissions = new Map<string, Promise<Submission | undefined>>();
  const grids = (await loadCurrentGrids()).grids;
  const found: PurchaseOrderDraft['submittedLines'] = new Map();
  for (const [index, item] of document.itemsOut.entries()) {
    const aux = parseAuxiliaryId(item.supplierPartAuxiliaryId ?? '');
    if (!aux) continue;
    if (!submissions.has(aux.submissionId)) submissions.set(aux.submissionId, readSubmission(aux.submissionId));
    const submission = await submissions.get(aux.submissionId);
    const line =
      submission?.configId === configuration.id
        ? submission.lines.find((candidate) => candidate.position === aux.position)
        : undefined;
    if (!line) continue;
    const blind = { ...line.configuration, quantity: line.quantity };
    // A blind today's grids no longer price has no size to make: it stays a line for staff (unknownLine) rather than a guess.
    const priced = priceConfiguration(blind, grids);
    if (!priced.ok) continue;
    const size = {
      width: priced.width,
      length: priced.length,
      enteredWidth: priced.enteredWidth,
      enteredLength: priced.enteredLength,
    };
    found.set(item.lineNumber ?? index + 1, {
      lineId: item.supplierPartAuxiliaryId!.trim(),
      title: lineTitle(blind),
      family: blind.family,
      series: blind.series,
      configuration: blind,
      description: describeLine(blind, line.roomLabel),
      roomLabel: line.roomLabel,
      size,
      shippingClass: shippingClassOf(size.width),
      submittedUnitCents: line.unitCents,
    });
  }
  return found;
}

/** Why an OrderRequest cannot be read as a purchase order, or null. */
function documentProblem(document: OrderRequest): string | null {
  const payloadId = document.payloadId.trim();
  // The payloadID is claimed as a table key: one is needed, and it must fit a key.
  if (!payloadId || payloadId.length > PURCHASE_ORDER_MAX_PAYLOAD_ID_LENGTH) return PURCHASE_ORDER_MESSAGES.payloadId;
  if (!document.orderId.trim()) return PURCHASE_ORDER_MESSAGES.missingOrderId;
  if (document.type !== 'delete' && document.itemsOut.length === 0) return PURCHASE_ORDER_MESSAGES.noLines;
  const currencies = [
    document.total.currency,
    ...document.itemsOut.map((item) => item.unitPrice?.currency ?? PURCHASE_ORDER_CURRENCY),
  ];
  const other = currencies.find((currency) => currency.toUpperCase() !== PURCHASE_ORDER_CURRENCY);
  if (other !== undefined) return PURCHASE_ORDER_MESSAGES.currency(other);
  if (!document.shipTo && document.type === 'new') return PURCHASE_ORDER_MESSAGES.shipTo('the document has none');
  return null;
}

export interface CxmlAnswer {
  code: CxmlStatusCode;
  /** The cXML Response document. */
  body: string;
}

function answer(code: CxmlStatusCode, text: string, message?: string): CxmlAnswer {
  return { code, body: cxmlResponse({ code, text, ...(message ? { message } : {}) }) };
}

/**
 * An authenticated buyer's OrderRequest (the cXML endpoint has found its configuration): the
 * order made, changed or withdrawn, and the cXML answer: 200 (a repeated delivery too, with the
 * order number in the Status), or 400 with the reason.
 */
export async function acceptOrderRequest(
  configuration: PunchoutConfiguration,
  document: OrderRequest,
): Promise<CxmlAnswer> {
  const problem = documentProblem(document);
  if (problem) return answer(400, 'Bad Request', problem);
  const shipTo = document.shipTo ?? document.billTo;
  const contactAddress = document.shipTo ?? document.billTo;
  const purchaseOrder: PurchaseOrderDraft['purchaseOrder'] = {
    buyerOrderId: document.orderId.trim(),
    payloadId: document.payloadId,
    orderDate: document.orderDate,
    type: document.type,
    documentTotalCents: document.total.cents,
    currency: PURCHASE_ORDER_CURRENCY,
    shipTo: shipTo
      ? addressAsSent(shipTo)
      : addressAsSent({ name: '', deliverTo: [], street: [], city: '', state: '', postalCode: '', country: '' }),
    billTo: document.billTo ? addressAsSent(document.billTo) : null,
    items: document.itemsOut.map((item, index) => ({
      lineNumber: item.lineNumber ?? index + 1,
      quantity: item.quantity,
      supplierPartId: item.supplierPartId,
      supplierPartAuxiliaryId: item.supplierPartAuxiliaryId ?? '',
      description: item.description,
      unitCents: item.unitPrice?.cents ?? 0,
      unitOfMeasure: item.unitOfMeasure || 'EA',
    })),
    comments: document.comments.slice(0, 1000),
  };
  // placePurchaseOrder checks these too; here before the submissions its lines name are read.
  const before = await placedBefore(configuration, purchaseOrder);
  if (before) return answer(200, 'OK', `Accepted as order ${before.orderNumber}`);
  const linesProblem = purchaseOrderProblem(purchaseOrder);
  if (linesProblem) return answer(400, 'Bad Request', linesProblem);
  const draft: PurchaseOrderDraft = {
    purchaseOrder,
    submittedLines: document.type === 'delete' ? new Map() : await submittedLinesOf(configuration, document),
    contact: {
      name: contactAddress?.deliverTo[0] ?? contactAddress?.name ?? '',
      email: document.shipTo?.email ?? document.billTo?.email ?? '',
      phone: contactAddress?.phone ?? '',
    },
  };
  const outcome = await placePurchaseOrder(configuration, draft);
  if (outcome.kind === 'refused') return answer(400, 'Bad Request', outcome.reason);
  return answer(
    200,
    'OK',
    `${outcome.kind === 'cancelled' ? 'Cancelled' : 'Accepted'} as order ${outcome.order.orderNumber}`,
  );
}

/**
 * The staff routes of the admin Returns tab: the list (newest first, by status), a request with
 * short-lived links to its photos, and moving it along the lifecycle (RETURN_TRANSITIONS). Each
 * change is one conditional write with ReturnStatusChanged (the customer's mail). Refunding a
 * return holds its amount within what the order's payment took, then refunds it at the payment
 * provider for a card order (idempotent on the request), then records it on the order in the same
 * transaction as the request's change: once. Each change's audit log entry commits with it.
 */
import { RETURN_ACTION_DUTIES } from '#domain/staff/roles';
import { billedOnInvoice } from '#domain/orders/lifecycle';
import { formatCents } from '#domain/pricing/money';
import {
  adminReturnsQuerySchema,
  decideReturnTransition,
  RETURN_LIFECYCLE,
  RETURN_MESSAGES,
  returnIdSchema,
  returnSummaryOf,
  returnTransitionRequestSchema,
  type ReturnDetail,
  type ReturnRecord,
} from '#domain/returns/return-request';
import { ReturnStatusChanged } from '#events/catalog';
import { requireDuty, staffCaller, type Caller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import { uploadLink } from '../lib/uploads';
import { holdRefund } from '../orders/order-payment-store';
import { readOrderHeader } from '../orders/order-store';
import { changeReturn, listReturns, readReturn, type OrderRefundRecord } from './return-store';

/** Long enough to look at the photos while deciding, short enough that a copied link soon stops working. */
const PHOTO_LINK_SECONDS = 15 * 60;

/** GET /api/admin/returns?status=&cursor= */
export const listReturnRequests = httpHandler(async (event) => {
  const { returns, nextCursor } = await listReturns(parseQuery(event, adminReturnsQuerySchema));
  return json(200, { returns: returns.map(returnSummaryOf), nextCursor });
});

async function returnOfPath(event: HttpEvent): Promise<ReturnRecord> {
  const returnId = returnIdSchema.safeParse(event.pathParameters?.returnId);
  const found = returnId.success ? await readReturn(returnId.data) : undefined;
  if (!found) throw new HttpError(404, RETURN_MESSAGES.notFound);
  return found;
}

async function detailOf(record: ReturnRecord): Promise<ReturnDetail> {
  const { photoKeys, ...rest } = record;
  return { ...rest, photoUrls: await Promise.all(photoKeys.map((key) => uploadLink(key, PHOTO_LINK_SECONDS))) };
}

/** GET /api/admin/returns/{returnId} */
export const getReturnRequest = httpHandler(async (event) => {
  return json(200, await detailOf(await returnOfPath(event)));
});

/**
 * The refund of a return: its amount held within what the order's payment took (shared with every
 * other refund of the order, so none is made past it), then made at the payment provider for a
 * card order (idempotent on the request, so a retried Refund never refunds twice), and the history
 * entry the order records. The payment's status is left to the provider's charge.refunded webhook,
 * which marks it refunded once the refunds reach the whole charge. An order on invoice is credited
 * on its invoice: only the hold and the record are made.
 */
async function refundOf(
  record: ReturnRecord,
  staff: Caller,
  at: string,
): Promise<{ refundId: string | null; orderRefund: OrderRefundRecord }> {
  const order = await readOrderHeader(record.orderId);
  if (!order) throw new HttpError(404, RETURN_MESSAGES.notFound);
  const onInvoice = billedOnInvoice(order.paymentStatus);
  const paymentIntentId = onInvoice ? null : order.paymentIntentId;
  if (!onInvoice && !paymentIntentId) throw new HttpError(502, RETURN_MESSAGES.refundFailed);
  const idempotencyKey = `return-refund-${record.id}`;
  if ((await holdRefund(order, idempotencyKey, record.refundCents, new Date(at))) === undefined)
    throw new HttpError(409, RETURN_MESSAGES.refundExceedsPayment);
  let refundId: string | null = null;
  if (paymentIntentId) {
    try {
      const refund = await stripeClient().refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: record.refundCents,
          metadata: { orderId: order.id, returnNumber: record.returnNumber },
        },
        { idempotencyKey },
      );
      refundId = refund.id;
    } catch (error) {
      logger.error('The payment provider refused the refund of a return', {
        error: error as Error,
        returnId: record.id,
      });
      throw new HttpError(502, RETURN_MESSAGES.refundFailed);
    }
  }
  return {
    refundId,
    orderRefund: {
      orderId: order.id,
      entry: {
        at,
        event: 'refunded',
        actor: { kind: 'staff', id: staff.userId },
        status: order.status,
        paymentStatus: order.paymentStatus,
        note: `${onInvoice ? 'Credited' : 'Refunded'} ${formatCents(record.refundCents)} for return ${record.returnNumber}`,
      },
      // Refunded too: the provider's charge.refunded for the refund that reached the whole charge may come first.
      expectPaymentStatus: onInvoice ? ['invoice', 'invoicePaid'] : ['paid', 'flagged', 'refunded'],
    },
  };
}

/** POST /api/admin/returns/{returnId}/transitions: approve, decline, receive, refund or remake, or 409 with the reason. */
export const transitionReturnRequest = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const request = parseBody(event, returnTransitionRequestSchema);
  requireDuty(staff, RETURN_ACTION_DUTIES[request.action]);
  const record = await returnOfPath(event);
  const decision = decideReturnTransition(record, request.action);
  if (!decision.ok) throw new HttpError(409, decision.reason);
  const at = new Date().toISOString();
  const { effect } = RETURN_LIFECYCLE.move(record.status, request.action, { at, by: staff.userId });
  const refund = effect === 'refund' ? await refundOf(record, staff, at) : undefined;
  const next: ReturnRecord = {
    ...record,
    status: decision.to,
    ...(refund ? { refundId: refund.refundId } : {}),
    history: [...record.history, { at, status: decision.to, by: staff.userId, note: request.note }],
    updatedAt: at,
  };
  const {
    photoKeys,
    history: _history,
    status: _status,
    refundId: _refundId,
    createdAt: _created,
    updatedAt: _updated,
    id,
    ...snapshot
  } = next;
  const changed = await changeReturn(record, next, {
    giveBack: effect === 'giveBack',
    audit: {
      staffId: staff.userId,
      at,
      action: request.action,
      record: { kind: 'return', id: record.id, label: record.returnNumber },
      before: { status: record.status, refundId: record.refundId ?? null, refundedCents: null },
      after: {
        status: next.status,
        refundId: next.refundId ?? null,
        refundedCents: refund ? record.refundCents : null,
        ...(request.note ? { staffNote: request.note } : {}),
      },
    },
    ...(refund ? { orderRefund: refund.orderRefund } : {}),
    events: [
      outboxEvent(ReturnStatusChanged, {
        ...snapshot,
        returnId: id,
        photoCount: photoKeys.length,
        from: decision.from,
        to: decision.to,
        staffNote: request.note,
        changedAt: at,
      }),
    ],
  });
  if (!changed) throw new HttpError(409, RETURN_MESSAGES.changedMeanwhile);
  return json(200, await detailOf(changed));
});

/**
 * Moving one return request (staff): approve, decline, receive, refund or remake. A refund holds its
 * amount within what the order's payment took, then refunds it at the payment provider. The audit
 * log entry commits with the change.
 */
import { RETURN_ACTION_DUTIES } from '#domain/staff/roles';
import { billedOnInvoice } from '#domain/orders/lifecycle';
import { formatCents } from '#domain/pricing/money';
import {
  decideReturnTransition,
  RETURN_LIFECYCLE,
  RETURN_MESSAGES,
  returnTransitionRequestSchema,
  type ReturnRecord,
} from '#domain/returns/return-request';
import { ReturnStatusChanged } from '#events/returns';
import { requireDuty, staffCaller, type Caller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import { holdRefund } from '../orders/order-payment-store';
import { readOrderHeader } from '../orders/order-store';
import { changeReturn, type OrderRefundRecord } from './return-store';

import { detailOf, returnOfPath } from './admin-return-detail';

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

/**
 * Stripe's invoice.paid (through the verified webhook, functions/payments/stripe-webhook.ts): the
 * account invoice it names becomes paid, its order's credit is given back to the client's account,
 * and the order's payment reads `invoicePaid`. However often the event comes, the invoice moves once
 * (a condition on its status), the credit is freed once (releaseCreditHold deletes the hold it gives
 * back, in one transaction) and the order moves once (a condition on `invoice`); each step runs on
 * every delivery, so a redelivery after a failure between them finishes the rest.
 */
import type Stripe from 'stripe';
import { logger } from '../lib/logger';
import { releaseCreditHold } from '../accounts/credit-store';
import { recordOrderInvoicePaid } from '../orders/order-payment-store';
import { markPaid, readAccountInvoice } from './invoice-store';

export async function recordInvoicePaid(stripeInvoice: Stripe.Invoice, eventId: string, now: Date): Promise<void> {
  const invoiceId = stripeInvoice.metadata?.invoiceId;
  const invoice = invoiceId ? await readAccountInvoice(invoiceId) : undefined;
  if (!invoice || (invoice.stripeInvoiceId !== null && invoice.stripeInvoiceId !== stripeInvoice.id)) {
    logger.warn('A paid Stripe invoice names no account invoice of the shop', {
      eventId,
      stripeInvoiceId: stripeInvoice.id,
      invoiceId,
    });
    return;
  }
  const paidAtSeconds = stripeInvoice.status_transitions?.paid_at;
  const paidAt = paidAtSeconds ? new Date(paidAtSeconds * 1000) : now;
  if (stripeInvoice.amount_paid !== invoice.totalCents) {
    logger.warn('A paid Stripe invoice took another amount than the invoice', {
      eventId,
      invoiceId: invoice.id,
      amountPaidCents: stripeInvoice.amount_paid,
      totalCents: invoice.totalCents,
    });
  }
  const paidNow = await markPaid(invoice.id, paidAt.toISOString());
  const released = await releaseCreditHold(invoice.clientId, invoice.orderId);
  const orderPaid = await recordOrderInvoicePaid(
    invoice.orderId,
    { invoiceId: invoice.id, paidAt: paidAt.toISOString(), eventId },
    now,
  );
  logger.info('Account invoice paid', {
    eventId,
    invoiceId: invoice.id,
    paidNow,
    creditReleased: released,
    orderMarkedPaid: orderPaid,
  });
}

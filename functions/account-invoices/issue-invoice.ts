/**
 * On OrderStatusChanged to shipped of an order placed on account: its invoice (issue 28). Made
 * once per order (the invoice id is the order number's, put only if absent), then carried from
 * `issuing` to `open` in steps that each find what an earlier attempt did: the PDF (the same bytes
 * each time), the client's Stripe customer, the Stripe invoice (created under an idempotency key
 * and recorded by a conditional write), its one item, finalizing (its number and hosted page) and
 * sending. A redelivered or retried shipping so resumes where the last attempt stopped, and issues
 * one invoice. It bills the order without the lines staff cancelled before it shipped (withoutCancelledLines).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type Stripe from 'stripe';
import {
  accountInvoiceDocument,
  accountInvoiceFileName,
  accountInvoiceIdOf,
  accountInvoicePdfKey,
  dueInstant,
  dueOnFor,
  type AccountInvoice,
  type InvoicedOrder,
} from '#domain/account-invoices/account-invoice';
import { shopDateAt } from '#domain/appointments/schedule';
import { withoutCancelledLines } from '#domain/orders/cancelled-lines';
import type { EventDetail } from '#events/declaration';
import { OrderStatusChanged } from '#events/orders';
import { storageClient } from '../lib/aws-clients';
import { shopSeller } from '#domain/orders/invoice';
import { businessConfig, config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { logger } from '../lib/logger';
import { stripeClient } from '../lib/stripe';
import { withOrderLines } from '../orders/event-lines';
import { renderDocumentPdf } from '../orders/invoice-pdf';
import { stripeCustomerFor } from '../accounts/stripe-customer';
import { markIssued, readAccountInvoice, recordStripeInvoice, startAccountInvoice } from './invoice-store';

export const issueOnShipping = consumer(OrderStatusChanged, 'IssueAccountInvoice', (change) => issueInvoice(change), {
  onceFor: (change) => `${change.orderId}#${change.to}`,
});

/** The invoice of the shipped order on account the change reports (any other change: nothing). */
export async function issueInvoice(change: EventDetail<typeof OrderStatusChanged>): Promise<void> {
  if (change.channel !== 'account' || change.to !== 'shipped') return;
  if (!change.poNumber || !change.paymentTerms) {
    logger.error('An order on account shipped without its PO number or terms', { orderId: change.orderId });
    return;
  }
  const shippedAt = change.shipment?.shippedAt ?? change.changedAt;
  const id = accountInvoiceIdOf(change.orderNumber);
  const billed = withoutCancelledLines(await withOrderLines(change));
  const invoice = await startAccountInvoice({
    id,
    orderId: change.orderId,
    orderNumber: change.orderNumber,
    clientId: change.clientId,
    customer: { name: change.customer.name, email: change.customer.email },
    poNumber: change.poNumber,
    terms: change.paymentTerms,
    totalCents: billed.totals.totalCents,
    shippedOn: shopDateAt(new Date(shippedAt)),
    dueOn: dueOnFor(new Date(shippedAt), change.paymentTerms),
    issuedAt: change.changedAt,
    status: 'issuing',
    stripeCustomerId: null,
    stripeInvoiceId: null,
    stripeInvoiceNumber: null,
    hostedInvoiceUrl: null,
    pdfKey: accountInvoicePdfKey(id),
    paidAt: null,
    remindersSent: 0,
  });
  if (invoice.status !== 'issuing') return;
  await storePdf(invoice, billed);
  const stripeInvoice = await openStripeInvoice(invoice);
  await markIssued(invoice, {
    stripeInvoiceNumber: stripeInvoice.number ?? invoice.id,
    hostedInvoiceUrl: stripeInvoice.hosted_invoice_url ?? '',
  });
}

async function storePdf(invoice: AccountInvoice, order: InvoicedOrder): Promise<void> {
  const pdf = await renderDocumentPdf(accountInvoiceDocument(invoice, order, shopSeller(businessConfig())));
  await storageClient().send(
    new PutObjectCommand({
      Bucket: config().UPLOADS_BUCKET,
      Key: invoice.pdfKey,
      Body: pdf,
      ContentType: 'application/pdf',
      ContentDisposition: `attachment; filename="${accountInvoiceFileName(invoice.id)}"`,
    }),
  );
}

/**
 * The invoice's Stripe invoice, finalized and sent: payable by card or US bank transfer on Stripe's
 * hosted page, due at the end of the due day, naming the PO number, carrying the shop's ids in its
 * metadata (invoice.paid finds the invoice by them).
 */
async function openStripeInvoice(invoice: AccountInvoice): Promise<Stripe.Invoice> {
  const stripe = stripeClient();
  let stripeInvoiceId = invoice.stripeInvoiceId;
  const customer = invoice.stripeCustomerId ?? (await stripeCustomerFor(invoice.clientId, invoice.customer));
  if (!stripeInvoiceId) {
    const created = await stripe.invoices.create(
      {
        customer,
        collection_method: 'send_invoice',
        due_date: Math.floor(dueInstant(invoice.dueOn).getTime() / 1000),
        auto_advance: false,
        pending_invoice_items_behavior: 'exclude',
        description: `Order ${invoice.orderNumber}`,
        custom_fields: [
          { name: 'PO number', value: invoice.poNumber },
          { name: 'Order number', value: invoice.orderNumber },
        ],
        metadata: { invoiceId: invoice.id, orderId: invoice.orderId, clientId: invoice.clientId },
        payment_settings: {
          payment_method_types: ['card', 'customer_balance'],
          payment_method_options: {
            customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'us_bank_transfer' } },
          },
        },
      },
      { idempotencyKey: `account-invoice-${invoice.id}` },
    );
    await recordStripeInvoice(invoice.id, { stripeCustomerId: customer, stripeInvoiceId: created.id });
    // Another attempt may have recorded its own first: the one recorded is the invoice's.
    stripeInvoiceId = (await readAccountInvoice(invoice.id))!.stripeInvoiceId!;
  }
  let stripeInvoice = await stripe.invoices.retrieve(stripeInvoiceId);
  if (stripeInvoice.status === 'draft') {
    if (stripeInvoice.lines.data.length === 0) {
      await stripe.invoiceItems.create(
        {
          customer,
          invoice: stripeInvoiceId,
          amount: invoice.totalCents,
          currency: 'usd',
          description: `Order ${invoice.orderNumber} (PO ${invoice.poNumber})`,
        },
        { idempotencyKey: `account-invoice-item-${invoice.id}` },
      );
    }
    stripeInvoice = await stripe.invoices.finalizeInvoice(stripeInvoiceId);
  }
  // Stripe mails the client the invoice and its link (resent only if an attempt stopped between here and markIssued).
  if (stripeInvoice.status === 'open') await stripe.invoices.sendInvoice(stripeInvoiceId);
  return stripeInvoice;
}

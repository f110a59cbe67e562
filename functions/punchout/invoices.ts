/**
 * Punch-out invoices (domain/punchout/README.md; decision 0018): made once when staff mark a
 * punch-out order shipped, listed and exported for staff, and sent as a cXML InvoiceDetailRequest
 * to the configuration's invoice address when it has one. Delivery is retried by the bus consumer's
 * retry policy (3 attempts locally, EventBridge's retries on AWS, then the dead letters, from which
 * staff retry); every attempt's outcome is recorded on the invoice (invoice-store.ts).
 */
import { parseCxmlResponse } from '#domain/punchout/cxml/index';
import { PURCHASE_ORDER_CURRENCY } from '#domain/punchout/purchase-order';
import { invoiceNumberOf, type PunchoutInvoice } from '#domain/punchout/invoice';
import { OrderStatusChanged } from '#events/orders';
import { PunchoutInvoiceIssued } from '#events/punchout';
import { readOrder } from '../orders/order-store';
import { consumer } from '../lib/event-consumer';
import { publish } from '../lib/events';
import { postOutgoing, type OutgoingAnswer } from '../lib/outgoing-request';
import { readConfiguration } from './configuration-store';
import { invoiceCxml } from './invoice-cxml';
import { keepInvoice, readInvoice, recordDelivery } from './invoice-store';

/**
 * On OrderStatusChanged to shipped of a punch-out order: its invoice, made once (the invoice id is
 * the order number's, put only if absent), then PunchoutInvoiceIssued. Published again when a
 * retried delivery finds the invoice made, so a crash between the two never loses the event; its
 * consumer delivers once per invoice.
 */
export const issueOnShipping = consumer(
  OrderStatusChanged,
  'IssuePunchoutInvoice',
  async (change) => {
    if (change.channel !== 'punchout' || change.to !== 'shipped') return;
    const found = await readOrder(change.orderId);
    const purchaseOrder = found?.order.purchaseOrder;
    if (!found || !purchaseOrder) return;
    const { order } = found;
    const configuration = await readConfiguration(purchaseOrder.configurationId);
    const id = invoiceNumberOf(order.orderNumber);
    const lines = purchaseOrder.items.map((item) => ({
      lineNumber: item.lineNumber,
      supplierPartId: item.supplierPartId,
      supplierPartAuxiliaryId: item.supplierPartAuxiliaryId,
      description: item.description,
      quantity: item.quantity,
      unitOfMeasure: item.unitOfMeasure,
      unitCents: item.unitCents,
      lineCents: item.quantity * item.unitCents,
    }));
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
    const issuedAt = change.changedAt;
    const invoice: PunchoutInvoice = {
      id,
      invoiceNumber: id,
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: 'issued',
      configurationId: purchaseOrder.configurationId,
      buyerSystem: purchaseOrder.buyerSystem,
      buyerOrderId: purchaseOrder.buyerOrderId,
      buyerOrderDate: purchaseOrder.orderDate,
      customerName: order.customer.name,
      shipTo: purchaseOrder.shipTo,
      billTo: purchaseOrder.billTo ?? purchaseOrder.shipTo,
      lines,
      subtotalCents,
      taxCents: 0,
      shippingCents: 0,
      totalCents: subtotalCents,
      currency: PURCHASE_ORDER_CURRENCY,
      issuedAt,
      shippedAt: order.shipment?.shippedAt ?? issuedAt,
      delivery: {
        status: configuration?.invoiceUrl ? 'pending' : 'none',
        attempts: 0,
        lastError: null,
        deliveredAt: null,
      },
    };
    const made = await keepInvoice(invoice);
    await publish(PunchoutInvoiceIssued, {
      invoiceId: made.id,
      invoiceNumber: made.invoiceNumber,
      orderId: made.orderId,
      orderNumber: made.orderNumber,
      configurationId: made.configurationId,
      totalCents: made.totalCents,
      issuedAt: made.issuedAt,
    });
  },
  { onceFor: (change) => `${change.orderId}#${change.to}` },
);

/** How long one delivery attempt waits for the buyer's whole answer. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** A cXML Response is a few hundred bytes; what goes on past this is not read. */
const ANSWER_MAX_BYTES = 64 * 1024;

/**
 * Why the buyer's answer is not an acceptance, or null: a 2xx HTTP status whose cXML Status (when it
 * sends one) is 2xx. A redirect is an answer like any other, never followed.
 */
function refusalOf(answer: OutgoingAnswer): string | null {
  if (answer.error !== null) return answer.refused ? answer.error : `Not reached: ${answer.error}`;
  const status = answer.status ?? 0;
  if (status >= 300 && status < 400) return `HTTP ${status}: a redirect, which invoices do not follow`;
  if (status < 200 || status >= 300) return `HTTP ${status}`;
  if (!answer.body.includes('<Status')) return null;
  try {
    const cxml = parseCxmlResponse(answer.body);
    return cxml.code >= 200 && cxml.code < 300
      ? null
      : `cXML Status ${cxml.code} ${cxml.text}${cxml.message ? `: ${cxml.message}` : ''}`;
  } catch {
    return 'The answer is not a cXML Response';
  }
}

/**
 * On PunchoutInvoiceIssued: POSTs the cXML invoice to the configuration's invoice address, if it has
 * one, under the rules of every request to a typed address (functions/lib/outgoing-request.ts). A
 * failure is recorded on the invoice and thrown, so the bus retries the delivery; an address those
 * rules refuse is recorded and not retried.
 */
export const deliverInvoice = consumer(
  PunchoutInvoiceIssued,
  'DeliverPunchoutInvoice',
  async (issued) => {
    const [invoice, configuration] = await Promise.all([
      readInvoice(issued.invoiceId),
      readConfiguration(issued.configurationId),
    ]);
    const url = configuration?.invoiceUrl;
    if (!invoice || !url || invoice.delivery.status === 'delivered') return;
    const found = await readOrder(invoice.orderId);
    const answer = await postOutgoing({
      url,
      body: invoiceCxml(invoice, configuration, found?.order.purchaseOrder?.payloadId ?? null),
      headers: { 'content-type': 'text/xml; charset=utf-8', 'user-agent': 'shop-invoices' },
      timeoutMs: DELIVERY_TIMEOUT_MS,
      maxBodyBytes: ANSWER_MAX_BYTES,
    });
    const problem = refusalOf(answer);
    if (!problem) {
      await recordDelivery(invoice.id, { status: 'delivered', lastError: null, deliveredAt: new Date().toISOString() });
      return;
    }
    await recordDelivery(invoice.id, { status: 'failed', lastError: problem, deliveredAt: null });
    // Nothing was sent to a refused address, and a retry would refuse it again.
    if (!answer.refused) throw new Error(`Invoice ${invoice.invoiceNumber} was not delivered: ${problem}`);
  },
  { onceFor: (issued) => issued.invoiceId },
);

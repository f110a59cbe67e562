/**
 * A punch-out invoice as the cXML InvoiceDetailRequest the buyer receives: sent by the delivery
 * consumer (invoices.ts), exported by staff (invoices-api.ts), which so carries no consumer.
 */
import { businessConfig } from '../lib/config';
import { invoiceDetailRequest } from '#domain/punchout/cxml/index';
import type { PunchoutInvoice } from '#domain/punchout/invoice';
import type { PurchaseOrderAddress } from '#domain/punchout/purchase-order';
import { shopPartiesFor } from '#domain/punchout/session';
import { readOrder } from '../orders/order-store';
import { readConfiguration } from './configuration-store';

function addressOf(address: PurchaseOrderAddress) {
  return { ...address, countryCode: 'US', country: address.country || 'United States' };
}

/** The invoice as cXML: an InvoiceDetailRequest (1.2.020 InvoiceDetail.dtd) from the shop to the buyer's identity. */
export function invoiceCxml(
  invoice: PunchoutInvoice,
  configuration: { identity: string; senderIdentity: string | null } | undefined,
  payloadId: string | null,
): string {
  return invoiceDetailRequest(
    {
      ...shopPartiesFor(configuration ?? { identity: invoice.buyerSystem, senderIdentity: null }),
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: new Date(invoice.issuedAt),
      orderNumber: invoice.orderNumber,
      buyerOrder: {
        orderId: invoice.buyerOrderId,
        orderDate: invoice.buyerOrderDate,
        ...(payloadId ? { payloadId } : {}),
      },
      lines: invoice.lines.map((line) => ({
        lineNumber: line.lineNumber,
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        description: line.description || line.supplierPartId,
        supplierPartId: line.supplierPartId,
        ...(line.supplierPartAuxiliaryId ? { supplierPartAuxiliaryId: line.supplierPartAuxiliaryId } : {}),
      })),
      subtotalCents: invoice.subtotalCents,
      taxCents: invoice.taxCents,
      shippingCents: invoice.shippingCents,
      totalCents: invoice.totalCents,
      remitTo: { name: businessConfig().legalName, email: businessConfig().email },
      billTo: { name: invoice.billTo.name || invoice.customerName, address: addressOf(invoice.billTo) },
    },
    { now: new Date(invoice.issuedAt) },
  );
}

/** The invoice's cXML with the purchase order's payloadID (read from its order). */
export async function invoiceCxmlOf(invoice: PunchoutInvoice): Promise<string> {
  const [configuration, found] = await Promise.all([
    readConfiguration(invoice.configurationId),
    readOrder(invoice.orderId),
  ]);
  return invoiceCxml(invoice, configuration, found?.order.purchaseOrder?.payloadId ?? null);
}

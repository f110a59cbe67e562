/**
 * A punch-out order's invoice, made once when the order ships, and its exports (TSV, XML, cXML)
 * for the buyer's accounts payable and staff's Invoice Management tab. Pure; functions/punchout/
 * makes, stores and delivers them.
 */
import * as z from 'zod';
import {
  decimalOf,
  PURCHASE_ORDER_CURRENCY,
  purchaseOrderAddressSchema,
  type PurchaseOrderAddress,
} from './purchase-order';

const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime();

export const INVOICE_STATUSES = ['issued'] as const;

/** Where the cXML invoice is, for a configuration with an invoice address: `none` when it has none. */
export const INVOICE_DELIVERY_STATUSES = ['none', 'pending', 'delivered', 'failed'] as const;
export type InvoiceDeliveryStatus = (typeof INVOICE_DELIVERY_STATUSES)[number];

export const invoiceDeliverySchema = z.object({
  status: z.enum(INVOICE_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** The last failure: the receiver's HTTP status and cXML Status, or the network error. */
  lastError: z.string().nullable(),
  deliveredAt: isoTime.nullable(),
});
export type InvoiceDelivery = z.infer<typeof invoiceDeliverySchema>;

export const invoiceLineSchema = z.object({
  lineNumber: z.number().int().positive(),
  supplierPartId: z.string(),
  supplierPartAuxiliaryId: z.string(),
  description: z.string(),
  quantity: z.number().int().positive(),
  unitOfMeasure: z.string(),
  unitCents: cents,
  lineCents: cents,
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A punch-out order's invoice, made once when the order ships. */
export const punchoutInvoiceSchema = z.object({
  id: z.string(),
  /** INV- and the order number's six characters: unique as the order number is, one invoice per order. */
  invoiceNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  configurationId: z.string(),
  buyerSystem: z.string(),
  buyerOrderId: z.string(),
  buyerOrderDate: z.string(),
  customerName: z.string(),
  shipTo: purchaseOrderAddressSchema,
  billTo: purchaseOrderAddressSchema,
  lines: z.array(invoiceLineSchema),
  subtotalCents: cents,
  taxCents: cents,
  shippingCents: cents,
  totalCents: cents,
  currency: z.literal(PURCHASE_ORDER_CURRENCY),
  issuedAt: isoTime,
  shippedAt: isoTime,
  delivery: invoiceDeliverySchema,
});
export type PunchoutInvoice = z.infer<typeof punchoutInvoiceSchema>;

export function invoiceNumberOf(orderNumber: string): string {
  return orderNumber.replace(/^HBB-/, 'INV-');
}

/** The invoice id in paths and file names: its number, which is already unique and readable. */
export const invoiceIdSchema = z.string().regex(/^INV-[2-9A-HJ-NP-Z]{6}$/);

/** A row of the Invoice Management tab. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  buyerOrderId: z.string(),
  totalCents: cents,
  issuedAt: isoTime,
  delivery: z.object({ status: z.enum(INVOICE_DELIVERY_STATUSES), detail: z.string().nullable() }),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export function invoiceSummaryOf(invoice: PunchoutInvoice): InvoiceSummary {
  const { delivery } = invoice;
  const detail =
    delivery.status === 'failed'
      ? `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}; last error: ${delivery.lastError ?? 'unknown'}`
      : delivery.status === 'delivered'
        ? `Delivered ${delivery.deliveredAt}`
        : null;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    orderNumber: invoice.orderNumber,
    status: invoice.status,
    buyerOrderId: invoice.buyerOrderId,
    totalCents: invoice.totalCents,
    issuedAt: invoice.issuedAt,
    delivery: { status: delivery.status, detail },
  };
}

/** Newest first, a page at a time: `nextCursor` is null on the last page. */
export const INVOICE_PAGE_SIZE = 50;
export const invoicesPageSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
});
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;
export const invoicesQuerySchema = z.object({ cursor: z.string().min(1).max(2048).optional() });

/** The export formats, and the file each one answers. */
export const INVOICE_EXPORT_FORMATS = ['tsv', 'xml', 'cxml'] as const;
export type InvoiceExportFormat = (typeof INVOICE_EXPORT_FORMATS)[number];
export const invoiceExportQuerySchema = z.object({
  format: z.enum(INVOICE_EXPORT_FORMATS, { error: 'Please choose tsv, xml or cxml.' }),
});

export function invoiceFileName(invoiceId: string, format: InvoiceExportFormat): string {
  return `invoice-${invoiceId}.${format}`;
}

export const INVOICE_MESSAGES = { notFound: 'Invoice Not Found' } as const;

/** The TSV export's columns, one row per invoice line with the invoice's own fields repeated (a spreadsheet sums by column). */
export const INVOICE_TSV_COLUMNS = [
  'invoice_number',
  'order_number',
  'buyer_order_id',
  'status',
  'issued_at',
  'line_number',
  'supplier_part_id',
  'description',
  'quantity',
  'unit_of_measure',
  'unit_price',
  'line_total',
  'invoice_total',
  'currency',
] as const;

export function invoiceTsvRows(invoice: PunchoutInvoice): Array<Record<(typeof INVOICE_TSV_COLUMNS)[number], string>> {
  return invoice.lines.map((line) => ({
    invoice_number: invoice.invoiceNumber,
    order_number: invoice.orderNumber,
    buyer_order_id: invoice.buyerOrderId,
    status: invoice.status,
    issued_at: invoice.issuedAt,
    line_number: String(line.lineNumber),
    supplier_part_id: line.supplierPartId,
    description: line.description,
    quantity: String(line.quantity),
    unit_of_measure: line.unitOfMeasure,
    unit_price: decimalOf(line.unitCents),
    line_total: decimalOf(line.lineCents),
    invoice_total: decimalOf(invoice.totalCents),
    currency: invoice.currency,
  }));
}

/** The plain XML export's tree (for an XML builder): the invoice, its parties and lines, amounts to two decimals. */
export function invoiceXmlTree(invoice: PunchoutInvoice) {
  const party = (address: PurchaseOrderAddress) => ({
    Name: address.name,
    Street: address.street,
    City: address.city,
    State: address.state,
    PostalCode: address.postalCode,
    Country: address.country,
  });
  return {
    Invoice: {
      '@_number': invoice.invoiceNumber,
      '@_status': invoice.status,
      OrderNumber: invoice.orderNumber,
      BuyerOrderId: invoice.buyerOrderId,
      BuyerOrderDate: invoice.buyerOrderDate,
      IssuedAt: invoice.issuedAt,
      ShippedAt: invoice.shippedAt,
      Customer: invoice.customerName,
      BillTo: party(invoice.billTo),
      ShipTo: party(invoice.shipTo),
      Lines: {
        Line: invoice.lines.map((line) => ({
          '@_number': line.lineNumber,
          SupplierPartId: line.supplierPartId,
          SupplierPartAuxiliaryId: line.supplierPartAuxiliaryId,
          Description: line.description,
          Quantity: line.quantity,
          UnitOfMeasure: line.unitOfMeasure,
          UnitPrice: decimalOf(line.unitCents),
          LineTotal: decimalOf(line.lineCents),
        })),
      },
      Subtotal: decimalOf(invoice.subtotalCents),
      Tax: decimalOf(invoice.taxCents),
      Shipping: decimalOf(invoice.shippingCents),
      Total: decimalOf(invoice.totalCents),
      Currency: invoice.currency,
    },
  };
}

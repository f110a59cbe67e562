/**
 * What a paid order's documents say, pure: the invoice's content (seller, number, date, parties,
 * lines, amounts, payment) and the amount rows the confirmation mail shares with it. The PDF is
 * drawn from this model by functions/orders/invoice-pdf.ts; nothing here knows about pages or fonts.
 */
import type { DeliveryEstimate } from '../calendar/estimate-schema';
import type { BusinessSettings } from '../business';
import { SHOP_TIME_ZONE } from '../opening-hours';
import type { CheckoutAddress, OrderSample } from '../checkout/checkout';
import { ESTIMATED_TAX_PERCENT } from '../cart/totals';
import type { OrderCustomer, OrderLine, OrderTotals } from './order';

/** The part of a paid order its documents are made from (the OrderPaid event carries all of it). */
export interface PaidOrder {
  orderNumber: string;
  customer: OrderCustomer;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  lines: OrderLine[];
  samples: OrderSample[];
  totals: OrderTotals;
  installation: boolean;
  paidAt: string;
  /** The hosted checkout session: what My Account shows as Payment ID. */
  checkoutSessionId: string;
  /** The dates promised at placement; none for orders placed before there were any. */
  estimate?: DeliveryEstimate | null;
}

export interface InvoiceParty {
  name: string;
  /** Street, optional second line, "City, ST 12345". */
  addressLines: string[];
}

export interface InvoiceLine {
  title: string;
  /** The configuration spelled out as the cart showed it, ending with the room when the blind has one. */
  details: string[];
  quantity: number;
  unitCents: number;
  lineCents: number;
}

export interface AmountRow {
  label: string;
  cents: number;
  /** The total: drawn and written stronger. */
  isTotal: boolean;
}

export interface Invoice {
  /** The invoice number is the order number: one invoice per order. */
  number: string;
  /** When the order was paid: the invoice's date, and its PDF's creation date (so a re-render is the same file). */
  issuedAt: string;
  /** The day of payment in the shop's time zone, e.g. "March 5, 2026". */
  date: string;
  seller: { name: string; legalName: string; addressLines: string[]; phone: string; email: string; website: string };
  billTo: InvoiceParty;
  shipTo: InvoiceParty;
  /** The blinds, then the samples riding along (free; their shipping is an amount row). */
  lines: InvoiceLine[];
  amounts: AmountRow[];
  payment: { method: string; reference: string };
}

export const PAID_BY_CARD = 'Paid by card';

/**
 * A document the shop prints in its brand (an invoice, a quote), as functions/orders/invoice-pdf.ts
 * draws it: the title and its reference rows at the top right, the parties, the lines, the amounts,
 * a closing paragraph and the footer's words.
 */
export interface PrintedDocument {
  /** INVOICE, QUOTE. */
  title: string;
  /** Its number, which the footer and the PDF's metadata name. */
  number: string;
  /** The PDF's creation date (the same document gives the same bytes). */
  issuedAt: string;
  seller: Invoice['seller'];
  references: Array<{ label: string; value: string }>;
  parties: Array<{ label: string; party: InvoiceParty }>;
  lines: InvoiceLine[];
  amounts: AmountRow[];
  closing: { heading: string; detail: string; message: string };
  /** "Invoice HBB-…", "Quote Q-…": after the legal name in every page's footer. */
  footer: string;
}

/** The shop as a document's seller. */
export function shopSeller(business: BusinessSettings): Invoice['seller'] {
  const { address } = business;
  return {
    name: business.name,
    legalName: business.legalName,
    addressLines: [address.street, `${address.city}, ${address.region} ${address.postalCode}`],
    phone: business.phoneDisplay,
    email: business.email,
    website: business.siteUrl.replace(/^https?:\/\//, ''),
  };
}

/** The invoice as the PDF prints it. */
export function invoiceDocument(invoice: Invoice): PrintedDocument {
  return {
    title: 'INVOICE',
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    seller: invoice.seller,
    references: [
      { label: 'Invoice number', value: invoice.number },
      { label: 'Order number', value: invoice.number },
      { label: 'Date', value: invoice.date },
    ],
    parties: [
      { label: 'Bill to', party: invoice.billTo },
      { label: 'Ship to', party: invoice.shipTo },
    ],
    lines: invoice.lines,
    amounts: invoice.amounts,
    closing: {
      heading: invoice.payment.method,
      detail: `Payment ID: ${invoice.payment.reference}`,
      message: `Thank you for your order. Questions? Call ${invoice.seller.phone} or write to ${invoice.seller.email}.`,
    },
    footer: `Invoice ${invoice.number}`,
  };
}

export function postalAddressLines(address: CheckoutAddress): string[] {
  return [address.address1, address.address2, `${address.city}, ${address.state} ${address.zipCode}`].filter(
    (line) => line.trim() !== '',
  );
}

const invoiceDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });

/** A day as the shop states it, in its own time zone: 2026-03-06T03:00:00Z → "March 5, 2026". */
export function shopDate(isoTime: string): string {
  return invoiceDate.format(new Date(isoTime));
}

/** The tax row of an order the shop taxed at its rate. */
export const ESTIMATED_TAX_LABEL = `Tax (${ESTIMATED_TAX_PERCENT}%)`;

/**
 * The amounts of an order in the order they add up: subtotal, each discount (as a negative amount),
 * tax, shipping, then sample shipping, installation and a quote's charges only when the order has
 * them, then the total. Shipping is always shown, as $0.00 when delivery is free, so the reader sees it was not
 * forgotten.
 */
export function orderAmountRows(totals: OrderTotals): AmountRow[] {
  const row = (label: string, cents: number, isTotal = false): AmountRow => ({ label, cents, isTotal });
  return [
    row('Subtotal', totals.subtotalCents),
    ...totals.discounts.map((discount) => row(discount.label, -discount.cents)),
    row(ESTIMATED_TAX_LABEL, totals.taxCents),
    row('Shipping', totals.shippingCents),
    ...(totals.sampleShippingCents > 0 ? [row('Sample shipping', totals.sampleShippingCents)] : []),
    ...(totals.installationCents > 0 ? [row('Professional installation', totals.installationCents)] : []),
    ...(totals.charges ?? []).map((charge) => row(charge.label, charge.cents)),
    row('Total', totals.totalCents, true),
  ];
}

/** The line's configuration spelled out, with its room (the cart's description already names it; older lines may not). */
export function lineDetails(line: Pick<OrderLine, 'description' | 'roomLabel'>): string[] {
  if (!line.roomLabel) return line.description;
  const room = `Room: ${line.roomLabel}`;
  return line.description.includes(room) ? line.description : [...line.description, room];
}

/** A blind of an order or a quote as a document lists it. */
export function blindLine(
  line: Pick<OrderLine, 'title' | 'description' | 'roomLabel' | 'quantity' | 'unitCents' | 'lineCents'>,
): InvoiceLine {
  return {
    title: line.title,
    details: lineDetails(line),
    quantity: line.quantity,
    unitCents: line.unitCents,
    lineCents: line.lineCents,
  };
}

export function sampleTitle(sample: OrderSample): string {
  return `Free sample: ${sample.productName}`;
}

/** `seller`: the shop as shopSeller gives it. */
export function buildInvoice(order: PaidOrder, seller: Invoice['seller']): Invoice {
  return {
    number: order.orderNumber,
    issuedAt: order.paidAt,
    date: shopDate(order.paidAt),
    seller,
    billTo: { name: order.customer.name, addressLines: postalAddressLines(order.billingAddress) },
    shipTo: { name: order.customer.name, addressLines: postalAddressLines(order.shippingAddress) },
    lines: [
      ...order.lines.map(blindLine),
      ...order.samples.map((sample) => ({
        title: sampleTitle(sample),
        details: [`Color: ${sample.color}`, `Material: ${sample.material}`],
        quantity: 1,
        unitCents: 0,
        lineCents: 0,
      })),
    ],
    amounts: orderAmountRows(order.totals),
    payment: { method: PAID_BY_CARD, reference: order.checkoutSessionId },
  };
}

/**
 * The words of the mails about a new order: the customer's confirmation and the staff notice when
 * a card order is paid, when an order is placed on account, and when a punch-out purchase order
 * arrives. Pure: the consumers send what these answer. The mails of its later moves:
 * order-status-mails.ts.
 */
import { onAccountLabel, PAYMENT_TERMS_DAYS, type PaymentTerms } from '#domain/accounts/payment-terms';
import { installationWhen, type InstallationVisitSummary } from '#domain/appointments/installation-choices';
import { orderAmountRows, shopDate, type PaidOrder } from '#domain/orders/invoice';
import { nextSteps } from '#domain/orders/next-steps';
import { formatCents } from '#domain/pricing/money';
import type { PriceReview, PurchaseOrder } from '#domain/punchout/purchase-order';
import { businessConfig } from '../lib/config';
import type { Mail } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { addressBlock, mail, orderItems, promisedDelivery, signature, siteLink } from './order-mail-parts';

/** An order's installation visit as its confirmation states it, with the signed link that shows, books or moves it. */
export interface ConfirmedInstallation {
  visit: InstallationVisitSummary | null;
  manageUrl: string;
}

/**
 * Staff's line on the order's installation: the customer books the visit themselves (at checkout
 * or later by the link in their mail), so staff read the date and window booked, or that none is
 * yet with the link the customer got.
 */
function staffInstallationLine(bought: boolean, installation: ConfirmedInstallation | null): string {
  if (!bought) return 'Professional installation: no';
  const visit = installation?.visit;
  if (visit?.status === 'scheduled' && visit.date && visit.window)
    return `Professional installation: booked for ${installationWhen({ date: visit.date, window: visit.window })}`;
  return installation
    ? `Professional installation: not booked yet (the customer chooses a date with ${installation.manageUrl})`
    : 'Professional installation: not booked yet';
}

/** The installation's link, when the order bought installation. */
function installationLink(installation: ConfirmedInstallation | null): MailBlock[] {
  if (!installation) return [];
  const booked = installation.visit?.status === 'scheduled';
  return [
    {
      kind: 'link',
      label: booked ? 'See or change your installation visit' : 'Choose your installation date',
      url: installation.manageUrl,
    },
  ];
}

/** The customer's confirmation of a paid order: everything bought, the money, the addresses and what happens next. */
export function orderConfirmationMail(
  order: PaidOrder,
  siteUrl: string,
  installation: ConfirmedInstallation | null = null,
): Mail {
  return mail(
    siteUrl,
    [order.customer.email],
    `Order confirmed: ${order.orderNumber}`,
    `Thank you for your order: ${formatCents(order.totals.totalCents)} received, and here is what happens next.`,
    [
      { kind: 'paragraph', text: `Hi ${order.customer.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for your order with ${businessConfig().name}. We received your payment of ${formatCents(order.totals.totalCents)} on ${shopDate(order.paidAt)}.`,
      },
      { kind: 'lines', lines: [`Order number: ${order.orderNumber}`, `Payment ID: ${order.checkoutSessionId}`] },
      { kind: 'heading', text: 'Your order' },
      orderItems(order),
      {
        kind: 'amounts',
        rows: orderAmountRows(order.totals).map((row) => ({
          label: row.label,
          amount: formatCents(row.cents),
          isTotal: row.isTotal,
        })),
      },
      { kind: 'heading', text: 'Shipping address' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'heading', text: 'Billing address' },
      addressBlock(order.customer, order.billingAddress),
      { kind: 'heading', text: 'What happens next' },
      ...(order.estimate ? [{ kind: 'paragraph', text: promisedDelivery(order.estimate) } satisfies MailBlock] : []),
      { kind: 'lines', lines: nextSteps(order, installation?.visit ?? null) },
      ...installationLink(installation),
      {
        kind: 'paragraph',
        text: 'Follow your order with your order number and e-mail address, or in My Account, where your invoice is ready to download.',
      },
      { kind: 'link', label: 'Track your order', url: siteLink(siteUrl, '/track-order'), primary: true },
      { kind: 'link', label: 'My Account', url: siteLink(siteUrl, '/account') },
      signature(),
    ],
  );
}

/** Staff's notice of a paid order: who, what, the total, where it goes, and the admin area. Replying reaches the customer. */
export function paidOrderStaffMail(
  order: PaidOrder & { notes: string; sampleRequestReference: string | null },
  siteUrl: string,
  staffEmail: string,
  installation: ConfirmedInstallation | null = null,
): Mail {
  const blinds = order.totals.blindCount;
  const what = [
    `${blinds} ${blinds === 1 ? 'blind' : 'blinds'}`,
    ...(order.samples.length > 0
      ? [`${order.samples.length} ${order.samples.length === 1 ? 'sample' : 'samples'}`]
      : []),
    ...(order.installation ? ['installation'] : []),
  ].join(', ');
  return mail(
    siteUrl,
    [staffEmail],
    `Paid order ${order.orderNumber}: ${formatCents(order.totals.totalCents)} from ${order.customer.name}`,
    `${what}, ${formatCents(order.totals.totalCents)}.`,
    [
      {
        kind: 'paragraph',
        text: `Order ${order.orderNumber} was paid on ${shopDate(order.paidAt)}: ${what}, ${formatCents(order.totals.totalCents)}.`,
      },
      {
        kind: 'lines',
        lines: [
          `Customer: ${order.customer.name} <${order.customer.email}>`,
          `Phone: ${order.customer.phone || 'Not provided'}`,
          staffInstallationLine(order.installation, installation),
          ...(order.sampleRequestReference ? [`Sample request: ${order.sampleRequestReference}`] : []),
          `Payment ID: ${order.checkoutSessionId}`,
          ...(order.notes ? [`Notes: ${order.notes}`] : []),
        ],
      },
      { kind: 'heading', text: 'Items' },
      orderItems(order, { forStaff: true }),
      {
        kind: 'amounts',
        rows: orderAmountRows(order.totals).map((row) => ({
          label: row.label,
          amount: formatCents(row.cents),
          isTotal: row.isTotal,
        })),
      },
      { kind: 'heading', text: 'Ship to' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'link', label: 'Open the Orders tab', url: siteLink(siteUrl, '/admin'), primary: true },
    ],
    [order.customer.email],
  );
}

/** An order placed on account as its OrderPlaced event carries it: no payment yet, the buyer's PO number and the terms it is billed under. */
export interface PlacedAccountOrder extends Omit<PaidOrder, 'paidAt' | 'checkoutSessionId'> {
  placedAt: string;
  notes: string;
  poNumber: string;
  paymentTerms: PaymentTerms;
}

function amountsBlock(order: Pick<PaidOrder, 'totals'>): MailBlock {
  return {
    kind: 'amounts',
    rows: orderAmountRows(order.totals).map((row) => ({
      label: row.label,
      amount: formatCents(row.cents),
      isTotal: row.isTotal,
    })),
  };
}

/** The customer's confirmation of an order placed on account: everything bought, the PO number and terms it is billed under, what happens next. */
export function accountOrderConfirmationMail(
  order: PlacedAccountOrder,
  siteUrl: string,
  installation: ConfirmedInstallation | null = null,
): Mail {
  const terms = onAccountLabel(order.paymentTerms);
  return mail(
    siteUrl,
    [order.customer.email],
    `Order confirmed: ${order.orderNumber} (your PO ${order.poNumber})`,
    `Thank you for your order: placed on account, ${formatCents(order.totals.totalCents)} billed under your terms.`,
    [
      { kind: 'paragraph', text: `Hi ${order.customer.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for your order with ${businessConfig().name}, placed on account on ${shopDate(order.placedAt)}. We invoice ${formatCents(order.totals.totalCents)} under your terms: payment is due ${PAYMENT_TERMS_DAYS[order.paymentTerms]} days after the invoice date.`,
      },
      {
        kind: 'lines',
        lines: [`Order number: ${order.orderNumber}`, `Your PO number: ${order.poNumber}`, `Payment: ${terms}`],
      },
      { kind: 'heading', text: 'Your order' },
      orderItems(order),
      amountsBlock(order),
      { kind: 'heading', text: 'Shipping address' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'heading', text: 'Billing address' },
      addressBlock(order.customer, order.billingAddress),
      { kind: 'heading', text: 'What happens next' },
      { kind: 'lines', lines: nextSteps(order, installation?.visit ?? null) },
      ...installationLink(installation),
      { kind: 'link', label: 'Track your order', url: siteLink(siteUrl, '/track-order'), primary: true },
      { kind: 'link', label: 'My Account', url: siteLink(siteUrl, '/account') },
      signature(),
    ],
  );
}

/** Staff's notice of an order placed on account: who, what, the PO number and terms, where it goes. Replying reaches the customer. */
export function accountOrderStaffMail(
  order: PlacedAccountOrder,
  siteUrl: string,
  staffEmail: string,
  installation: ConfirmedInstallation | null = null,
): Mail {
  const terms = onAccountLabel(order.paymentTerms);
  return mail(
    siteUrl,
    [staffEmail],
    `Order on account ${order.orderNumber} (PO ${order.poNumber}): ${formatCents(order.totals.totalCents)} from ${order.customer.name}`,
    `${terms}, ${formatCents(order.totals.totalCents)}.`,
    [
      {
        kind: 'paragraph',
        text: `Order ${order.orderNumber} was placed on account on ${shopDate(order.placedAt)}: ${formatCents(order.totals.totalCents)}, ${terms}. It goes to production now; no payment is taken.`,
      },
      {
        kind: 'lines',
        lines: [
          `Customer: ${order.customer.name} <${order.customer.email}>`,
          `Phone: ${order.customer.phone || 'Not provided'}`,
          `PO number: ${order.poNumber}`,
          `Payment: ${terms}`,
          staffInstallationLine(order.installation, installation),
          ...(order.notes ? [`Notes: ${order.notes}`] : []),
        ],
      },
      { kind: 'heading', text: 'Items' },
      orderItems(order, { forStaff: true }),
      amountsBlock(order),
      { kind: 'heading', text: 'Ship to' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'link', label: 'Open the Orders tab', url: siteLink(siteUrl, '/admin'), primary: true },
    ],
    [order.customer.email],
  );
}

/** A punch-out order as its OrderPlaced event carries it: no card payment, the buyer's purchase order and its price review. */
export interface PlacedPurchaseOrder extends Omit<PaidOrder, 'paidAt' | 'checkoutSessionId'> {
  placedAt: string;
  notes: string;
  purchaseOrder: PurchaseOrder;
  priceReview: PriceReview | null;
}

/** The lines the buyer ordered that name no blind the shop returned: listed so nobody overlooks them. */
function unmatchedItems(order: PlacedPurchaseOrder): MailBlock[] {
  const unmatched = order.purchaseOrder.items.filter((item) => item.orderLinePosition === null);
  if (unmatched.length === 0) return [];
  return [
    { kind: 'heading', text: 'Other lines of the purchase order' },
    {
      kind: 'items',
      items: unmatched.map((item) => ({
        heading: `${item.quantity} x ${item.description || item.supplierPartId} at ${formatCents(item.unitCents)}`,
        details: [`Line ${item.lineNumber}, part ${item.supplierPartId || 'not given'}`],
        amount: formatCents(item.quantity * item.unitCents),
      })),
    },
  ];
}

/** The buyer's acknowledgement of a purchase order: what was received, billed on invoice when it ships. */
export function purchaseOrderConfirmationMail(order: PlacedPurchaseOrder, siteUrl: string): Mail {
  return mail(
    siteUrl,
    [order.customer.email],
    `Purchase order received: ${order.orderNumber} (your PO ${order.purchaseOrder.buyerOrderId})`,
    `Your purchase order ${order.purchaseOrder.buyerOrderId} is received, billed on invoice when it ships.`,
    [
      { kind: 'paragraph', text: `Hi ${order.customer.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for your order with ${businessConfig().name}. We received purchase order ${order.purchaseOrder.buyerOrderId} from ${order.purchaseOrder.buyerSystem} on ${shopDate(order.placedAt)}. It is billed on invoice when it ships.`,
      },
      {
        kind: 'lines',
        lines: [`Order number: ${order.orderNumber}`, `Your PO number: ${order.purchaseOrder.buyerOrderId}`],
      },
      { kind: 'heading', text: 'Your order' },
      orderItems(order),
      ...unmatchedItems(order),
      {
        kind: 'amounts',
        rows: [{ label: 'Purchase order total', amount: formatCents(order.totals.totalCents), isTotal: true }],
      },
      { kind: 'heading', text: 'Shipping address' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'link', label: 'Track your order', url: siteLink(siteUrl, '/track-order'), primary: true },
      signature(),
    ],
  );
}

/** Staff's notice of a purchase order, with every line whose price or identity must be checked before it is made. */
export function purchaseOrderStaffMail(order: PlacedPurchaseOrder, siteUrl: string, staffEmail: string): Mail {
  const review = order.priceReview;
  const flagged = review?.flagged === true;
  return mail(
    siteUrl,
    [staffEmail],
    `${flagged ? 'Check prices: ' : ''}Purchase order ${order.orderNumber} (PO ${order.purchaseOrder.buyerOrderId}): ${formatCents(order.totals.totalCents)} from ${order.customer.name}`,
    flagged ? 'Check the prices before it is made.' : `Payment on invoice, ${formatCents(order.totals.totalCents)}.`,
    [
      {
        kind: 'paragraph',
        text: `${order.purchaseOrder.buyerSystem} sent purchase order ${order.purchaseOrder.buyerOrderId} on ${shopDate(order.placedAt)}: order ${order.orderNumber}, payment on invoice.`,
      },
      ...(flagged
        ? [
            { kind: 'heading', text: 'Check before making it' } satisfies MailBlock,
            { kind: 'lines', lines: review.issues.map((issue) => issue.note) } satisfies MailBlock,
          ]
        : []),
      {
        kind: 'lines',
        lines: [
          `Customer: ${order.customer.name} <${order.customer.email}>`,
          `Phone: ${order.customer.phone || 'Not provided'}`,
          ...(order.notes ? [`Comments: ${order.notes}`] : []),
        ],
      },
      { kind: 'heading', text: 'Items' },
      orderItems(order),
      ...unmatchedItems(order),
      {
        kind: 'amounts',
        rows: [{ label: 'Purchase order total', amount: formatCents(order.totals.totalCents), isTotal: true }],
      },
      { kind: 'heading', text: 'Ship to' },
      addressBlock(order.customer, order.shippingAddress),
      { kind: 'link', label: 'Open the Orders tab', url: siteLink(siteUrl, '/admin'), primary: true },
    ],
    [order.customer.email],
  );
}

/**
 * The words of the mails about an order: the customer's confirmation and the staff notice when it
 * is paid, and the customer's mail when it ships, is delivered or is cancelled. Text and HTML parts
 * say the same (functions/mail renders both, in the shop's branded layout); everything a customer
 * typed (name, addresses, room labels, notes) is escaped in the HTML. Pure: the consumers send what
 * these answer.
 */
import { onAccountLabel, PAYMENT_TERMS_DAYS, type PaymentTerms } from '#domain/accounts/payment-terms';
import { readableDate } from '#domain/appointments/schedule';
import { businessConfig } from '../lib/config';
import type { DeliveryEstimate } from '#domain/calendar/estimate-schema';
import { REFUND_TIME, REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS } from '#domain/claims';
import {
  lineDetails,
  orderAmountRows,
  postalAddressLines,
  sampleTitle,
  shopDate,
  type PaidOrder,
} from '#domain/orders/invoice';
import { installationWhen, type InstallationVisitSummary } from '#domain/appointments/installation-choices';
import { nextSteps } from '#domain/orders/next-steps';
import type { LineGiveBack } from '#domain/orders/line-status';
import type { OrderCustomer, OrderLine, Shipment } from '#domain/orders/order';
import {
  LINE_STATUS_LABELS,
  lineStatusText,
  type LineStatus,
  type OrderStatus,
  type PaymentStatus,
} from '#domain/orders/statuses';
import type { CheckoutAddress } from '#domain/checkout/checkout';
import type { PriceReview, PurchaseOrder } from '#domain/punchout/purchase-order';
import { formatCents } from '#domain/pricing/money';
import type { Mail } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

function mail(
  siteUrl: string,
  to: string[],
  subject: string,
  preview: string,
  blocks: MailBlock[],
  replyTo?: string[],
): Mail {
  return brandedMail({ to, subject, preview, blocks, siteUrl, ...(replyTo && { replyTo }) });
}

function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

function signature(): MailBlock {
  const { phoneDisplay, email } = businessConfig();
  return { kind: 'paragraph', text: `Questions? Call us at ${phoneDisplay} or write to ${email}.` };
}

/** The order's blinds and samples; staff's copy also carries each line's note (a size the customer confirmed). */
function orderItems(order: Pick<PaidOrder, 'lines' | 'samples'>, { forStaff = false } = {}): MailBlock {
  return {
    kind: 'items',
    items: [
      ...order.lines.map((line) => ({
        heading: `${line.quantity} x ${line.title} at ${formatCents(line.unitCents)}`,
        details: [
          ...lineDetails(line),
          ...(lineStatusText(line) ? [lineStatusText(line)!] : []),
          ...(forStaff && line.note ? [`Note: ${line.note}`] : []),
        ],
        amount: formatCents(line.lineCents),
      })),
      ...order.samples.map((sample) => ({
        heading: sampleTitle(sample),
        details: [sample.color, sample.material],
        amount: formatCents(0),
      })),
    ],
  };
}

function addressBlock(customer: OrderCustomer, address: CheckoutAddress): MailBlock {
  return { kind: 'lines', lines: [customer.name, ...postalAddressLines(address)] };
}

/** The date promised at placement, as the confirmation states it. */
export function promisedDelivery(estimate: DeliveryEstimate): string {
  return `Delivered by ${readableDate(estimate.deliveredBy)} (ships by ${readableDate(estimate.shipsBy)}).`;
}

/** The customer's confirmation of a paid order: everything bought, the money, the addresses and what happens next. */
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

export interface StatusChange {
  orderNumber: string;
  customer: OrderCustomer;
  to: OrderStatus;
  paymentStatus: PaymentStatus;
  shipment: Shipment | null;
  shippingAddress: CheckoutAddress;
  lines: PaidOrder['lines'];
  samples: PaidOrder['samples'];
  changedAt: string;
  note: string;
  estimate: DeliveryEstimate | null;
}

/** The customer's mail about each production stage, a delivery, an installation or a cancel; null for a status that has none. */
export function orderStatusMail(change: StatusChange, siteUrl: string): Mail | null {
  const greeting: MailBlock = { kind: 'paragraph', text: `Hi ${change.customer.name},` };
  const track: MailBlock = {
    kind: 'link',
    label: 'Track your order',
    url: siteLink(siteUrl, '/track-order'),
    primary: true,
  };
  const to = [change.customer.email];
  const promise: MailBlock[] = change.estimate ? [{ kind: 'paragraph', text: promisedDelivery(change.estimate) }] : [];
  switch (change.to) {
    case 'inProduction':
      return mail(
        siteUrl,
        to,
        `Your order ${change.orderNumber} is in production`,
        'Your blinds are being made to your measurements.',
        [
          greeting,
          {
            kind: 'paragraph',
            text: `Your order ${change.orderNumber} is in production: our workshop is making your blinds to your measurements. From now on the order can no longer be changed or cancelled online.`,
          },
          ...promise,
          { kind: 'heading', text: 'Being made' },
          orderItems(change),
          track,
          signature(),
        ],
      );
    case 'readyToShip':
      return mail(
        siteUrl,
        to,
        `Your order ${change.orderNumber} is ready to ship`,
        'Your blinds are made, checked and packed.',
        [
          greeting,
          {
            kind: 'paragraph',
            text: `Your blinds for order ${change.orderNumber} are made, checked and packed. We will send you the tracking number as soon as they ship.`,
          },
          ...promise,
          track,
          signature(),
        ],
      );
    case 'installed':
      return mail(siteUrl, to, `Your blinds from order ${change.orderNumber} are installed`, 'Enjoy your new blinds.', [
        greeting,
        {
          kind: 'paragraph',
          text: `Our crew installed your blinds from order ${change.orderNumber} on ${shopDate(change.changedAt)}. Enjoy them.`,
        },
        {
          kind: 'paragraph',
          text: `If something is not right, tell us within ${RETURN_WINDOW_DAYS} days of delivery: our Fit Assurance remakes blinds that do not fit once per order (up to ${REMAKE_MAX_BLINDS} blinds).`,
        },
        { kind: 'link', label: 'Returns and Fit Assurance', url: siteLink(siteUrl, '/returns') },
        signature(),
      ]);
    case 'shipped': {
      const shipment = change.shipment;
      return mail(
        siteUrl,
        to,
        `Your order ${change.orderNumber} has shipped`,
        `Your order is on its way${shipment ? ` with ${shipment.carrier}` : ''}.`,
        [
          greeting,
          {
            kind: 'paragraph',
            text: `Your order ${change.orderNumber} is on its way${shipment ? ` with ${shipment.carrier}` : ''}.`,
          },
          ...(shipment
            ? [
                {
                  kind: 'lines',
                  lines: [`Carrier: ${shipment.carrier}`, `Tracking number: ${shipment.trackingNumber}`],
                } satisfies MailBlock,
                ...(shipment.trackingUrl
                  ? [
                      {
                        kind: 'link',
                        label: `Track the parcel with ${shipment.carrier}`,
                        url: shipment.trackingUrl,
                      } satisfies MailBlock,
                    ]
                  : []),
              ]
            : []),
          { kind: 'heading', text: 'Shipping to' },
          addressBlock(change.customer, change.shippingAddress),
          { kind: 'heading', text: 'In this shipment' },
          orderItems(change),
          track,
          signature(),
        ],
      );
    }
    case 'delivered':
      return mail(siteUrl, to, `Your order ${change.orderNumber} was delivered`, 'We hope you enjoy your new blinds.', [
        greeting,
        {
          kind: 'paragraph',
          text: `Your order ${change.orderNumber} was delivered on ${shopDate(change.changedAt)}. We hope you enjoy your new blinds.`,
        },
        {
          kind: 'paragraph',
          text: `If something is not right, tell us within ${RETURN_WINDOW_DAYS} days of delivery: refunds are issued in ${REFUND_TIME}, and our Fit Assurance remakes blinds that do not fit once per order (up to ${REMAKE_MAX_BLINDS} blinds).`,
        },
        { kind: 'link', label: 'Returns and Fit Assurance', url: siteLink(siteUrl, '/returns') },
        signature(),
      ]);
    case 'cancelled':
      return mail(siteUrl, to, `Your order ${change.orderNumber} was cancelled`, refundText(change.paymentStatus), [
        greeting,
        { kind: 'paragraph', text: `Your order ${change.orderNumber} was cancelled.` },
        ...(change.note ? [{ kind: 'paragraph', text: `Reason: ${change.note}` } satisfies MailBlock] : []),
        { kind: 'paragraph', text: refundText(change.paymentStatus) },
        track,
        signature(),
      ]);
    case 'pending':
    case 'processing':
      return null;
  }
}

function refundText(paymentStatus: PaymentStatus): string {
  switch (paymentStatus) {
    case 'refunded':
      return `Your payment has been refunded to the card you paid with. It shows on your statement within ${REFUND_TIME}.`;
    case 'paid':
    case 'flagged':
      return `Your payment is being refunded to the card you paid with. It shows on your statement within ${REFUND_TIME}.`;
    case 'pending':
    case 'failed':
    case 'expired':
      return 'No payment was taken for this order.';
    case 'invoice':
      return 'No payment was taken for this order, and it will not be invoiced.';
    case 'invoicePaid':
      return 'You have paid the invoice of this order: we will contact you about refunding it.';
  }
}

/** A line's move as its mail needs it (OrderLineChanged). */
export interface LineChange {
  orderNumber: string;
  customer: OrderCustomer;
  line: OrderLine;
  to: LineStatus;
  note: string;
  giveBack: LineGiveBack;
  amountCents: number;
}

/** What a line's move means for the customer, in a sentence after "Your <blind> from order …". */
const LINE_MOVE_SENTENCES: Record<LineStatus, string> = {
  ordered: 'is back in production with the rest of your order.',
  backordered: 'is backordered: we are waiting for its material and will make it as soon as it arrives.',
  remake: 'is being made again, so that it is right when it reaches you.',
  cancelled: 'was taken out of your order.',
};

/** The customer's mail when staff move one line of their order: what happened to it, the staff note, and any money given back. */
export function orderLineMail(change: LineChange, siteUrl: string): Mail {
  const blind = `${change.line.quantity} x ${change.line.title}`;
  const label = LINE_STATUS_LABELS[change.to];
  const money =
    change.to !== 'cancelled' || change.giveBack === 'none'
      ? []
      : [
          {
            kind: 'paragraph' as const,
            text:
              change.giveBack === 'refund'
                ? `We are refunding ${formatCents(change.amountCents)} to your card; it reaches your account within ${REFUND_TIME}.`
                : `${formatCents(change.amountCents)} is credited on your order's invoice.`,
          },
        ];
  return mail(
    siteUrl,
    [change.customer.email],
    `An item of your order ${change.orderNumber}: ${label.toLowerCase()}`,
    `${blind}: ${label.toLowerCase()}.`,
    [
      { kind: 'paragraph', text: `Hi ${change.customer.name},` },
      { kind: 'paragraph', text: `Your ${blind} from order ${change.orderNumber} ${LINE_MOVE_SENTENCES[change.to]}` },
      ...(change.note ? [{ kind: 'paragraph' as const, text: `Our note: ${change.note}` }] : []),
      ...money,
      { kind: 'link', label: 'Track your order', url: siteLink(siteUrl, '/track-order'), primary: true },
      { kind: 'link', label: 'My Account', url: siteLink(siteUrl, '/account') },
      signature(),
    ],
  );
}

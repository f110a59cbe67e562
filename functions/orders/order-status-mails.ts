/**
 * The words of the customer's mails as an order moves on: each production stage, its shipping,
 * delivery or installation, a cancel, and staff's move of one of its lines. Pure: the consumers
 * send what these answer. The mails about a new order: notify-order-mails.ts.
 */
import type { DeliveryEstimate } from '#domain/calendar/estimate-schema';
import type { CheckoutAddress } from '#domain/checkout/checkout';
import { REFUND_TIME, REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS } from '#domain/claims';
import { shopDate, type PaidOrder } from '#domain/orders/invoice';
import type { LineGiveBack } from '#domain/orders/line-status';
import { type OrderCustomer, type OrderLine, type Shipment } from '#domain/orders/order';
import { LINE_STATUS_LABELS, type LineStatus, type OrderStatus, type PaymentStatus } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import type { Mail } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { addressBlock, mail, orderItems, promisedDelivery, signature, siteLink } from './order-mail-parts';

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

/**
 * The parts the mails about an order share: the branded mail itself, links into the site, the
 * signature, the order's items and an address. Text and HTML parts say the same (functions/mail
 * renders both, in the shop's branded layout); everything a customer typed (name, addresses, room
 * labels, notes) is escaped in the HTML.
 */
import { readableDate } from '#domain/appointments/schedule';
import type { DeliveryEstimate } from '#domain/calendar/estimate-schema';
import type { CheckoutAddress } from '#domain/checkout/checkout';
import { lineDetails, postalAddressLines, sampleTitle, type PaidOrder } from '#domain/orders/invoice';
import { type OrderCustomer } from '#domain/orders/order';
import { lineStatusText } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import { businessConfig } from '../lib/config';
import type { Mail } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

export function mail(
  siteUrl: string,
  to: string[],
  subject: string,
  preview: string,
  blocks: MailBlock[],
  replyTo?: string[],
): Mail {
  return brandedMail({ to, subject, preview, blocks, siteUrl, ...(replyTo && { replyTo }) });
}

export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export function signature(): MailBlock {
  const { phoneDisplay, email } = businessConfig();
  return { kind: 'paragraph', text: `Questions? Call us at ${phoneDisplay} or write to ${email}.` };
}

/** The order's blinds and samples; staff's copy also carries each line's note (a size the customer confirmed). */
export function orderItems(order: Pick<PaidOrder, 'lines' | 'samples'>, { forStaff = false } = {}): MailBlock {
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

export function addressBlock(customer: OrderCustomer, address: CheckoutAddress): MailBlock {
  return { kind: 'lines', lines: [customer.name, ...postalAddressLines(address)] };
}

/** The date promised at placement, as the confirmation states it. */
export function promisedDelivery(estimate: DeliveryEstimate): string {
  return `Delivered by ${readableDate(estimate.deliveredBy)} (ships by ${readableDate(estimate.shipsBy)}).`;
}

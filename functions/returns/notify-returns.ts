/**
 * The mails of return and remake requests: on ReturnRequested and RemakeRequested, staff's notice
 * (with the order, the lines, the reason and a link to the admin tab) and the customer's
 * acknowledgement; on ReturnStatusChanged, the customer hears each step. Once per event.
 */
import { formatCents } from '#domain/pricing/money';
import { RETURN_REASONS, RETURN_STATUS_LABELS, RETURN_STATUS_MAIL } from '#domain/returns/return-request';
import type { EventDetail } from '#events/declaration';
import { RemakeRequested, ReturnRequested, ReturnStatusChanged } from '#events/returns';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

type Requested = EventDetail<typeof ReturnRequested>;

const kindName = (kind: Requested['kind']) => (kind === 'remake' ? 'Fit Assurance remake' : 'return');

/** The lines asked about, each with its item number and its configuration spelled out beneath. */
function lineList(request: Requested): MailBlock {
  return {
    kind: 'items',
    items: request.lines.map((line) => ({
      heading: `${line.quantity} x ${line.title}`,
      details: [`Item ${line.position}`, ...line.description],
      amount: null,
    })),
  };
}

/** Staff's notice of a return or remake request (replying reaches the customer) and the customer's acknowledgement. */
export function requestedMails(
  request: Requested,
  { siteUrl, staffEmail }: MailSettings,
): { toStaff: Mail; toCustomer: Mail } {
  const kind = kindName(request.kind);
  return {
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [request.customer.email],
      subject: `New ${kind} request ${request.returnNumber} for order ${request.orderNumber}`,
      preview: `Reason: ${RETURN_REASONS[request.reason].label}`,
      siteUrl,
      blocks: [
        {
          kind: 'paragraph',
          text: `${request.customer.name} <${request.customer.email}> asks for a ${kind} of order ${request.orderNumber}.`,
        },
        { kind: 'lines', lines: [`Reason: ${RETURN_REASONS[request.reason].label}`, `Photos: ${request.photoCount}`] },
        ...(request.note ? [{ kind: 'quote', text: `Note: ${request.note}` } satisfies MailBlock] : []),
        lineList(request),
        {
          kind: 'paragraph',
          text:
            request.kind === 'return'
              ? `Refund on approval and receipt: ${formatCents(request.refundCents)}`
              : 'Remake at no charge (Fit Assurance).',
        },
        { kind: 'link', label: 'Review it in the Returns tab', url: new URL('/admin', siteUrl).href, primary: true },
      ],
    }),
    toCustomer: brandedMail({
      to: [request.customer.email],
      subject: `We received your ${kind} request ${request.returnNumber}`,
      preview: 'We will e-mail you within 1-2 business days with the next steps.',
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hello ${request.customer.name},` },
        {
          kind: 'paragraph',
          text: `We received your ${kind} request ${request.returnNumber} for order ${request.orderNumber}:`,
        },
        lineList(request),
        { kind: 'paragraph', text: 'We will review it and e-mail you within 1-2 business days with the next steps.' },
      ],
    }),
  };
}

/** The customer's mail about a step of their request; null for 'requested', which the acknowledgement told. */
export function returnStatusMail(change: EventDetail<typeof ReturnStatusChanged>, siteUrl: string): Mail | null {
  if (change.to === 'requested') return null;
  const kind = kindName(change.kind);
  return brandedMail({
    to: [change.customer.email],
    subject: `Your ${kind} request ${change.returnNumber}: ${RETURN_STATUS_LABELS[change.to]}`,
    preview: RETURN_STATUS_MAIL[change.to],
    siteUrl,
    blocks: [
      { kind: 'paragraph', text: `Hello ${change.customer.name},` },
      {
        kind: 'paragraph',
        text: `Your ${kind} request ${change.returnNumber} for order ${change.orderNumber} is now ${RETURN_STATUS_LABELS[change.to].toLowerCase()}.`,
      },
      { kind: 'paragraph', text: RETURN_STATUS_MAIL[change.to] },
      ...(change.to === 'refunded'
        ? [{ kind: 'paragraph', text: `Amount refunded: ${formatCents(change.refundCents)}` } satisfies MailBlock]
        : []),
      ...(change.staffNote ? [{ kind: 'quote', text: change.staffNote } satisfies MailBlock] : []),
    ],
  });
}

async function notifyRequested(request: Requested): Promise<void> {
  const { toStaff, toCustomer } = requestedMails(request, mailSettings());
  await sendMail(toStaff);
  await sendMail(toCustomer);
}

export const returnRequested = consumer(ReturnRequested, 'NotifyOfReturnRequested', notifyRequested);
export const remakeRequested = consumer(RemakeRequested, 'NotifyOfRemakeRequested', notifyRequested);

export const returnStatusChanged = consumer(
  ReturnStatusChanged,
  'NotifyCustomerOfReturnStatus',
  async (change) => {
    const mail = returnStatusMail(change, config().SITE_URL);
    if (mail) await sendMail(mail);
  },
  { onceFor: (change) => `${change.returnId}#${change.to}` },
);

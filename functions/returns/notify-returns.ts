/**
 * The mails of return and remake requests: on ReturnRequested and RemakeRequested, staff's notice
 * (with the order, the lines, the reason and a link to the admin tab) and the customer's
 * acknowledgement; on ReturnStatusChanged, the customer hears each step. Once per event.
 */
import { formatCents } from '../../domain/pricing/money';
import { RETURN_REASONS, RETURN_STATUS_LABELS, RETURN_STATUS_MAIL } from '../../domain/returns/return-request';
import { RemakeRequested, ReturnRequested, ReturnStatusChanged, type EventDetail } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail, type Mail } from '../lib/mail';

type Requested = EventDetail<typeof ReturnRequested>;

const kindName = (kind: Requested['kind']) => (kind === 'remake' ? 'Fit Assurance remake' : 'return');

function asMail(to: string[], subject: string, lines: string[], replyTo?: string[]): Mail {
  const text = lines.join('\n');
  return { to, subject, text, html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`, ...(replyTo ? { replyTo } : {}) };
}

function lineList(request: Requested): string[] {
  return request.lines.map((line) => `- ${line.quantity} x ${line.title} (item ${line.position}${line.description.length ? `: ${line.description.join(', ')}` : ''})`);
}

async function notifyRequested(request: Requested): Promise<void> {
  const { STAFF_EMAIL, SITE_URL } = config();
  const kind = kindName(request.kind);
  await sendMail(
    asMail(
      [STAFF_EMAIL],
      `New ${kind} request ${request.returnNumber} for order ${request.orderNumber}`,
      [
        `${request.customer.name} <${request.customer.email}> asks for a ${kind} of order ${request.orderNumber}.`,
        `Reason: ${RETURN_REASONS[request.reason].label}`,
        ...(request.note ? [`Note: ${request.note}`] : []),
        '',
        ...lineList(request),
        '',
        request.kind === 'return' ? `Refund on approval and receipt: ${formatCents(request.refundCents)}` : 'Remake at no charge (Fit Assurance).',
        `Photos: ${request.photoCount}`,
        `Review it in the Returns tab: ${new URL('/admin', SITE_URL).href}`,
      ],
      [request.customer.email],
    ),
  );
  await sendMail(
    asMail([request.customer.email], `We received your ${kind} request ${request.returnNumber}`, [
      `Hello ${request.customer.name},`,
      '',
      `We received your ${kind} request ${request.returnNumber} for order ${request.orderNumber}:`,
      ...lineList(request),
      '',
      'We will review it and e-mail you within 1-2 business days with the next steps.',
    ]),
  );
}

export const returnRequested = consumer(ReturnRequested, 'NotifyOfReturnRequested', notifyRequested);
export const remakeRequested = consumer(RemakeRequested, 'NotifyOfRemakeRequested', notifyRequested);

export const returnStatusChanged = consumer(ReturnStatusChanged, 'NotifyCustomerOfReturnStatus', async (change) => {
  if (change.to === 'requested') return;
  const kind = kindName(change.kind);
  await sendMail(
    asMail([change.customer.email], `Your ${kind} request ${change.returnNumber}: ${RETURN_STATUS_LABELS[change.to]}`, [
      `Hello ${change.customer.name},`,
      '',
      `Your ${kind} request ${change.returnNumber} for order ${change.orderNumber} is now ${RETURN_STATUS_LABELS[change.to].toLowerCase()}.`,
      RETURN_STATUS_MAIL[change.to],
      ...(change.to === 'refunded' ? [`Amount refunded: ${formatCents(change.refundCents)}`] : []),
      ...(change.staffNote ? ['', change.staffNote] : []),
    ]),
  );
}, { onceFor: (change) => `${change.returnId}#${change.to}` });

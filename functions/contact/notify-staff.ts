import { ContactMessageSubmitted } from '../../events/catalog';
import { BUSINESS } from '../../domain/business';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';

/**
 * On ContactMessageSubmitted: staff get the message (reply goes straight to the customer) and the
 * customer gets an acknowledgement with the reply promise. Once per event, however often delivered.
 */
export const handler = consumer(ContactMessageSubmitted, 'NotifyStaffOfContactMessage', async ({ message }) => {
  const lines = [
    `From: ${message.name} <${message.email}>`,
    `Phone: ${message.phone || 'Not provided'}`,
    `Existing order: ${message.hasExistingOrder ? `yes, ${message.orderNumber}` : 'no'}`,
    `Subject: ${message.subject}`,
    '',
    message.message,
  ];
  await sendMail({
    to: [config().STAFF_EMAIL],
    replyTo: [message.email],
    subject: `Contact form: ${message.subject}`,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
  const acknowledgement = [
    `Hi ${message.name},`,
    `Thanks for contacting ${BUSINESS.name}. We received your message "${message.subject}" and will reply within ${BUSINESS.emailReplyPromiseHours} hours.`,
    `If it is urgent, call us at ${BUSINESS.phoneDisplay}.`,
  ];
  await sendMail({
    to: [message.email],
    subject: `We received your message: ${message.subject}`,
    text: acknowledgement.join('\n\n'),
    html: acknowledgement.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  });
});

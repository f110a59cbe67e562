import { ContactMessageSubmitted } from '#events/contact';
import type { EventDetail } from '#events/declaration';
import { businessConfig } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';

/** Staff get the message (reply goes straight to the customer); the customer an acknowledgement with the reply promise. */
export function contactMessageMails(
  { message }: EventDetail<typeof ContactMessageSubmitted>,
  { siteUrl, staffEmail }: MailSettings,
): { toStaff: Mail; toCustomer: Mail } {
  const received = `Thanks for contacting ${businessConfig().name}. We received your message "${message.subject}" and will reply within ${businessConfig().emailReplyPromiseHours} hours.`;
  return {
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [message.email],
      subject: `Contact form: ${message.subject}`,
      preview: `${message.name} wrote through the contact form.`,
      siteUrl,
      blocks: [
        {
          kind: 'lines',
          lines: [
            `From: ${message.name} <${message.email}>`,
            `Phone: ${message.phone || 'Not provided'}`,
            `Existing order: ${message.hasExistingOrder ? `yes, ${message.orderNumber}` : 'no'}`,
            `Subject: ${message.subject}`,
          ],
        },
        { kind: 'quote', text: message.message },
      ],
    }),
    toCustomer: brandedMail({
      to: [message.email],
      subject: `We received your message: ${message.subject}`,
      preview: received,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${message.name},` },
        { kind: 'paragraph', text: received },
        { kind: 'paragraph', text: `If it is urgent, call us at ${businessConfig().phoneDisplay}.` },
      ],
    }),
  };
}

/** On ContactMessageSubmitted: both mails, staff's first. Once per event, however often delivered. */
export const handler = consumer(ContactMessageSubmitted, 'NotifyStaffOfContactMessage', async (submitted) => {
  const { toStaff, toCustomer } = contactMessageMails(submitted, mailSettings());
  await sendMail(toStaff);
  await sendMail(toCustomer);
});

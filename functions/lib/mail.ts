import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mailClient } from './aws-clients';
import { config } from './config';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string[];
}

/** Sends through SES in production; the local stack's SES endpoint puts it in the local outbox. */
export async function sendMail(mail: Mail): Promise<void> {
  await mailClient().send(
    new SendEmailCommand({
      FromEmailAddress: config().MAIL_FROM,
      Destination: { ToAddresses: mail.to },
      ReplyToAddresses: mail.replyTo,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

/** For the HTML part of mails built from customer text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

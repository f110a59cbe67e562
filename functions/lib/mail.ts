import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { asSingleLine } from '#domain/text';
import { OPERATIONAL_METRICS } from '#events/business-metrics';
import { mailClient } from './aws-clients';
import { config } from './config';
import { countMetric } from './metrics';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string[];
  /** Files sent with the mail (SES v2 simple content attachments), such as an appointment's .ics. */
  attachments?: MailAttachment[];
}

/** Where a mail's links lead and where staff's notices go. */
export interface MailSettings {
  siteUrl: string;
  staffEmail: string;
}

/** The deployment's SITE_URL and STAFF_EMAIL, for the mail builders. */
export function mailSettings(): MailSettings {
  return { siteUrl: config().SITE_URL, staffEmail: config().STAFF_EMAIL };
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Sends through SES in production; the local stack's SES endpoint puts it in the local outbox.
 * Subjects and addresses (display names included) are built from customer text, so every header
 * goes through asSingleLine: a line break or control character never reaches one, whatever the
 * request schemas let through.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const command = new SendEmailCommand({
    FromEmailAddress: config().MAIL_FROM,
    Destination: { ToAddresses: mail.to.map(asSingleLine) },
    ReplyToAddresses: mail.replyTo?.map(asSingleLine),
    Content: {
      Simple: {
        Subject: { Data: asSingleLine(mail.subject), Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        Attachments: mail.attachments?.map((attachment) => ({
          FileName: asSingleLine(attachment.fileName),
          ContentType: attachment.contentType,
          ContentDisposition: 'ATTACHMENT',
          ContentTransferEncoding: 'BASE64',
          RawContent: attachment.content,
        })),
      },
    },
  });
  try {
    await mailClient().send(command);
  } catch (error) {
    // SES refusing mail (a paused account, an unverified sender) is what the mail alarm watches for.
    countMetric(OPERATIONAL_METRICS.mailRefused);
    throw error;
  }
}

/** For the HTML part of mails built from customer text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

import { BUSINESS } from '#domain/business';
import { MANAGE_INSTALLATION_PATH } from '#domain/appointments/installation';
import { readableDate } from '#domain/appointments/schedule';
import { InstallationRescheduled, type EventDetail } from '#events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { installationToken } from './token';

type Rescheduled = EventDetail<typeof InstallationRescheduled>;

const when = (visit: { date: string; window: string }) =>
  `${readableDate(visit.date)}, ${visit.window} (Central time)`;

/**
 * The customer's mail of a visit staff moved (or gave a window): the new window, the old one when
 * there was one, and the order mail's signed link, which shows the visit as it is now.
 */
export function installationRescheduledMail(detail: Rescheduled, manageUrl: string, { siteUrl }: MailSettings): Mail {
  const news = detail.previous
    ? `Your installation visit for order ${detail.orderNumber} moved from ${when(detail.previous)} to ${when(detail)}.`
    : `Your installation visit for order ${detail.orderNumber} is booked for ${when(detail)}.`;
  return brandedMail({
    to: [detail.contact.email],
    replyTo: [BUSINESS.email],
    subject: `Your installation is on ${readableDate(detail.date)}, ${detail.window}`,
    preview: news,
    siteUrl,
    blocks: [
      ...[
        `Hi ${detail.contact.name},`,
        news,
        `Our crew comes to ${detail.contact.address}, ${detail.contact.zipCode} to install your ${detail.blindCount} ${detail.blindCount === 1 ? 'blind' : 'blinds'}.`,
      ].map((text) => ({ kind: 'paragraph' as const, text })),
      { kind: 'link', label: 'See or change your visit', url: manageUrl, primary: true },
      { kind: 'paragraph', text: `Questions? Call us at ${BUSINESS.phoneDisplay}.` },
    ],
  });
}

/** On InstallationRescheduled: the customer is mailed the new window. Once per event. */
export const handler = consumer(InstallationRescheduled, 'NotifyInstallationRescheduled', async (detail) => {
  const manageUrl = `${config().SITE_URL}${MANAGE_INSTALLATION_PATH}?token=${encodeURIComponent(installationToken(detail.orderId))}`;
  await sendMail(installationRescheduledMail(detail, manageUrl, mailSettings()));
});

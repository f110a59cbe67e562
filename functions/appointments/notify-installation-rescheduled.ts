import { InstallationRescheduled } from '#events/appointments';
import type { EventDetail } from '#events/declaration';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { installationVisitMail } from './notify-installation';
import { installationManageUrl } from './token';

type Rescheduled = EventDetail<typeof InstallationRescheduled>;

/**
 * The customer's mail of a visit moved (or given a window) by staff or by the customer's link: the
 * new window, the old one when there was one, the calendar file that updates it, and the order
 * mail's signed link, which shows the visit as it is now.
 */
export function installationRescheduledMail(detail: Rescheduled, manageUrl: string, settings: MailSettings): Mail {
  return installationVisitMail(detail, { kind: 'scheduled', previous: detail.previous }, manageUrl, settings);
}

/** On InstallationRescheduled: the customer is mailed the new window. Once per event. */
export const handler = consumer(InstallationRescheduled, 'NotifyInstallationRescheduled', async (detail) => {
  await sendMail(installationRescheduledMail(detail, installationManageUrl(detail.orderId), mailSettings()));
});

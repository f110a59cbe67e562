/**
 * The customer's mails about their installation visit, each with its calendar file (.ics, the
 * measurement's builder) and the signed link that shows, moves or cancels the visit: the visit
 * booked at checkout, once the order is paid (or placed on account); cancelled by that link, or with
 * its order (as the order's own cancel mail, only if "Order updates by email" allows it).
 * A move (by the link or by staff) is mailed by notify-installation-rescheduled.ts with the same
 * mail. Every consumer runs once per event, and the checkout's once per order.
 */
import { businessConfig } from '../lib/config';
import { INSTALLATION_WINDOW_MINUTES, type InstallationStatus } from '#domain/appointments/installation';
import {
  installationWhen,
  type InstallationOptions,
  type InstallationWindow,
} from '#domain/appointments/installation-choices';
import { readableDate } from '#domain/appointments/schedule';
import { statusMailAllowed } from '#domain/orders/notifications';
import { InstallationCancelled } from '#events/appointments';
import { OrderPaid, OrderPlaced } from '#events/orders';
import { readNotificationPreferences } from '../accounts/notification-preferences-store';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import type { MailBlock } from '../mail/blocks';
import { appointmentIcs, INSTALLATION_VISIT } from './calendar';
import { installationDetail } from './installation-events';
import { getInstallation } from './installation-store';
import { installationManageUrl } from './token';

/** A visit as its mail needs it (the installation events' detail). */
export interface VisitOfMail {
  orderId: string;
  orderNumber: string;
  installationVersion: number;
  status: InstallationStatus;
  date: string | null;
  window: InstallationWindow | null;
  startsAt: string | null;
  blindCount: number;
  options: InstallationOptions;
  contact: { name: string; email: string; address: string; zipCode: string };
}

/** What happened to the visit: booked (`previous` null) or moved, or cancelled alone or with its order (its window was `previous`). */
export type VisitChange =
  | { kind: 'scheduled'; previous: { date: string; window: InstallationWindow } | null }
  | {
      kind: 'cancelled';
      previous: { date: string; window: InstallationWindow; startsAt: string };
      withOrder?: boolean;
    };

function work(visit: VisitOfMail): string {
  const blinds = `${visit.blindCount} ${visit.blindCount === 1 ? 'blind' : 'blinds'}`;
  const removal = visit.options.oldBlindsRemoved;
  return [
    `Our crew comes to ${visit.contact.address}, ${visit.contact.zipCode} to install your ${blinds}`,
    removal > 0 ? `, take down ${removal} old ${removal === 1 ? 'blind' : 'blinds'}` : '',
    visit.options.highLadder ? ', with high-ladder work' : '',
    '. The visit takes up to the whole window; please have someone at home.',
  ].join('');
}

/**
 * The customer's mail of a visit booked, moved or cancelled: the window (and the one it replaced),
 * the work, the calendar file (a cancelled one removes the event) and the signed link.
 */
export function installationVisitMail(
  visit: VisitOfMail,
  change: VisitChange,
  manageUrl: string,
  { siteUrl }: Pick<MailSettings, 'siteUrl'>,
): Mail {
  const order = `order ${visit.orderNumber}`;
  const cancelled = change.kind === 'cancelled';
  const shown = cancelled ? change.previous : { date: visit.date!, window: visit.window! };
  const withOrder = cancelled && change.withOrder === true;
  const news = cancelled
    ? withOrder
      ? `Your installation visit for ${order} on ${installationWhen(change.previous)} is cancelled with your order. The calendar file attached removes it from your calendar.`
      : `Your installation visit for ${order} on ${installationWhen(change.previous)} is cancelled. Choose a new date with the link below whenever you are ready.`
    : change.previous
      ? `Your installation visit for ${order} moved from ${installationWhen(change.previous)} to ${installationWhen(shown)}.`
      : `Your installation visit for ${order} is booked for ${installationWhen(shown)}.`;
  const subject = cancelled
    ? `Your installation on ${readableDate(shown.date)} is cancelled`
    : `Your installation is on ${readableDate(shown.date)}, ${shown.window}`;
  const ics = appointmentIcs(
    {
      appointmentId: visit.orderId,
      version: visit.installationVersion,
      startsAt: cancelled ? change.previous.startsAt : visit.startsAt!,
      durationMinutes: INSTALLATION_WINDOW_MINUTES,
      address: visit.contact.address,
      zipCode: visit.contact.zipCode,
      manageUrl,
      cancelled,
    },
    INSTALLATION_VISIT,
  );
  const paragraphs = [
    `Hi ${visit.contact.name},`,
    news,
    ...(cancelled ? [] : [work(visit), 'The calendar file attached adds the visit to your calendar.']),
  ];
  return brandedMail({
    to: [visit.contact.email],
    replyTo: [businessConfig().email],
    subject,
    preview: news,
    siteUrl,
    blocks: [
      ...paragraphs.map((text): MailBlock => ({ kind: 'paragraph', text })),
      // A visit cancelled with its order has nothing left to book or change.
      ...(withOrder
        ? []
        : [
            {
              kind: 'link',
              label: cancelled ? 'Choose a new date' : 'See, reschedule or cancel your visit',
              url: manageUrl,
              primary: true,
            } satisfies MailBlock,
          ]),
      { kind: 'paragraph', text: `Questions? Call us at ${businessConfig().phoneDisplay}.` },
    ],
    attachments: [
      {
        fileName: 'installation.ics',
        contentType: cancelled ? 'text/calendar; method=CANCEL' : 'text/calendar; method=PUBLISH',
        content: Buffer.from(ics, 'utf8'),
      },
    ],
  });
}

/** The visit booked with the order, mailed once the order is paid or placed on account: nothing when it waits for a date. */
async function mailVisitBookedWith(orderId: string): Promise<void> {
  const installation = await getInstallation(orderId);
  if (installation?.status !== 'scheduled') return;
  await sendMail(
    installationVisitMail(
      installationDetail(installation),
      { kind: 'scheduled', previous: null },
      installationManageUrl(orderId),
      mailSettings(),
    ),
  );
}

/** On OrderPaid of an order that bought installation: its visit's confirmation, once per order. */
export const visitOfPaidOrder = consumer(
  OrderPaid,
  'MailInstallationOfPaidOrder',
  async (order) => {
    if (order.installation) await mailVisitBookedWith(order.orderId);
  },
  { onceFor: (order) => order.orderId },
);

/** On OrderPlaced of an order on account (confirmed at placing; OrderPaid never comes) that bought installation. */
export const visitOfAccountOrder = consumer(
  OrderPlaced,
  'MailInstallationOfAccountOrder',
  async (order) => {
    if (order.channel === 'account' && order.installation) await mailVisitBookedWith(order.orderId);
  },
  { onceFor: (order) => order.orderId },
);

/**
 * On InstallationCancelled: the customer's notice with the calendar file that removes the visit.
 * One cancelled with its order is an order update, sent as the order's cancel mail is: only if the
 * client's "Order updates by email" preference allows it (no profile means yes).
 */
export const visitCancelled = consumer(InstallationCancelled, 'NotifyInstallationCancelled', async (detail) => {
  if (detail.withOrder && detail.clientId) {
    if (!statusMailAllowed('cancelled', await readNotificationPreferences(detail.clientId))) return;
  }
  await sendMail(
    installationVisitMail(
      detail,
      { kind: 'cancelled', previous: detail.previous, withOrder: detail.withOrder },
      installationManageUrl(detail.orderId),
      mailSettings(),
    ),
  );
});

import { businessConfig } from '../lib/config';
import { MANAGE_APPOINTMENT_PATH, readableDate } from '#domain/appointments/schedule';
import { AppointmentBooked, AppointmentCancelled, AppointmentRescheduled } from '#events/appointments';
import type { EventDetail } from '#events/declaration';
import { config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { appointmentIcs } from './calendar';
import { appointmentToken } from './token';

/** A change of an appointment, as the event that announced it carries it. */
export type AppointmentChange =
  | { event: 'booked'; detail: EventDetail<typeof AppointmentBooked> }
  | { event: 'rescheduled'; detail: EventDetail<typeof AppointmentRescheduled> }
  | { event: 'cancelled'; detail: EventDetail<typeof AppointmentCancelled> };

type Detail = AppointmentChange['detail'];

/** The link that lets the customer reschedule or cancel without signing in: the same in every mail, valid until the visit starts. */
function manageUrl(detail: Detail): string {
  const token = appointmentToken(detail.appointmentId);
  return `${config().SITE_URL}${MANAGE_APPOINTMENT_PATH}?token=${encodeURIComponent(token)}`;
}

const when = (detail: Pick<Detail, 'date' | 'time'>) => `${readableDate(detail.date)} at ${detail.time} (Central time)`;

/** What each change tells the customer (the subject, the news, more) and staff (the subject, the headline). */
function wordingOf(change: AppointmentChange) {
  const { detail } = change;
  switch (change.event) {
    case 'booked':
      return {
        subject: `Your free measurement is booked: ${readableDate(detail.date)}, ${detail.time}`,
        news: `Your free in-home measurement with ${businessConfig().name} is booked for ${when(detail)}, at ${detail.contact.address}, ${detail.contact.zipCode}.`,
        more: [
          `The visit takes about ${detail.durationMinutes / 60} hours. The calendar file attached adds it to your calendar.`,
        ],
        staffSubject: `Measurement booked: ${detail.date} ${detail.time}, ${detail.contact.name}`,
        headline: 'A free measurement was booked.',
      };
    case 'rescheduled':
      return {
        subject: `Your measurement moved to ${readableDate(detail.date)}, ${detail.time}`,
        news: `Your free measurement moved from ${when(change.detail.previous)} to ${when(detail)}.`,
        more: [
          'The calendar file attached updates your calendar; the link in our earlier e-mails shows the new time too.',
        ],
        staffSubject: `Measurement rescheduled: ${detail.date} ${detail.time}, ${detail.contact.name}`,
        headline: `Rescheduled by the ${change.detail.by} from ${when(change.detail.previous)}.`,
      };
    case 'cancelled':
      return {
        subject: `Your measurement on ${readableDate(detail.date)} is cancelled`,
        news:
          change.detail.by === 'staff'
            ? `We are sorry: we had to cancel your free measurement of ${when(detail)}. Please book another time on our site or call us.`
            : `Your free measurement of ${when(detail)} is cancelled, as you asked.`,
        more: [],
        staffSubject: `Measurement cancelled: ${detail.date} ${detail.time}, ${detail.contact.name}`,
        headline: `Cancelled by the ${change.detail.by}.`,
      };
  }
}

/**
 * The customer's mail, with the calendar file (a cancelled one removes the event) and, while
 * scheduled, the manage link; and staff's notice (replying reaches the customer).
 */
export function appointmentMails(
  change: AppointmentChange,
  manageUrl: string,
  { siteUrl, staffEmail }: MailSettings,
): { toCustomer: Mail; toStaff: Mail } {
  const { detail } = change;
  const cancelled = detail.status === 'cancelled';
  const { subject, news, more, staffSubject, headline } = wordingOf(change);
  const ics = appointmentIcs({
    appointmentId: detail.appointmentId,
    version: detail.appointmentVersion,
    startsAt: detail.startsAt,
    durationMinutes: detail.durationMinutes,
    address: detail.contact.address,
    zipCode: detail.contact.zipCode,
    manageUrl,
    cancelled,
  });
  return {
    toCustomer: brandedMail({
      to: [detail.contact.email],
      replyTo: [businessConfig().email],
      subject,
      preview: news,
      siteUrl,
      blocks: [
        ...[`Hi ${detail.contact.name},`, news, ...more].map((text) => ({ kind: 'paragraph' as const, text })),
        ...(cancelled ? [] : [{ kind: 'link' as const, label: 'Reschedule or cancel', url: manageUrl, primary: true }]),
        { kind: 'paragraph', text: `Questions? Call us at ${businessConfig().phoneDisplay}.` },
      ],
      attachments: [
        {
          fileName: 'measurement.ics',
          contentType: cancelled ? 'text/calendar; method=CANCEL' : 'text/calendar; method=PUBLISH',
          content: Buffer.from(ics, 'utf8'),
        },
      ],
    }),
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [detail.contact.email],
      subject: staffSubject,
      preview: `${headline} ${when(detail)}.`,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: headline },
        {
          kind: 'lines',
          lines: [
            `When: ${when(detail)}`,
            `Name: ${detail.contact.name}`,
            `Address: ${detail.contact.address}, ${detail.contact.zipCode}`,
            `Phone: ${detail.contact.phone}`,
            `Email: ${detail.contact.email}`,
            `Order number: ${detail.contact.orderNumber || 'Not provided'}`,
            `Property: ${detail.propertyName ?? 'Guest booking'}`,
          ],
        },
      ],
    }),
  };
}

async function notify(change: AppointmentChange): Promise<void> {
  const { toCustomer, toStaff } = appointmentMails(change, manageUrl(change.detail), mailSettings());
  await sendMail(toCustomer);
  await sendMail(toStaff);
}

/** On AppointmentBooked: the customer's confirmation with its .ics and manage link, and staff's notice. Once per event. */
export const booked = consumer(AppointmentBooked, 'NotifyAppointmentBooked', (detail) =>
  notify({ event: 'booked', detail }),
);

/** On AppointmentRescheduled: the customer's new confirmation (new .ics, new link) and staff's notice. */
export const rescheduled = consumer(AppointmentRescheduled, 'NotifyAppointmentRescheduled', (detail) =>
  notify({ event: 'rescheduled', detail }),
);

/** On AppointmentCancelled: the customer is told (a staff cancellation too) and staff get the notice. */
export const cancelled = consumer(AppointmentCancelled, 'NotifyAppointmentCancelled', (detail) =>
  notify({ event: 'cancelled', detail }),
);

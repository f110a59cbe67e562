import type { z } from 'zod';
import { BUSINESS } from '../../domain/business';
import { MANAGE_APPOINTMENT_PATH, readableDate } from '../../domain/appointments/schedule';
import { AppointmentBooked, AppointmentCancelled, AppointmentRescheduled } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';
import { appointmentIcs } from './calendar';
import { appointmentToken } from './token';

type Detail = z.infer<(typeof AppointmentBooked)['detail']> | z.infer<(typeof AppointmentRescheduled)['detail']> | z.infer<(typeof AppointmentCancelled)['detail']>;

/** The link that lets the customer reschedule or cancel without signing in, valid until the visit starts. */
function manageUrl(detail: Detail): string {
  const token = appointmentToken({ appointmentId: detail.appointmentId, version: detail.appointmentVersion, expiresAt: new Date(detail.startsAt) });
  return `${config().SITE_URL}${MANAGE_APPOINTMENT_PATH}?token=${encodeURIComponent(token)}`;
}

const when = (detail: Pick<Detail, 'date' | 'time'>) => `${readableDate(detail.date)} at ${detail.time} (Central time)`;

function htmlOf(lines: string[], link?: { url: string; label: string }): string {
  const paragraphs = lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('');
  return link ? `${paragraphs}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : paragraphs;
}

/** The customer's mail, with the calendar file (a cancelled one removes the event) and, while scheduled, the manage link. */
async function mailCustomer(detail: Detail, subject: string, lines: string[]): Promise<void> {
  const cancelled = detail.status === 'cancelled';
  const url = manageUrl(detail);
  const text = [...lines, ...(cancelled ? [] : ['', `To reschedule or cancel: ${url}`]), '', `Questions? Call us at ${BUSINESS.phoneDisplay}.`];
  const ics = appointmentIcs({
    appointmentId: detail.appointmentId,
    version: detail.appointmentVersion,
    startsAt: detail.startsAt,
    durationMinutes: detail.durationMinutes,
    address: detail.contact.address,
    zipCode: detail.contact.zipCode,
    manageUrl: url,
    cancelled,
  });
  await sendMail({
    to: [detail.contact.email],
    replyTo: [BUSINESS.email],
    subject,
    text: text.join('\n'),
    html: htmlOf([...lines, '', `Questions? Call us at ${BUSINESS.phoneDisplay}.`], cancelled ? undefined : { url, label: 'Reschedule or cancel' }),
    attachments: [{ fileName: 'measurement.ics', contentType: cancelled ? 'text/calendar; method=CANCEL' : 'text/calendar; method=PUBLISH', content: Buffer.from(ics, 'utf8') }],
  });
}

async function mailStaff(detail: Detail, subject: string, headline: string): Promise<void> {
  const lines = [
    headline,
    `When: ${when(detail)}`,
    `Name: ${detail.contact.name}`,
    `Address: ${detail.contact.address}, ${detail.contact.zipCode}`,
    `Phone: ${detail.contact.phone}`,
    `Email: ${detail.contact.email}`,
    `Order number: ${detail.contact.orderNumber || 'Not provided'}`,
    `Property: ${detail.propertyName ?? 'Guest booking'}`,
  ];
  await sendMail({
    to: [config().STAFF_EMAIL],
    replyTo: [detail.contact.email],
    subject,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
}

/** On AppointmentBooked: the customer's confirmation with its .ics and manage link, and staff's notice. Once per event. */
export const booked = consumer(AppointmentBooked, 'NotifyAppointmentBooked', async (detail) => {
  await mailCustomer(detail, `Your free measurement is booked: ${readableDate(detail.date)}, ${detail.time}`, [
    `Hi ${detail.contact.name},`,
    `Your free in-home measurement with ${BUSINESS.name} is booked for ${when(detail)}, at ${detail.contact.address}, ${detail.contact.zipCode}.`,
    `The visit takes about ${detail.durationMinutes / 60} hours. The calendar file attached adds it to your calendar.`,
  ]);
  await mailStaff(detail, `Measurement booked: ${detail.date} ${detail.time}, ${detail.contact.name}`, 'A free measurement was booked.');
});

/** On AppointmentRescheduled: the customer's new confirmation (new .ics, new link) and staff's notice. */
export const rescheduled = consumer(AppointmentRescheduled, 'NotifyAppointmentRescheduled', async (detail) => {
  await mailCustomer(detail, `Your measurement moved to ${readableDate(detail.date)}, ${detail.time}`, [
    `Hi ${detail.contact.name},`,
    `Your free measurement moved from ${when(detail.previous)} to ${when(detail)}.`,
    'The calendar file attached updates your calendar; the link in earlier e-mails no longer works.',
  ]);
  await mailStaff(detail, `Measurement rescheduled: ${detail.date} ${detail.time}, ${detail.contact.name}`, `Rescheduled by the ${detail.by} from ${when(detail.previous)}.`);
});

/** On AppointmentCancelled: the customer is told (a staff cancellation too) and staff get the notice. */
export const cancelled = consumer(AppointmentCancelled, 'NotifyAppointmentCancelled', async (detail) => {
  await mailCustomer(detail, `Your measurement on ${readableDate(detail.date)} is cancelled`, [
    `Hi ${detail.contact.name},`,
    detail.by === 'staff'
      ? `We are sorry: we had to cancel your free measurement of ${when(detail)}. Please book another time on our site or call us.`
      : `Your free measurement of ${when(detail)} is cancelled, as you asked.`,
  ]);
  await mailStaff(detail, `Measurement cancelled: ${detail.date} ${detail.time}, ${detail.contact.name}`, `Cancelled by the ${detail.by}.`);
});

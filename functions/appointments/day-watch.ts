/**
 * Tells staff when a day's measurement places all went within an hour (docs/decisions/0034): the
 * day watch receives each booking and move (multiEventConsumers in events/catalog.ts), and when the
 * day it went to is full and filled that fast, publishes AppointmentDayFilledFast; its consumer
 * mails staff once per day, however many bookings, moves or deliveries announce it.
 */
import type { EventBridgeEvent } from 'aws-lambda';
import { filledFast, FAST_FILL_MINUTES } from '#domain/appointments/holders';
import { readableDate } from '#domain/appointments/schedule';
import { AppointmentBooked, AppointmentDayFilledFast, AppointmentRescheduled } from '#events/appointments';
import type { EventDetail } from '#events/declaration';
import { consumer } from '../lib/event-consumer';
import { publish } from '../lib/events';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { shopHours } from '../admin/opening-hours-store';
import { appointmentsBetween, availability } from './appointment-store';

export const watch = async (envelope: EventBridgeEvent<string, unknown>): Promise<void> => {
  const declaration = [AppointmentBooked, AppointmentRescheduled].find(
    (event) => event.name === envelope['detail-type'],
  );
  if (!declaration) throw new Error(`The day watch receives no ${envelope['detail-type']}`);
  const { date } = declaration.detail.parse(envelope.detail);
  const [day] = await availability(date, date, await shopHours());
  if (!day || day.slots.length === 0 || day.slots.some((slot) => slot.available)) return;
  // A scheduled appointment was last updated when it took its place: booked there, or moved there.
  const placesTakenAt = (await appointmentsBetween(date, date))
    .filter((appointment) => appointment.status === 'scheduled')
    .map((appointment) => appointment.updatedAt);
  if (!filledFast(placesTakenAt)) return;
  const sorted = [...placesTakenAt].sort();
  await publish(AppointmentDayFilledFast, {
    date,
    places: sorted.length,
    firstTakenAt: sorted[0]!,
    lastTakenAt: sorted.at(-1)!,
  });
};

/** Staff's notice of a day that filled fast: when, how fast, and where to look. */
export function dayFilledFastMail(
  detail: EventDetail<typeof AppointmentDayFilledFast>,
  { siteUrl, staffEmail }: MailSettings,
): Mail {
  const minutes = Math.max(1, Math.ceil((Date.parse(detail.lastTakenAt) - Date.parse(detail.firstTakenAt)) / 60_000));
  const news = `All ${detail.places} measurement places on ${readableDate(detail.date)} were booked within ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return brandedMail({
    to: [staffEmail],
    subject: `Measurements: ${readableDate(detail.date)} filled within ${FAST_FILL_MINUTES} minutes`,
    preview: news,
    siteUrl,
    blocks: [
      { kind: 'paragraph', text: news },
      {
        kind: 'paragraph',
        text: 'People rarely book that fast. Please look at the day in the Appointments tab for names, e-mails or phone numbers that look made up, and cancel the bookings that are not real, so customers can book those times.',
      },
      { kind: 'link', label: 'Open the Appointments tab', url: new URL('/admin', siteUrl).href, primary: true },
    ],
  });
}

/** On AppointmentDayFilledFast: staff's notice, once per day. */
export const notifyStaff = consumer(
  AppointmentDayFilledFast,
  'NotifyStaffOfFastFilledDay',
  (detail) => sendMail(dayFilledFastMail(detail, mailSettings())),
  {
    onceFor: (detail) => detail.date,
  },
);

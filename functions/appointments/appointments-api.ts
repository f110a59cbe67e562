import { randomUUID } from 'node:crypto';
import {
  isInServiceArea,
  measurementBookingSchema,
  outsideServiceAreaMessage,
  rescheduleSchema,
  slotRangeQuerySchema,
  type BookingAnswer,
  type ManagedAppointment,
  type SlotsAnswer,
} from '#domain/appointments/appointment';
import {
  APPOINTMENT_DURATION_MINUTES,
  APPOINTMENT_TIME_ZONE,
  bookableRange,
  shopDateAt,
  shopInstant,
  slotTime,
} from '#domain/appointments/schedule';
import { bookingHolders } from '#domain/appointments/holders';
import { Gone } from '#domain/errors';
import { AppointmentBooked } from '#events/appointments';
import { shopHours } from '../admin/opening-hours-store';
import { businessConfig } from '../lib/config';
import { optionalCaller } from '../lib/caller';
import { clientAddressOf } from '../lib/client-address';
import { publish } from '../lib/events';
import { HttpError, httpHandler, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { limitAttempt } from '../lib/rate-limit';
import { clientLeadWrite } from '../accounts/client-store';
import { ensureDefaultProperty } from '../properties/property-store';
import { cancel, requireBookable, reschedule } from './appointment-changes';
import { appointmentDetail } from './appointment-events';
import { availability, bookAppointment, getAppointment, type StoredAppointment } from './appointment-store';
import { EXPIRED_LINK_MESSAGE, INVALID_LINK_MESSAGE, verifyAppointmentToken } from './token';

const requestTime = (event: HttpEvent) => new Date(event.requestContext.timeEpoch);

/** GET /api/appointments/slots?from&to: the bookable dates in the range (default: all of them), each slot available or taken. */
export const listAppointmentSlots = httpHandler(async (event) => {
  const query = parseQuery(event, slotRangeQuerySchema);
  const hours = await shopHours();
  const range = bookableRange(requestTime(event), hours.week, hours.closures);
  const from = query.from && query.from > range.first ? query.from : range.first;
  const to = query.to && query.to < range.last ? query.to : range.last;
  const days = from <= to ? await availability(from, to, hours) : [];
  return json(200, { first: range.first, last: range.last, days } satisfies SlotsAnswer);
});

/**
 * POST /api/appointments: a guest's or a signed-in client's booking. A client's is linked to their
 * default property (made when they have none); a guest's is recorded with a lead. The slot's place,
 * the counts of the e-mail's, phone's and client address's open appointments (each refusing past
 * its limit, domain/appointments/holders.ts), the appointment and the lead are one transaction.
 */
export const createAppointment = httpHandler(async (event) => {
  const booking = parseBody(event, measurementBookingSchema);
  const now = requestTime(event);
  if (!isInServiceArea(booking.zipCode))
    throw new HttpError(400, outsideServiceAreaMessage(businessConfig().phoneDisplay), {
      zipCode: outsideServiceAreaMessage(businessConfig().phoneDisplay),
    });
  await requireBookable(booking.date, booking.time, now);
  const caller = await optionalCaller(event);
  await limitAttempt(event, 'appointmentBooking', booking.email);

  const property = caller ? await ensureDefaultProperty(caller.userId, now) : undefined;
  const { date, time, ...contact } = booking;
  const nowIso = now.toISOString();
  const appointment: StoredAppointment = {
    id: randomUUID(),
    clientId: caller?.userId ?? null,
    propertyId: property?.id ?? null,
    propertyName: property?.name ?? null,
    scheduledDate: date,
    scheduledTime: slotTime(time),
    slot: time,
    timeZone: APPOINTMENT_TIME_ZONE,
    startsAt: shopInstant(date, slotTime(time)).toISOString(),
    estimatedDuration: APPOINTMENT_DURATION_MINUTES,
    status: 'scheduled',
    notes: booking.orderNumber ? `Order ${booking.orderNumber}` : '',
    contact,
    version: 1,
    createdAt: nowIso,
    updatedAt: nowIso,
    holders: bookingHolders(contact.email, contact.phone, clientAddressOf(event)),
  };
  const lead = clientLeadWrite({
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    address: contact.address,
    zipCode: contact.zipCode,
    date,
    time: slotTime(time),
    appointmentId: appointment.id,
    updatedAt: nowIso,
  });
  await bookAppointment(appointment, caller ? [] : [lead], shopDateAt(now));
  await publish(AppointmentBooked, { ...appointmentDetail(appointment), bookedAt: nowIso });
  return json(201, {
    id: appointment.id,
    date,
    time,
    status: appointment.status,
    savedToCalendar: Boolean(caller),
  } satisfies BookingAnswer);
});

/**
 * The appointment a mailed link names, as it is now (whichever mail the link came from), until its
 * visit starts: then the link has expired (410). A cancelled one is shown as cancelled.
 */
async function appointmentOfToken(event: HttpEvent): Promise<StoredAppointment> {
  const appointment = await getAppointment(verifyAppointmentToken(event.pathParameters?.token ?? ''));
  if (!appointment) throw new HttpError(404, INVALID_LINK_MESSAGE);
  if (Date.parse(appointment.startsAt) <= event.requestContext.timeEpoch) throw new Gone(EXPIRED_LINK_MESSAGE);
  return appointment;
}

function managed(appointment: StoredAppointment): ManagedAppointment {
  return {
    id: appointment.id,
    date: appointment.scheduledDate,
    time: appointment.slot,
    status: appointment.status,
    address: appointment.contact.address,
    zipCode: appointment.contact.zipCode,
    name: appointment.contact.name,
  };
}

function requireScheduled(appointment: StoredAppointment): void {
  if (appointment.status !== 'scheduled')
    throw new HttpError(409, `This appointment is ${appointment.status} and can no longer be changed.`);
}

/** GET /api/appointments/by-token/{token}: what the mailed link's page shows. */
export const getAppointmentByToken = httpHandler(async (event) => json(200, managed(await appointmentOfToken(event))));

/** POST /api/appointments/by-token/{token}/reschedule: the new slot taken and the old one freed at once; a new mail with a new link. */
export const rescheduleByToken = httpHandler(async (event) => {
  const appointment = await appointmentOfToken(event);
  const { date, time } = parseBody(event, rescheduleSchema);
  requireScheduled(appointment);
  const now = requestTime(event);
  await requireBookable(date, time, now);
  const moved = await reschedule(appointment, date, time, now, 'customer');
  return json(200, managed(moved));
});

/** POST /api/appointments/by-token/{token}/cancel: the place freed; the customer is mailed. */
export const cancelByToken = httpHandler(async (event) => {
  const appointment = await appointmentOfToken(event);
  requireScheduled(appointment);
  const cancelled = await cancel(appointment, requestTime(event), 'customer');
  return json(200, managed(cancelled));
});

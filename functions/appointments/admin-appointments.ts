import * as z from 'zod';
import {
  adminStatusSchema,
  APPOINTMENT_TRANSITIONS,
  type AdminAppointment,
  type AdminAppointmentsAnswer,
  canTransition,
  capacitySchema,
  rescheduleSchema,
} from '#domain/appointments/appointment';
import { DEFAULT_SLOT_CAPACITY, isCalendarDate, shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { staffCaller } from '../lib/caller';
import { HttpError, httpHandler, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import {
  appointmentsBetween,
  capacitiesBetween,
  endAppointment,
  getAppointment,
  setDayCapacity,
  type StoredAppointment,
} from './appointment-store';
import { cancel, requireBookable, reschedule } from './appointment-changes';

const requestTime = (event: HttpEvent) => new Date(event.requestContext.timeEpoch);

/** An appointment as staff see it: the holders it counts in (its client address among them) stay on the server. */
function forStaff({ holders: _holders, ...appointment }: StoredAppointment): AdminAppointment {
  return appointment;
}

const dateParam = z.string().refine(isCalendarDate, 'Please give a date as YYYY-MM-DD.');
const rangeSchema = z.object({
  from: dateParam.optional(),
  days: z.enum(['1', '7'], { error: 'Please ask for 1 or 7 days.' }).optional(),
});

/** GET /api/admin/appointments?from&days=1|7: the day or the week ahead (from today in the shop's zone by default). */
export const listAppointments = httpHandler(async (event) => {
  const query = parseQuery(event, rangeSchema);
  const from = query.from ?? shopDateAt(requestTime(event));
  const to = addDays(from, Number(query.days ?? '7') - 1);
  const [appointments, capacities] = await Promise.all([appointmentsBetween(from, to), capacitiesBetween(from, to)]);
  return json(200, {
    from,
    to,
    defaultCapacity: DEFAULT_SLOT_CAPACITY,
    capacities,
    appointments: appointments.map(forStaff),
  } satisfies AdminAppointmentsAnswer);
});

async function requireAppointment(event: HttpEvent): Promise<StoredAppointment> {
  const appointment = await getAppointment(event.pathParameters?.appointmentId ?? '');
  if (!appointment) throw new HttpError(404, 'Appointment not found.');
  return appointment;
}

/** POST /api/admin/appointments/{appointmentId}/status {transition: complete | markNoShow}: how the visit went. */
export const setAppointmentStatus = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { transition } = parseBody(event, adminStatusSchema);
  const appointment = await requireAppointment(event);
  if (!canTransition(appointment.status, transition))
    throw new HttpError(
      409,
      `A ${appointment.status} appointment cannot be marked ${APPOINTMENT_TRANSITIONS[transition].to}.`,
    );
  return json(
    200,
    forStaff(
      await endAppointment(appointment, APPOINTMENT_TRANSITIONS[transition].to, requestTime(event).toISOString(), {
        staffId: staff.userId,
        action: transition,
      }),
    ),
  );
});

/** POST /api/admin/appointments/{appointmentId}/reschedule {date, time}: the same rules as the customer's; the customer is mailed. */
export const rescheduleAppointment = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { date, time } = parseBody(event, rescheduleSchema);
  const appointment = await requireAppointment(event);
  if (!canTransition(appointment.status, 'cancel'))
    throw new HttpError(409, `A ${appointment.status} appointment cannot be rescheduled.`);
  const now = requestTime(event);
  await requireBookable(date, time, now);
  return json(200, forStaff(await reschedule(appointment, date, time, now, { staffId: staff.userId })));
});

/** POST /api/admin/appointments/{appointmentId}/cancel: the place freed; the customer is mailed. */
export const cancelAppointment = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const appointment = await requireAppointment(event);
  if (!canTransition(appointment.status, 'cancel'))
    throw new HttpError(409, `A ${appointment.status} appointment cannot be cancelled.`);
  return json(200, forStaff(await cancel(appointment, requestTime(event), { staffId: staff.userId })));
});

/** PUT /api/admin/appointment-capacity/{date} {capacity}: measurers on duty per slot that day (0 closes it to bookings). */
export const setAppointmentCapacity = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const date = dateParam.safeParse(event.pathParameters?.date);
  if (!date.success)
    throw new HttpError(400, 'Please give a date as YYYY-MM-DD.', { date: 'Please give a date as YYYY-MM-DD.' });
  const { capacity } = parseBody(event, capacitySchema);
  await setDayCapacity(date.data, capacity, requestTime(event).toISOString(), staff.userId);
  return json(200, { date: date.data, capacity });
});

import type { z } from 'zod';
import { APPOINTMENT_DURATION_MINUTES } from '#domain/appointments/schedule';
import type { AppointmentBooked } from '#events/appointments';
import type { StoredAppointment } from './appointment-store';

type AppointmentDetail = Omit<z.infer<(typeof AppointmentBooked)['detail']>, 'bookedAt'>;

/** The appointment as the appointment events carry it (events/catalog.ts). */
export function appointmentDetail(appointment: StoredAppointment): AppointmentDetail {
  return {
    appointmentId: appointment.id,
    appointmentVersion: appointment.version,
    status: appointment.status,
    date: appointment.scheduledDate,
    time: appointment.slot,
    timeZone: appointment.timeZone,
    startsAt: appointment.startsAt,
    durationMinutes: APPOINTMENT_DURATION_MINUTES,
    contact: appointment.contact,
    clientId: appointment.clientId,
    propertyName: appointment.propertyName,
  };
}

/**
 * The changes a customer (by the mailed link) and staff both make to a measurement appointment:
 * a move to another bookable slot and a cancellation, each told to the bus. A staff change carries
 * its audit log entry. Apart from the customer's routes, so the staff routes carry none of them.
 */
import { shopInstant, slotTime, unbookableReason, type SlotLabel } from '#domain/appointments/schedule';
import { AppointmentCancelled, AppointmentRescheduled } from '#events/appointments';
import { shopHours } from '../admin/opening-hours-store';
import { publish } from '../lib/events';
import { HttpError } from '../lib/http';
import { appointmentDetail } from './appointment-events';
import { endAppointment, moveAppointment, type StoredAppointment } from './appointment-store';

/** A bookable date and slot, or a 400 naming the field the reason is about. */
export async function requireBookable(date: string, time: SlotLabel, now: Date): Promise<void> {
  const { week, closures } = await shopHours();
  const refusal = unbookableReason(date, time, now, week, closures);
  if (refusal) throw new HttpError(400, refusal.message, { [refusal.field]: refusal.message });
}

/** Who changes an appointment: its customer (by the mailed link), or a member of staff, whose change is audited. */
export type AppointmentChanger = 'customer' | { staffId: string };

const changedBy = (by: AppointmentChanger) => (by === 'customer' ? 'customer' : 'staff');
const staffChange = (by: AppointmentChanger, action: string) =>
  by === 'customer' ? undefined : { staffId: by.staffId, action };

/** Moves a scheduled appointment (the same slot is no move) and tells the bus. Shared with the staff route. */
export async function reschedule(
  appointment: StoredAppointment,
  date: string,
  time: SlotLabel,
  now: Date,
  by: AppointmentChanger,
): Promise<StoredAppointment> {
  if (appointment.scheduledDate === date && appointment.slot === time) return appointment;
  const nowIso = now.toISOString();
  const moved = await moveAppointment(
    appointment,
    date,
    time,
    shopInstant(date, slotTime(time)).toISOString(),
    nowIso,
    staffChange(by, 'reschedule'),
  );
  await publish(AppointmentRescheduled, {
    ...appointmentDetail(moved),
    previous: { date: appointment.scheduledDate, time: appointment.slot },
    by: changedBy(by),
    rescheduledAt: nowIso,
  });
  return moved;
}

export async function cancel(
  appointment: StoredAppointment,
  now: Date,
  by: AppointmentChanger,
): Promise<StoredAppointment> {
  const nowIso = now.toISOString();
  const cancelled = await endAppointment(appointment, 'cancelled', nowIso, staffChange(by, 'cancel'));
  await publish(AppointmentCancelled, { ...appointmentDetail(cancelled), by: changedBy(by), cancelledAt: nowIso });
  return cancelled;
}

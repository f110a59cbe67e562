import { createEvent } from 'ics';
import { businessConfig } from '../lib/config';

/** What a calendar file says a visit is: its UID's prefix, title and what the crew or technician does. */
export interface CalendarVisitKind {
  uidPrefix: string;
  title: string;
  description: string;
}

// Getters: the business's name is read when a file is made, not when the module loads.
export const MEASUREMENT_VISIT: CalendarVisitKind = {
  uidPrefix: 'appointment',
  get title() {
    return `Free measurement: ${businessConfig().name}`;
  },
  get description() {
    return `A ${businessConfig().name} technician measures your windows.`;
  },
};

export const INSTALLATION_VISIT: CalendarVisitKind = {
  uidPrefix: 'installation',
  get title() {
    return `Blind installation: ${businessConfig().name}`;
  },
  get description() {
    return `A ${businessConfig().name} crew installs your blinds.`;
  },
};

export interface CalendarAppointment {
  /** The appointment's id, or for an installation the order's (one visit per order). */
  appointmentId: string;
  /** Bumped by every reschedule: the calendar replaces the event it had under the same UID. */
  version: number;
  startsAt: string;
  durationMinutes: number;
  address: string;
  zipCode: string;
  manageUrl: string;
  cancelled: boolean;
}

/**
 * The visit as an iCalendar file (RFC 5545) with its start as a UTC instant (DTSTART…Z): every
 * calendar shows it at the right local time, and no VTIMEZONE can be out of date (docs/decisions/0021).
 * A cancellation is the same UID with STATUS:CANCELLED and METHOD:CANCEL, so a calendar removes it.
 */
export function appointmentIcs(appointment: CalendarAppointment, kind: CalendarVisitKind = MEASUREMENT_VISIT): string {
  const { error, value } = createEvent({
    uid: `${kind.uidPrefix}-${appointment.appointmentId}@hillbrookblinds.com`,
    sequence: appointment.version + (appointment.cancelled ? 1 : 0),
    method: appointment.cancelled ? 'CANCEL' : 'PUBLISH',
    productId: 'hillbrookblinds/appointments',
    start: new Date(appointment.startsAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: appointment.durationMinutes },
    title: kind.title,
    description: `${kind.description} To reschedule or cancel: ${appointment.manageUrl}`,
    location: `${appointment.address}, ${appointment.zipCode}`,
    url: appointment.manageUrl,
    status: appointment.cancelled ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: businessConfig().name, email: businessConfig().email },
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be made');
  return value;
}

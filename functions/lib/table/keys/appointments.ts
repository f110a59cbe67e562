/**
 * The table's keys of measurement appointments, installation visits and the slot calendars they
 * book (functions/appointments); see ../README.md.
 */

/** A measurement appointment; listed for staff by date and time through gsi1 (a day or a week is one Query). */
export function appointmentKeys(appointmentId: string) {
  return { pk: `APPOINTMENT#${appointmentId}`, sk: 'APPOINTMENT' };
}

export function appointmentIndexKeys(date: string, time: string, appointmentId: string) {
  return { gsi1pk: APPOINTMENTS_INDEX_PK, gsi1sk: `${date}#${time}#${appointmentId}` };
}

export const APPOINTMENTS_INDEX_PK = 'APPOINTMENTS';

/**
 * The booking counter of one slot (`booked`), and a day's capacity set by staff, of one slot
 * calendar (measurements, installations): one partition per calendar sorted by date, so the slots
 * of a date range are one Query.
 */
export const SLOT_CALENDAR_PKS = { measurement: 'APPOINTMENT_SLOTS', installation: 'INSTALLATION_SLOTS' } as const;
export type SlotCalendarName = keyof typeof SLOT_CALENDAR_PKS;

export function slotKeys(calendar: SlotCalendarName, date: string, time: string) {
  return { pk: SLOT_CALENDAR_PKS[calendar], sk: `${date}#${time}` };
}

export function dayCapacityKeys(calendar: SlotCalendarName, date: string) {
  return { pk: SLOT_CALENDAR_PKS[calendar], sk: `${date}#CAPACITY` };
}

/** An order's installation visit (its id is the order's); listed for staff by date and window through gsi1. */
export function installationKeys(orderId: string) {
  return { pk: `INSTALLATION#${orderId}`, sk: 'INSTALLATION' };
}

/** A visit still unscheduled sorts under `UNSCHEDULED`, after every date. */
export function installationIndexKeys(date: string | null, time: string | null, orderId: string) {
  return { gsi1pk: INSTALLATIONS_INDEX_PK, gsi1sk: date ? `${date}#${time}#${orderId}` : `UNSCHEDULED#${orderId}` };
}

export const INSTALLATIONS_INDEX_PK = 'INSTALLATIONS';

/** The open appointments of one e-mail, phone or client address (domain/appointments/holders.ts), counted in the booking's transaction. */
export function appointmentHolderKeys(kind: string, subject: string) {
  return { pk: `APPOINTMENT_HOLDER#${kind}#${subject}`, sk: 'HOLDER' };
}

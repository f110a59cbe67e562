/**
 * A free in-home measurement (issue 12): the booking form, the stored appointment, its statuses and
 * who may move it where, and the service-area check.
 */
import * as z from 'zod';
import { DFW_METRO_STATE, isInDfwMetro } from '../checkout/totals';
import { defineStateMachine } from '../state-machine';
import { singleLineText } from '../text';
import {
  APPOINTMENT_DURATION_MINUTES,
  isCalendarDate,
  MAX_SLOT_CAPACITY,
  SLOT_LABELS,
  type SlotLabel,
} from './schedule';

/** The red text under the form when a submission fails. */
export const BOOKING_FAILED_MESSAGE = 'Something went wrong. Please try again.';
export const SLOT_TAKEN_MESSAGE = 'That time was just taken. Please choose another time.';
export const APPOINTMENT_SAVED_TOAST = 'Appointment saved to calendar';
export const APPOINTMENT_NOT_SAVED_TOAST = 'Failed to save appointment to calendar';

/** The free measurement is offered where the shop installs: the DFW metro (domain/checkout/totals.ts). */
export function isInServiceArea(zipCode: string): boolean {
  return isInDfwMetro({ state: DFW_METRO_STATE, zipCode });
}

export function outsideServiceAreaMessage(phoneDisplay: string): string {
  return `We measure in the Dallas-Fort Worth area only. Please call us at ${phoneDisplay} and we will help you measure.`;
}

const dateField = z.string({ error: 'Please choose a date.' }).refine(isCalendarDate, 'Please choose a date.');
const timeField = z.enum(SLOT_LABELS, { error: 'Please choose a time.' });

/** Every field but the order number is required; a date and a time must be chosen. */
export const measurementBookingSchema = z.strictObject({
  name: singleLineText('Name', { error: 'Please enter your name.' }).min(1, 'Please enter your name.').max(200),
  address: singleLineText('Address', { error: 'Please enter your address.' })
    .min(1, 'Please enter your address.')
    .max(300),
  zipCode: z
    .string({ error: 'Please enter a 5-digit ZIP code.' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a 5-digit ZIP code.'),
  phone: singleLineText('Phone', { error: 'Please enter your phone number.' })
    .min(1, 'Please enter your phone number.')
    .max(40)
    .refine((phone) => phone.replace(/\D/g, '').length >= 10, 'Please enter your phone number.'),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.')),
  orderNumber: singleLineText('Order number').max(60).optional().default(''),
  date: dateField,
  time: timeField,
});
export type MeasurementBooking = z.infer<typeof measurementBookingSchema>;

/** A new date and time for an appointment (the customer's mailed link, or staff). */
export const rescheduleSchema = z.strictObject({ date: dateField, time: timeField });
export type Reschedule = z.infer<typeof rescheduleSchema>;

export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'no-show', 'cancelled'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The lifecycle: only a scheduled visit moves. Staff record how it went (completed, no-show) or
 * cancel it; the customer may cancel it. Rescheduling keeps it scheduled.
 */
export const APPOINTMENT_TRANSITIONS = {
  complete: { from: ['scheduled'], to: 'completed' },
  markNoShow: { from: ['scheduled'], to: 'no-show' },
  cancel: { from: ['scheduled'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly AppointmentStatus[]; to: AppointmentStatus }>;
export type AppointmentTransition = keyof typeof APPOINTMENT_TRANSITIONS;

/** The appointment's lifecycle: booked scheduled, final once completed, missed or cancelled. */
export const APPOINTMENT_LIFECYCLE = defineStateMachine({
  subject: 'appointment',
  states: APPOINTMENT_STATUSES,
  initial: ['scheduled'],
  terminal: ['completed', 'no-show', 'cancelled'],
  transitions: APPOINTMENT_TRANSITIONS,
});

export function canTransition(status: AppointmentStatus, transition: AppointmentTransition): boolean {
  return APPOINTMENT_LIFECYCLE.can(status, transition);
}

/** A booked measurement visit, with the booking's contact and the slot's zone and instant. */
export interface Appointment {
  id: string;
  /** Null for a guest's booking (recorded with a lead instead). */
  clientId: string | null;
  propertyId: string | null;
  /** Calendar date and wall-clock time in `timeZone`, as the customer chose them. */
  scheduledDate: string;
  scheduledTime: string;
  slot: SlotLabel;
  timeZone: string;
  /** The visit's start as a UTC instant, derived once from the three above. */
  startsAt: string;
  estimatedDuration: typeof APPOINTMENT_DURATION_MINUTES;
  status: AppointmentStatus;
  notes: string;
  contact: Omit<MeasurementBooking, 'date' | 'time'>;
  /** Bumped on every reschedule, so a mailed link stops working once the appointment moves. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/appointments/slots: each date of the range with each of its slots. */
export interface SlotAvailability {
  time: SlotLabel;
  available: boolean;
}
export interface DayAvailability {
  date: string;
  slots: SlotAvailability[];
}
export interface SlotsAnswer {
  first: string;
  last: string;
  days: DayAvailability[];
}

/** 201 of POST /api/appointments. */
export interface BookingAnswer {
  id: string;
  date: string;
  time: SlotLabel;
  status: AppointmentStatus;
  /** Whether the appointment went on a signed-in client's calendar (their property). */
  savedToCalendar: boolean;
}

/** What the mailed link's page shows and acts on. */
export interface ManagedAppointment {
  id: string;
  date: string;
  time: SlotLabel;
  status: AppointmentStatus;
  address: string;
  zipCode: string;
  name: string;
}

/** The admin tab's row. */
export interface AdminAppointment extends Appointment {
  propertyName: string | null;
}

/** 200 of GET /api/admin/appointments: the range's appointments by date and time, and each date's measurers per slot. */
export interface AdminAppointmentsAnswer {
  from: string;
  to: string;
  defaultCapacity: number;
  capacities: Record<string, number>;
  appointments: AdminAppointment[];
}

export const capacitySchema = z.strictObject({
  capacity: z
    .number({ error: 'Please enter the number of measurers on duty.' })
    .int('Please enter a whole number.')
    .min(0)
    .max(MAX_SLOT_CAPACITY),
});

export const adminStatusSchema = z.strictObject({
  transition: z.enum(['complete', 'markNoShow'], { error: 'Please choose completed or no-show.' }),
});

export const slotRangeQuerySchema = z.object({
  from: dateField.optional(),
  to: dateField.optional(),
});

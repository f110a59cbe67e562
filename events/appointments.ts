import * as z from 'zod';
import { APPOINTMENT_STATUSES, measurementBookingSchema } from '#domain/appointments/appointment';
import { SLOT_LABELS } from '#domain/appointments/schedule';
import { INSTALLATION_STATUSES } from '#domain/appointments/installation-status';
import { INSTALLATION_WINDOW_LABELS, installationOptionsSchema } from '#domain/appointments/installation-choices';
import { declare, type EventConsumer } from './declaration';

/** The appointment as the appointment events carry it: where, when (date and time in its zone, and the instant) and who. */
const appointmentDetailSchema = z.object({
  appointmentId: z.string(),
  /** The appointment's version after this change: the mailed link is signed for it. (`version` is the event's own.) */
  appointmentVersion: z.number().int().positive(),
  status: z.enum(APPOINTMENT_STATUSES),
  date: z.string(),
  time: z.enum(SLOT_LABELS),
  timeZone: z.string(),
  startsAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  contact: measurementBookingSchema.omit({ date: true, time: true }),
  clientId: z.string().nullable(),
  propertyName: z.string().nullable(),
});

const NOTIFY_APPOINTMENT_GRANTS: EventConsumer['grants'] = ['table:write', 'mail:send', 'appointments:token'];

/** A free measurement was booked (a guest's or a client's): the customer's confirmation with its .ics and manage link, and staff's notice. */
export const AppointmentBooked = declare({
  name: 'AppointmentBooked',
  version: 1,
  detail: appointmentDetailSchema.extend({ bookedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyAppointmentBooked',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'booked' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/** A scheduled appointment moved to another slot (by the customer's link or by staff); its old place is free. */
export const AppointmentRescheduled = declare({
  name: 'AppointmentRescheduled',
  version: 1,
  detail: appointmentDetailSchema.extend({
    previous: z.object({ date: z.string(), time: z.enum(SLOT_LABELS) }),
    by: z.enum(['customer', 'staff']),
    rescheduledAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyAppointmentRescheduled',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'rescheduled' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/** A scheduled appointment was cancelled (by the customer's link or by staff); its place is free. */
export const AppointmentCancelled = declare({
  name: 'AppointmentCancelled',
  version: 1,
  detail: appointmentDetailSchema.extend({ by: z.enum(['customer', 'staff']), cancelledAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'NotifyAppointmentCancelled',
      handler: { file: 'functions/appointments/notify-appointment.ts', export: 'cancelled' },
      grants: NOTIFY_APPOINTMENT_GRANTS,
    },
  ],
});

/**
 * The places of one day's measurements all went within an hour (domain/appointments/holders.ts):
 * faster than people book, so staff are told, once per day.
 */
export const AppointmentDayFilledFast = declare({
  name: 'AppointmentDayFilledFast',
  version: 1,
  detail: z.object({
    date: z.string(),
    places: z.number().int().positive(),
    firstTakenAt: z.iso.datetime(),
    lastTakenAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfFastFilledDay',
      handler: { file: 'functions/appointments/day-watch.ts', export: 'notifyStaff' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** An installation visit as its events carry it: the order it serves, where, when and how much work. */
const installationDetailSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** The visit's version after this change. */
  installationVersion: z.number().int().positive(),
  status: z.enum(INSTALLATION_STATUSES),
  date: z.string().nullable(),
  window: z.enum(INSTALLATION_WINDOW_LABELS).nullable(),
  startsAt: z.iso.datetime().nullable(),
  blindCount: z.number().int().nonnegative(),
  options: installationOptionsSchema,
  contact: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    zipCode: z.string(),
  }),
  clientId: z.string().nullable(),
});

/** Staff moved an installation visit to another window (or gave an unscheduled or missed one a window); its old place is free. */
export const InstallationRescheduled = declare({
  name: 'InstallationRescheduled',
  version: 1,
  detail: installationDetailSchema.extend({
    date: z.string(),
    window: z.enum(INSTALLATION_WINDOW_LABELS),
    startsAt: z.iso.datetime(),
    /** Null when the visit had no window (unscheduled, or after a no-show). */
    previous: z.object({ date: z.string(), window: z.enum(INSTALLATION_WINDOW_LABELS) }).nullable(),
    by: z.enum(['customer', 'staff']),
    staffId: z.string().nullable(),
    rescheduledAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyInstallationRescheduled',
      handler: { file: 'functions/appointments/notify-installation-rescheduled.ts', export: 'handler' },
      grants: ['table:write', 'mail:send', 'appointments:token'],
    },
  ],
});

/**
 * A booked visit was cancelled, its place freed: by the customer's mailed link (it may be booked
 * again), or with its order (`withOrder`, the customer's cancel or staff's: nothing to book any more).
 */
export const InstallationCancelled = declare({
  name: 'InstallationCancelled',
  version: 1,
  detail: installationDetailSchema.extend({
    previous: z.object({ date: z.string(), window: z.enum(INSTALLATION_WINDOW_LABELS), startsAt: z.iso.datetime() }),
    by: z.enum(['customer', 'staff']),
    /** Cancelled because its order was; absent on a visit cancelled alone. */
    withOrder: z.boolean().optional(),
    cancelledAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyInstallationCancelled',
      handler: { file: 'functions/appointments/notify-installation.ts', export: 'visitCancelled' },
      grants: ['table:write', 'mail:send', 'appointments:token'],
    },
  ],
});

/** The crew installed the order's blinds (staff recorded it): the order becomes installed. */
export const InstallationCompleted = declare({
  name: 'InstallationCompleted',
  version: 1,
  detail: installationDetailSchema.extend({ staffId: z.string(), completedAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'MarkOrderInstalled',
      handler: { file: 'functions/orders/installation-completed.ts', export: 'handler' },
      grants: ['table:write', 'bus:publish'],
    },
  ],
});

/** The crew went and nobody let them in; the place stays taken, and the visit may be booked again. */
export const InstallationNoShow = declare({
  name: 'InstallationNoShow',
  version: 1,
  detail: installationDetailSchema.extend({ staffId: z.string(), markedAt: z.iso.datetime() }),
  consumers: [],
});

/**
 * Installation as a service (issue 29): the crew's visit a customer books for an order that bought
 * installation, its time windows, which dates may be booked (after the order's delivered-by date,
 * on the shop's working days), its lifecycle, and the options charged with it (old-blind removal,
 * high-ladder work). The places are counted by the measurement appointments' slot engine
 * (functions/appointments/appointment-store.ts), on a calendar of its own whose capacity per window
 * is the crews on duty that day. docs/decisions/0067-installations.md says why.
 */
import * as z from 'zod';
import { isWorkingDay, nextWorkingDay } from '../calendar/calendar';
import { defineStateMachine } from '../state-machine';
import {
  INSTALLATION_WINDOW_LABELS,
  INSTALLATION_WINDOWS,
  type InstallationOptions,
  type InstallationVisitSummary,
  type InstallationWindow,
} from './installation-choices';
import { INSTALLATION_STATUSES, type InstallationStatus } from './installation-status';
import { readableDate, shopDateAt } from './schedule';
import { addDays } from '../calendar/dates';

export { INSTALLATION_STATUSES, type InstallationStatus };

export const INSTALLATION_WINDOW_MINUTES = 240;
/** Crews on duty per window unless staff set a day's number. */
export const DEFAULT_CREWS = 2;
export const MAX_CREWS = 20;
/** The last bookable date is the first one plus this many days. */
export const INSTALLATION_BOOKING_DAYS = 45;

export function windowTime(label: InstallationWindow): string {
  return INSTALLATION_WINDOWS.find((window) => window.label === label)!.time;
}

/** Crews work the shop's working days (Monday to Friday, not a holiday or a closure): both windows then, none otherwise. */
export function installationWindowsOn(date: string, closures: readonly string[]): InstallationWindow[] {
  return isWorkingDay(date, closures) ? [...INSTALLATION_WINDOW_LABELS] : [];
}

/**
 * First and last bookable dates: the first working day after the order's delivered-by date (and
 * after today, in the shop's zone), to 45 days later. An order without a date promised (placed
 * before delivery dates existed) counts from today.
 */
export function installableRange(
  deliveredBy: string | null,
  now: Date,
  closures: readonly string[],
): { first: string; last: string } {
  const today = shopDateAt(now);
  const after = deliveredBy && deliveredBy > today ? deliveredBy : today;
  const first = nextWorkingDay(after, closures);
  return { first, last: addDays(first, INSTALLATION_BOOKING_DAYS) };
}

/** Why a date and window cannot be booked for an order delivered by `deliveredBy`, or null when it can. */
export function unbookableInstallationReason(
  date: string,
  window: InstallationWindow,
  { deliveredBy, now, closures }: { deliveredBy: string | null; now: Date; closures: readonly string[] },
): string | null {
  const { first, last } = installableRange(deliveredBy, now, closures);
  if (date < first)
    return deliveredBy && deliveredBy >= shopDateAt(now)
      ? `Please choose a date after your blinds arrive (by ${readableDate(deliveredBy)}): from ${readableDate(first)} on.`
      : `Please choose a date from ${readableDate(first)} on.`;
  if (date > last) return `Please choose a date up to ${readableDate(last)}.`;
  if (!installationWindowsOn(date, closures).includes(window))
    return 'Our crews do not install on that day. Please choose another date.';
  return null;
}

/**
 * A visit's states: `unscheduled` while bought without a date (chosen later, or freed by a cancel
 * or an unpaid checkout), `scheduled` with a place held, then `completed` or `no-show`, or
 * `cancelled` with its order (final: nothing to book any more, out of the crews' lists). A no-show
 * may be booked again; a completed visit is final.
 */

export const INSTALLATION_TRANSITIONS = {
  schedule: { from: ['unscheduled', 'no-show'], to: 'scheduled' },
  cancelVisit: { from: ['scheduled'], to: 'unscheduled' },
  complete: { from: ['scheduled'], to: 'completed' },
  markNoShow: { from: ['scheduled'], to: 'no-show' },
  /** The order was cancelled (by the customer or staff): no visit any more, its place freed. */
  cancelWithOrder: { from: ['unscheduled', 'scheduled', 'no-show'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly InstallationStatus[]; to: InstallationStatus }>;
export type InstallationTransition = keyof typeof INSTALLATION_TRANSITIONS;

/** Whether the customer may (still) book or move their visit: not once it is completed or cancelled with its order. */
export function customerMayBookInstallation(status: InstallationStatus): boolean {
  return status === 'scheduled' || INSTALLATION_TRANSITIONS.schedule.from.some((from) => from === status);
}

export const INSTALLATION_LIFECYCLE = defineStateMachine({
  subject: 'installation',
  states: INSTALLATION_STATUSES,
  initial: ['unscheduled', 'scheduled'],
  terminal: ['completed', 'cancelled'],
  transitions: INSTALLATION_TRANSITIONS,
});

/** One order's installation visit (its id is the order's: an order has at most one). */
export interface Installation {
  orderId: string;
  orderNumber: string;
  clientId: string;
  status: InstallationStatus;
  /** Null while unscheduled. */
  date: string | null;
  window: InstallationWindow | null;
  /** The window's start as a UTC instant; null while unscheduled. */
  startsAt: string | null;
  /** The order's delivered-by date: no visit before the day after it. */
  deliveredBy: string | null;
  blindCount: number;
  options: InstallationOptions;
  contact: { name: string; email: string; phone: string; address: string; zipCode: string };
  /** Bumped by every change: the calendar file's SEQUENCE, and the condition a change is made on. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** What the customer's page (the mailed link, My Account) shows of a visit and its bookable range. */
export interface ManagedInstallation {
  orderId: string;
  orderNumber: string;
  status: InstallationStatus;
  date: string | null;
  window: InstallationWindow | null;
  deliveredBy: string | null;
  address: string;
  name: string;
  blindCount: number;
  options: InstallationOptions;
}

export function managedInstallation(installation: Installation): ManagedInstallation {
  return {
    orderId: installation.orderId,
    orderNumber: installation.orderNumber,
    status: installation.status,
    date: installation.date,
    window: installation.window,
    deliveredBy: installation.deliveredBy,
    address: `${installation.contact.address}, ${installation.contact.zipCode}`,
    name: installation.contact.name,
    blindCount: installation.blindCount,
    options: installation.options,
  };
}

export function visitSummaryOf(installation: Installation): InstallationVisitSummary {
  return { status: installation.status, date: installation.date, window: installation.window };
}

/** Each date of a range with each window and whether a crew is free in it. */
export interface InstallationDay {
  date: string;
  windows: { window: InstallationWindow; available: boolean }[];
}
export interface InstallationSlotsAnswer {
  first: string;
  last: string;
  days: InstallationDay[];
}

/** Staff's view: a visit with the crew it falls to on its day and window (1 to the crews on duty). */
export interface AdminInstallation extends Installation {
  crew: number | null;
}
export interface AdminInstallationsAnswer {
  from: string;
  to: string;
  defaultCrews: number;
  crews: Record<string, number>;
  installations: AdminInstallation[];
  /** Visits bought without a date, or freed by a cancel: to be given a window. */
  unscheduled: AdminInstallation[];
}

/**
 * Which crew takes each scheduled visit of a day's window: in the order they took their places, so
 * a visit keeps its crew until an earlier one of the window is moved or cancelled.
 */
export function assignCrews<T extends Pick<Installation, 'date' | 'window' | 'status' | 'updatedAt' | 'orderId'>>(
  installations: readonly T[],
): (T & { crew: number | null })[] {
  const taken = new Map<string, number>();
  return [...installations]
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a.orderId.localeCompare(b.orderId))
    .map((installation) => {
      if (installation.status !== 'scheduled' && installation.status !== 'completed')
        return { ...installation, crew: null };
      const key = `${installation.date}#${installation.window}`;
      const crew = (taken.get(key) ?? 0) + 1;
      taken.set(key, crew);
      return { ...installation, crew };
    });
}

export const INSTALLATION_MESSAGES = {
  windowTaken: 'That installation window was just taken. Please choose another time.',
  notBought: 'This order has no professional installation.',
  changed: 'This installation has changed since it was loaded. Please reload and try again.',
  notFound: 'Installation not found.',
} as const;

/** The places a window's visits hold: a completed or missed visit keeps the place its crew went to. */
export function placesTaken(
  installations: readonly Pick<Installation, 'date' | 'window' | 'status'>[],
  date: string,
  window: InstallationWindow,
): number {
  return installations.filter(
    (installation) =>
      installation.date === date && installation.window === window && installation.status !== 'unscheduled',
  ).length;
}

/** The mailed link's page, under the site's origin. */
export const MANAGE_INSTALLATION_PATH = '/installations/manage';

export const crewsSchema = z.strictObject({
  crews: z
    .number({ error: 'Please enter the number of crews on duty.' })
    .int('Please enter a whole number.')
    .min(0, `Please enter 0 to ${MAX_CREWS} crews.`)
    .max(MAX_CREWS, `Please enter 0 to ${MAX_CREWS} crews.`),
});

/** POST /api/admin/installations/{orderId}/status: how the scheduled visit went, or staff cancel it (it may be booked again). */
export const ADMIN_INSTALLATION_TRANSITIONS = ['complete', 'markNoShow', 'cancelVisit'] as const;
export type AdminInstallationTransition = (typeof ADMIN_INSTALLATION_TRANSITIONS)[number];
export const adminInstallationStatusSchema = z.strictObject({
  transition: z.enum(ADMIN_INSTALLATION_TRANSITIONS, { error: 'Please choose completed, no-show or cancel visit.' }),
});

/**
 * Staff's installation routes: the crews' calendar of a day range (each window's visits with the
 * crew they fall to, and the visits still without a date), moving a visit to another window,
 * recording how the visit went (completed or no-show) or cancelling it, and the crews on duty of a
 * day. Every change is made on the condition that the visit is still the version staff loaded (two
 * staff never both move it), through the slot engine (installation-store.ts), with its event in the
 * same transaction.
 */
import * as z from 'zod';
import {
  adminInstallationStatusSchema,
  assignCrews,
  crewsSchema,
  DEFAULT_CREWS,
  INSTALLATION_LIFECYCLE,
  INSTALLATION_MESSAGES,
  INSTALLATION_TRANSITIONS,
  type AdminInstallationTransition,
  type AdminInstallationsAnswer,
  type Installation,
} from '#domain/appointments/installation';
import { installationVisitSchema } from '#domain/appointments/installation-choices';
import { isCalendarDate, shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { Conflict } from '#domain/errors';
import { ORDER_STATUS_WORDS } from '#domain/orders/lifecycle';
import { InstallationCancelled, InstallationCompleted, InstallationNoShow } from '#events/appointments';
import { staffCaller } from '../lib/caller';
import { outboxEvent } from '../lib/event-outbox';
import { HttpError, httpHandler, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import { readOrderHeader } from '../orders/order-store';
import { installationDetail } from './installation-events';
import {
  crewsBetween,
  endInstallationVisit,
  getInstallation,
  installationsBetween,
  setCrewsOnDuty,
  unscheduledInstallations,
} from './installation-store';
import { bookVisit } from './installations-api';

const requestTime = (event: HttpEvent) => new Date(event.requestContext.timeEpoch);

const dateParam = z.string().refine(isCalendarDate, 'Please give a date as YYYY-MM-DD.');
const rangeSchema = z.object({
  from: dateParam.optional(),
  days: z.enum(['1', '7', '14'], { error: 'Please ask for 1, 7 or 14 days.' }).optional(),
});

/** GET /api/admin/installations?from&days=1|7|14: the visits of the range by date, window and crew, the crews on duty, and the visits without a date. */
export const listInstallations = httpHandler(async (event) => {
  const query = parseQuery(event, rangeSchema);
  const from = query.from ?? shopDateAt(requestTime(event));
  const to = addDays(from, Number(query.days ?? '7') - 1);
  const [dated, crews, unscheduled] = await Promise.all([
    installationsBetween(from, to),
    crewsBetween(from, to),
    unscheduledInstallations(),
  ]);
  return json(200, {
    from,
    to,
    defaultCrews: DEFAULT_CREWS,
    crews,
    installations: assignCrews(dated),
    unscheduled: unscheduled.map((installation) => ({ ...installation, crew: null })),
  } satisfies AdminInstallationsAnswer);
});

async function requireInstallation(event: HttpEvent): Promise<Installation> {
  const installation = await getInstallation(event.pathParameters?.orderId ?? '');
  if (!installation) throw new HttpError(404, INSTALLATION_MESSAGES.notFound);
  return installation;
}

/**
 * POST /api/admin/installations/{orderId}/reschedule {date, window}: a scheduled visit moved (its old
 * place freed in the same transaction), or an unscheduled or missed one given a window, by the
 * customer's rules (after the delivered-by date, a working day). A full window is 409 naming
 * `window`; the customer is mailed the new window.
 */
export const rescheduleInstallation = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const visit = parseBody(event, installationVisitSchema);
  const installation = await requireInstallation(event);
  try {
    const scheduled = await bookVisit(installation, visit, requestTime(event), { staffId: staff.userId });
    return json(200, scheduled);
  } catch (error) {
    if (error instanceof Conflict && error.message === INSTALLATION_MESSAGES.windowTaken)
      throw new Conflict(error.message, { window: error.message });
    throw error;
  }
});

/**
 * The order must have reached the customer before its blinds are installed: a visit is completed
 * only for an order delivered (or already installed, by the Orders tab).
 */
async function requireDeliveredOrder(installation: Installation): Promise<void> {
  const order = await readOrderHeader(installation.orderId);
  if (!order) throw new HttpError(404, 'Order Not Found');
  if (order.status !== 'delivered' && order.status !== 'installed') {
    const reason = `Order ${order.orderNumber} is ${ORDER_STATUS_WORDS[order.status]}: mark it delivered before completing its installation.`;
    throw new HttpError(409, reason, { transition: reason });
  }
}

/**
 * POST /api/admin/installations/{orderId}/status {transition: complete | markNoShow | cancelVisit}:
 * how the scheduled visit went, or staff cancel it. Completed, the order becomes installed
 * (InstallationCompleted's consumer); cancelled, its place is freed, it may be booked again, and the
 * customer is mailed the calendar file that removes it (InstallationCancelled).
 */
export const setInstallationStatus = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const { transition } = parseBody(event, adminInstallationStatusSchema);
  const installation = await requireInstallation(event);
  const to = INSTALLATION_TRANSITIONS[transition].to;
  if (!INSTALLATION_LIFECYCLE.can(installation.status, transition)) {
    const reason = `This installation is ${installation.status}: only a scheduled visit can be ${transition === 'cancelVisit' ? 'cancelled' : `marked ${to}`}.`;
    throw new HttpError(409, reason, { transition: reason });
  }
  if (transition === 'complete') await requireDeliveredOrder(installation);
  const at = requestTime(event).toISOString();
  const ended = await endInstallationVisit(
    installation,
    to,
    at,
    (next) => [transitionEvent(transition, installation, next, staff.userId, at)],
    { staffId: staff.userId, action: transition },
  );
  return json(200, ended);
});

function transitionEvent(
  transition: AdminInstallationTransition,
  before: Installation,
  next: Installation,
  staffId: string,
  at: string,
) {
  if (transition === 'complete')
    return outboxEvent(InstallationCompleted, { ...installationDetail(next), staffId, completedAt: at });
  if (transition === 'markNoShow')
    return outboxEvent(InstallationNoShow, { ...installationDetail(next), staffId, markedAt: at });
  const previous = { date: before.date!, window: before.window!, startsAt: before.startsAt! };
  return outboxEvent(InstallationCancelled, { ...installationDetail(next), previous, by: 'staff', cancelledAt: at });
}

/** PUT /api/admin/installation-crews/{date} {crews}: the crews on duty that day, a place each per window (0 closes the day to bookings). */
export const setInstallationCrews = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const date = dateParam.safeParse(event.pathParameters?.date);
  if (!date.success)
    throw new HttpError(400, 'Please give a date as YYYY-MM-DD.', { date: 'Please give a date as YYYY-MM-DD.' });
  const { crews } = parseBody(event, crewsSchema);
  await setCrewsOnDuty(date.data, crews, requestTime(event).toISOString(), staff.userId);
  return json(200, { date: date.data, crews });
});

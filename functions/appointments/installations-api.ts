/**
 * The customer's installation routes, reached by the signed link of the order's mails (no sign-in):
 * the visit as it is now with the windows it may move to, booking or moving it, and cancelling the
 * visit (it can be booked again). Every place is taken and freed through the slot engine in the
 * visit's own transaction (installation-store.ts).
 */
import {
  customerMayBookInstallation,
  INSTALLATION_LIFECYCLE,
  installableRange,
  managedInstallation,
  unbookableInstallationReason,
  windowTime,
  type Installation,
  type InstallationSlotsAnswer,
} from '#domain/appointments/installation';
import { installationVisitSchema, type InstallationVisit } from '#domain/appointments/installation-choices';
import * as z from 'zod';
import { isCalendarDate, shopInstant } from '#domain/appointments/schedule';
import { InstallationCancelled, InstallationRescheduled } from '#events/appointments';
import { shopClosureDates } from '../catalogue/shop-closures-store';
import { outboxEvent } from '../lib/event-outbox';
import { HttpError, httpHandler, json, parseBody, parseQuery, type HttpEvent } from '../lib/http';
import {
  endInstallationVisit,
  getInstallation,
  installationAvailability,
  scheduleInstallation,
} from './installation-store';
import { installationDetail } from './installation-events';
import { INVALID_LINK_MESSAGE, verifyInstallationToken } from './token';

const requestTime = (event: HttpEvent) => new Date(event.requestContext.timeEpoch);

async function installationOfToken(event: HttpEvent): Promise<Installation> {
  const installation = await getInstallation(verifyInstallationToken(event.pathParameters?.token ?? ''));
  if (!installation) throw new HttpError(404, INVALID_LINK_MESSAGE);
  return installation;
}

/** The bookable dates of a visit with each window free or taken. */
export async function installationSlots(
  installation: Pick<Installation, 'deliveredBy'>,
  now: Date,
): Promise<InstallationSlotsAnswer> {
  const closures = await shopClosureDates();
  const { first, last } = installableRange(installation.deliveredBy, now, closures);
  return { first, last, days: await installationAvailability(first, last, closures) };
}

/**
 * Books or moves the visit to a window after its delivered-by date (400 naming the field that is
 * wrong; 409 when the window is full or the visit may not move), with its InstallationRescheduled
 * event. Shared with staff's route, whose move is audited.
 */
export async function bookVisit(
  installation: Installation,
  visit: InstallationVisit,
  now: Date,
  by: 'customer' | { staffId: string },
): Promise<Installation> {
  if (!customerMayBookInstallation(installation.status))
    throw new HttpError(409, `This installation is ${installation.status} and can no longer be changed.`);
  const reason = unbookableInstallationReason(visit.date, visit.window, {
    deliveredBy: installation.deliveredBy,
    now,
    closures: await shopClosureDates(),
  });
  if (reason) throw new HttpError(400, reason, { [reason.includes('date') ? 'date' : 'window']: reason });
  if (installation.status === 'scheduled' && installation.date === visit.date && installation.window === visit.window)
    return installation;
  const previous =
    installation.status === 'scheduled' && installation.date && installation.window
      ? { date: installation.date, window: installation.window }
      : null;
  return scheduleInstallation(
    installation,
    { ...visit, startsAt: shopInstant(visit.date, windowTime(visit.window)).toISOString() },
    now.toISOString(),
    (next) => [
      outboxEvent(InstallationRescheduled, {
        ...installationDetail(next),
        date: visit.date,
        window: visit.window,
        startsAt: next.startsAt!,
        previous,
        by: by === 'customer' ? 'customer' : 'staff',
        staffId: by === 'customer' ? null : by.staffId,
        rescheduledAt: now.toISOString(),
      }),
    ],
    by === 'customer' ? undefined : { staffId: by.staffId, action: 'reschedule' },
  );
}

const slotsQuerySchema = z.object({
  deliveredBy: z.string().refine(isCalendarDate, 'Please give the delivered-by date as YYYY-MM-DD.').optional(),
});

/** GET /api/installations/slots?deliveredBy: the windows checkout offers for blinds delivered by that date. */
export const listInstallationSlots = httpHandler(async (event) => {
  const { deliveredBy } = parseQuery(event, slotsQuerySchema);
  return json(200, await installationSlots({ deliveredBy: deliveredBy ?? null }, requestTime(event)));
});

/** GET /api/installations/by-token/{token}: the visit as it is now, and the windows it may be booked in. */
export const getInstallationByToken = httpHandler(async (event) => {
  const installation = await installationOfToken(event);
  return json(200, {
    installation: managedInstallation(installation),
    slots: await installationSlots(installation, requestTime(event)),
  });
});

/** POST /api/installations/by-token/{token}/visit {date, window}: books the visit, or moves it (the old place freed at once). */
export const bookInstallationByToken = httpHandler(async (event) => {
  const installation = await installationOfToken(event);
  const visit = parseBody(event, installationVisitSchema);
  const booked = await bookVisit(installation, visit, requestTime(event), 'customer');
  return json(200, managedInstallation(booked));
});

/** POST /api/installations/by-token/{token}/cancel: the visit cancelled and its place freed; it can be booked again. */
export const cancelInstallationByToken = httpHandler(async (event) => {
  const installation = await installationOfToken(event);
  if (!INSTALLATION_LIFECYCLE.can(installation.status, 'cancelVisit'))
    throw new HttpError(409, `This installation is ${installation.status}: there is no visit to cancel.`);
  const at = requestTime(event).toISOString();
  const previous = { date: installation.date!, window: installation.window!, startsAt: installation.startsAt! };
  const cancelled = await endInstallationVisit(installation, 'unscheduled', at, (ended) => [
    outboxEvent(InstallationCancelled, { ...installationDetail(ended), previous, by: 'customer', cancelledAt: at }),
  ]);
  return json(200, managedInstallation(cancelled));
});

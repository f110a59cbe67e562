/**
 * Installation visits in the table: the item of each order's visit, and its places on the crews'
 * calendar, taken and freed through the shop's one slot engine (slot-store.ts) in the same
 * transaction as the visit's change, on the condition that the visit is as it was read.
 */
import {
  DEFAULT_CREWS,
  INSTALLATION_MESSAGES,
  installationWindowsOn,
  visitSummaryOf,
  windowTime,
  type Installation,
  type InstallationDay,
  type InstallationStatus,
} from '#domain/appointments/installation';
import type { InstallationVisitSummary } from '#domain/appointments/installation-choices';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import { Conflict } from '#domain/errors';
import { auditEntryWrite, type StaffAction } from '../lib/table/audit';
import { getItem, queryAll, recordOf } from '../lib/table/items';
import { INSTALLATIONS_INDEX_PK, installationIndexKeys, installationKeys } from '../lib/table/keys/appointments';
import { transact, type CommittedEvent, type WriteItem } from '../lib/table/transaction';
import {
  capacitiesBetween,
  freePlaceWrite,
  setDayCapacity,
  slotAvailability,
  takePlaceWrites,
  type SlotCalendar,
} from './slot-store';

/** The crews' calendar: a place per crew on duty in each window. */
const CREWS: SlotCalendar = {
  name: 'installation',
  defaultCapacity: DEFAULT_CREWS,
  entities: { slot: 'installationSlot', capacity: 'installationDayCapacity' },
};

/** Bookings of one window contend for one counter: a cancelled transaction is tried this often. */
const CONFLICT_ATTEMPTS = 12;

/** Each date of the range with its windows and whether a crew is free in each. */
export async function installationAvailability(
  from: string,
  to: string,
  closures: readonly string[],
): Promise<InstallationDay[]> {
  const days = await slotAvailability(CREWS, from, to, (date) =>
    installationWindowsOn(date, closures).map((label) => ({ label, time: windowTime(label) })),
  );
  return days.map(({ date, slots }) => ({
    date,
    windows: slots.map(({ label, available }) => ({ window: label, available })),
  }));
}

/** A visit's item; a visit cancelled with its order leaves the crews' index (no date, nothing to book). */
function installationItem(installation: Installation) {
  return {
    ...installationKeys(installation.orderId),
    ...(installation.status !== 'cancelled' &&
      installationIndexKeys(
        installation.date,
        installation.window && windowTime(installation.window),
        installation.orderId,
      )),
    entity: 'installation',
    ...installation,
  };
}

/**
 * The writes that put a new order's visit, with its place when a window was chosen, into the
 * order's placing transaction: `installationSlot` and `installationCapacity` fail when the window
 * is full (the caller answers INSTALLATION_MESSAGES.windowTaken).
 */
export async function installationPlacementWrites(installation: Omit<Installation, 'orderNumber'>): Promise<{
  /** The visit's put, with the number the order is stored under (drawn by the placing transaction). */
  installation: (orderNumber: string) => WriteItem;
  installationSlot: WriteItem | null;
  installationCapacity: WriteItem | null;
}> {
  const place =
    installation.date && installation.window
      ? await takePlaceWrites(CREWS, installation.date, windowTime(installation.window))
      : null;
  return {
    installation: (orderNumber) => ({
      Put: {
        Item: installationItem({ ...installation, orderNumber }),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    }),
    installationSlot: place?.slot ?? null,
    installationCapacity: place?.capacity ?? null,
  };
}

export async function getInstallation(orderId: string): Promise<Installation | undefined> {
  const item = await getItem(installationKeys(orderId));
  return item ? recordOf<Installation>(item) : undefined;
}

/** What an order's pages say of its visit: null for an order without installation (or placed before visits). */
export async function installationVisitOf(order: {
  id: string;
  installation: boolean;
}): Promise<InstallationVisitSummary | null> {
  const installation = order.installation ? await getInstallation(order.id) : undefined;
  return installation ? visitSummaryOf(installation) : null;
}

/** The visit's item as changed, on the condition that it is still the version read. */
function replaceWrite(before: Installation, after: Installation): WriteItem {
  return {
    Put: {
      Item: installationItem(after),
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': before.version },
    },
  };
}

const visitFields = ({ status, date, window }: Installation) => ({ status, date, window });

/** The audit log entry of a staff change of a visit (its status, date and window before and after), named by its order. */
function auditWrite(before: Installation, after: Installation, staff: StaffAction | undefined): WriteItem | null {
  return staff
    ? auditEntryWrite({
        ...staff,
        at: after.updatedAt,
        record: { kind: 'installation', id: before.orderId, label: before.orderNumber },
        before: visitFields(before),
        after: visitFields(after),
      })
    : null;
}

const placeOf = (installation: Installation) =>
  installation.status === 'scheduled' && installation.date && installation.window
    ? { date: installation.date, time: windowTime(installation.window) }
    : null;

/**
 * Gives the visit a date and window (a first booking, a move, or again after a no-show): the new
 * place taken, a scheduled visit's old place freed and the visit rewritten in one transaction, with
 * the events made from the visit as scheduled (the outbox). A full window is 409 with its sentence;
 * a visit changed since it was read is 409 too. Scheduled by staff (`staff`), its audit log entry is
 * in the same transaction.
 */
export async function scheduleInstallation(
  installation: Installation,
  visit: { date: string; window: InstallationWindow; startsAt: string },
  now: string,
  events: (scheduled: Installation) => readonly CommittedEvent[] = () => [],
  staff?: StaffAction,
): Promise<Installation> {
  const scheduled: Installation = {
    ...installation,
    status: 'scheduled',
    date: visit.date,
    window: visit.window,
    startsAt: visit.startsAt,
    version: installation.version + 1,
    updatedAt: now,
  };
  const before = placeOf(installation);
  const outcome = await transact(
    {
      ...(await takePlaceWrites(CREWS, visit.date, windowTime(visit.window))),
      freed: before && freePlaceWrite(CREWS, before.date, before.time),
      installation: replaceWrite(installation, scheduled),
      audit: auditWrite(installation, scheduled, staff),
    },
    { attempts: CONFLICT_ATTEMPTS, events: events(scheduled) },
  );
  if (!outcome.committed)
    throw new Conflict(
      outcome.failed.has('slot') || outcome.failed.has('capacity')
        ? INSTALLATION_MESSAGES.windowTaken
        : INSTALLATION_MESSAGES.changed,
    );
  return scheduled;
}

/**
 * Ends a visit: cancelled (back to unscheduled, its place freed, to be booked again), cancelled
 * with its order (`cancelled`: its place, if it held one, freed; nothing to book any more),
 * completed or missed (the crew went: the place stays taken). The events made from the visit as
 * ended are committed with it (the outbox), and, ended by staff (`staff`), its audit log entry.
 */
export async function endInstallationVisit(
  installation: Installation,
  status: Exclude<InstallationStatus, 'scheduled'>,
  now: string,
  events: (ended: Installation) => readonly CommittedEvent[] = () => [],
  staff?: StaffAction,
): Promise<Installation> {
  const cancelled = status === 'unscheduled' || status === 'cancelled';
  const ended: Installation = {
    ...installation,
    status,
    ...(cancelled && { date: null, window: null, startsAt: null }),
    version: installation.version + 1,
    updatedAt: now,
  };
  const place = placeOf(installation);
  const outcome = await transact(
    {
      freed: cancelled && place ? freePlaceWrite(CREWS, place.date, place.time) : null,
      installation: replaceWrite(installation, ended),
      audit: auditWrite(installation, ended, staff),
    },
    { attempts: CONFLICT_ATTEMPTS, events: events(ended) },
  );
  if (!outcome.committed) throw new Conflict(INSTALLATION_MESSAGES.changed);
  return ended;
}

/**
 * The writes that give back the place a visit holds when its order's payment page ends unpaid
 * (decision 0053's rule for a promotion's use, applied to a crew's window): the visit back to
 * unscheduled on the version read, written in the order's own payment transaction, so the place
 * is freed exactly once however often the provider reports the end. None for a visit holding no place.
 */
export function releaseVisitWrites(installation: Installation, now: string): WriteItem[] {
  const place = placeOf(installation);
  if (!place) return [];
  const released: Installation = {
    ...installation,
    status: 'unscheduled',
    date: null,
    window: null,
    startsAt: null,
    version: installation.version + 1,
    updatedAt: now,
  };
  return [freePlaceWrite(CREWS, place.date, place.time), replaceWrite(installation, released)];
}

/** Visits dated from `from` to `to` (inclusive) by date and window: one Query of gsi1. */
export async function installationsBetween(from: string, to: string): Promise<Installation[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': INSTALLATIONS_INDEX_PK, ':from': `${from}#`, ':to': `${to}#~` },
  });
  return items.map((item) => recordOf<Installation>(item));
}

/** Visits bought without a date yet (or freed), oldest first: one Query of gsi1. */
export async function unscheduledInstallations(): Promise<Installation[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :unscheduled)',
    ExpressionAttributeValues: { ':pk': INSTALLATIONS_INDEX_PK, ':unscheduled': 'UNSCHEDULED#' },
  });
  return items.map((item) => recordOf<Installation>(item));
}

/** The crews on duty of a date, with the audit log entry of the member of staff (`staffId`) who set them. */
export const setCrewsOnDuty = (date: string, crews: number, now: string, staffId: string) =>
  setDayCapacity(CREWS, date, crews, now, (before) => ({
    staffId,
    at: now,
    action: 'setCrews',
    record: { kind: 'crewsOfDay', id: date, label: date },
    before: { crews: before },
    after: { crews },
  }));
export const crewsBetween = (from: string, to: string) => capacitiesBetween(CREWS, from, to);

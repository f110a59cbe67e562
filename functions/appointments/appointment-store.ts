import { setTimeout as sleep } from 'node:timers/promises';
import {
  BOOKING_FAILED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  type AdminAppointment,
  type AppointmentStatus,
  type DayAvailability,
} from '#domain/appointments/appointment';
import {
  holderLimitRefusal,
  OPEN_APPOINTMENTS_PER_HOLDER,
  openOn,
  type AppointmentHolder,
} from '#domain/appointments/holders';
import { DEFAULT_SLOT_CAPACITY, slotsOn, slotTime, type SlotLabel } from '#domain/appointments/schedule';
import type { AuditFields } from '#domain/audit/audit-entry';
import { Conflict } from '#domain/errors';
import type { ShopHours } from '#domain/opening-hours';
import { businessConfig } from '../lib/config';
import { auditEntryWrite, type StaffAction } from '../lib/table/audit';
import { getItem, queryAll, recordOf } from '../lib/table/items';
import {
  APPOINTMENTS_INDEX_PK,
  appointmentHolderKeys,
  appointmentIndexKeys,
  appointmentKeys,
} from '../lib/table/keys/appointments';
import { transact, type WriteItem } from '../lib/table/transaction';
import {
  capacitiesBetween as slotCapacitiesBetween,
  freePlaceWrite as freeSlotPlace,
  setDayCapacity as setSlotCapacity,
  slotAvailability,
  takePlaceWrites as takeSlotPlace,
  type SlotCalendar,
} from './slot-store';

/** An appointment as kept: what staff see, and the holders whose open appointments it counts in (none before decision 0034). */
export type StoredAppointment = AdminAppointment & { holders?: AppointmentHolder[] };

/** The measurers' calendar: a place per measurer on duty in each slot. */
const MEASUREMENTS: SlotCalendar = {
  name: 'measurement',
  defaultCapacity: DEFAULT_SLOT_CAPACITY,
  entities: { slot: 'appointmentSlot', capacity: 'appointmentDayCapacity' },
};

/** Each date of the range with the slots the shop works and whether a place is left in each. */
export async function availability(
  from: string,
  to: string,
  { week, closures }: ShopHours,
): Promise<DayAvailability[]> {
  const days = await slotAvailability(MEASUREMENTS, from, to, (date) =>
    slotsOn(date, week, closures).map((label) => ({ label, time: slotTime(label) })),
  );
  return days.map(({ date, slots }) => ({
    date,
    slots: slots.map(({ label, available }) => ({ time: label, available })),
  }));
}

const takePlaceWrites = (date: string, label: SlotLabel) => takeSlotPlace(MEASUREMENTS, date, slotTime(label));
const freePlaceWrite = (date: string, label: SlotLabel) => freeSlotPlace(MEASUREMENTS, date, slotTime(label));

/**
 * Many bookings of one slot may be in flight at once: a transaction DynamoDB cancels for a conflict
 * with another booking of the same slot or by the same holder is tried this often, so every caller
 * ends done or told.
 */
const CONFLICT_ATTEMPTS = 9;

/**
 * The items that count a new appointment in each of its holders' open appointments: each holder's
 * list is read, its past dates dropped, and a holder at its limit refuses the booking (409 with the
 * reason, naming the field); otherwise the list with the new appointment is put on the condition
 * that the holder's version is still the one read, so concurrent bookings by one holder never
 * exceed its limit.
 */
async function holdWrites(
  holders: AppointmentHolder[],
  appointmentId: string,
  date: string,
  today: string,
): Promise<WriteItem[]> {
  return Promise.all(
    holders.map(async (holder): Promise<WriteItem> => {
      const Key = appointmentHolderKeys(holder.kind, holder.subject);
      const read = await getItem(Key, { consistent: true });
      const open = openOn((read?.open ?? {}) as Record<string, string>, today);
      if (Object.keys(open).length >= OPEN_APPOINTMENTS_PER_HOLDER[holder.kind]) {
        const { message, field } = holderLimitRefusal(holder.kind, businessConfig().phoneDisplay);
        throw new Conflict(message, field && { [field]: message });
      }
      const version = read?.version as number | undefined;
      return {
        Put: {
          Item: {
            ...Key,
            entity: 'appointmentHolder',
            open: { ...open, [appointmentId]: date },
            version: (version ?? 0) + 1,
          },
          ConditionExpression: version === undefined ? 'attribute_not_exists(pk)' : '#version = :version',
          ...(version !== undefined && {
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': version },
          }),
        },
      };
    }),
  );
}

/**
 * Updates each holder's entry for a scheduled appointment: its new date, or none once it ended. The
 * version rises, so a booking that read the holder before this change is read again.
 */
function holderWrites(appointment: StoredAppointment, date: string | null): WriteItem[] {
  return (appointment.holders ?? []).map((holder) => ({
    Update: {
      Key: appointmentHolderKeys(holder.kind, holder.subject),
      UpdateExpression:
        date === null ? 'REMOVE #open.#id ADD #version :one' : 'SET #open.#id = :date ADD #version :one',
      ExpressionAttributeNames: { '#open': 'open', '#id': appointment.id, '#version': 'version' },
      ExpressionAttributeValues: { ':one': 1, ...(date !== null && { ':date': date }) },
    },
  }));
}

/**
 * Stores a new appointment with its slot place, its count in each of its holders' open appointments
 * and (for a guest) the lead, in one transaction. `today` is the shop's date: a holder's
 * appointments before it are over.
 */
export async function bookAppointment(
  appointment: StoredAppointment,
  extraItems: WriteItem[],
  today: string,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const place = await takePlaceWrites(appointment.scheduledDate, appointment.slot);
    const holds = await holdWrites(appointment.holders ?? [], appointment.id, appointment.scheduledDate, today);
    const outcome = await transact(
      {
        ...place,
        holders: holds,
        appointment: {
          Put: {
            Item: {
              ...appointmentKeys(appointment.id),
              ...appointmentIndexKeys(appointment.scheduledDate, appointment.scheduledTime, appointment.id),
              entity: 'appointment',
              ...appointment,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        extra: extraItems,
      },
      { attempts: CONFLICT_ATTEMPTS },
    );
    if (outcome.committed) return;
    if (outcome.failed.has('slot') || outcome.failed.has('capacity')) throw new Conflict(SLOT_TAKEN_MESSAGE);
    if (!outcome.failed.has('holders')) throw new Conflict('This appointment was already booked.');
    // A holder's open appointments changed between reading them and the transaction: read again.
    if (attempt >= CONFLICT_ATTEMPTS - 1) throw new Conflict(BOOKING_FAILED_MESSAGE);
    await sleep(20 + Math.random() * 80 * (attempt + 1));
  }
}

export async function getAppointment(appointmentId: string): Promise<StoredAppointment | undefined> {
  const item = await getItem(appointmentKeys(appointmentId));
  return item ? recordOf<StoredAppointment>(item) : undefined;
}

const CHANGED_MESSAGE = 'This appointment has changed since it was loaded. Please reload and try again.';

/**
 * The audit log entry of a staff change of an appointment, named by its date and slot as staff
 * found it (entries keep no customer's personal data: decision 0078); none for the customer's own.
 */
function auditWrite(
  appointment: StoredAppointment,
  staff: StaffAction | undefined,
  at: string,
  before: AuditFields,
  after: AuditFields,
): WriteItem | null {
  return staff
    ? auditEntryWrite({
        ...staff,
        at,
        record: { kind: 'appointment', id: appointment.id, label: `${appointment.scheduledDate} ${appointment.slot}` },
        before,
        after,
      })
    : null;
}

/**
 * Moves a scheduled appointment to a new slot: the new place taken, the old one freed, its holders'
 * entries given the new date and the appointment's version bumped in one transaction (the calendar
 * file's SEQUENCE; a change made from what was read before is refused). A move by staff (`staff`)
 * has its audit log entry (the date and slot before and after) in the same transaction.
 */
export async function moveAppointment(
  appointment: StoredAppointment,
  date: string,
  label: SlotLabel,
  startsAt: string,
  now: string,
  staff?: StaffAction,
): Promise<StoredAppointment> {
  const time = slotTime(label);
  const moved: StoredAppointment = {
    ...appointment,
    scheduledDate: date,
    scheduledTime: time,
    slot: label,
    startsAt,
    version: appointment.version + 1,
    updatedAt: now,
  };
  const outcome = await transact(
    {
      ...(await takePlaceWrites(date, label)),
      freed: freePlaceWrite(appointment.scheduledDate, appointment.slot),
      holders: holderWrites(appointment, date),
      appointment: {
        Update: {
          Key: appointmentKeys(appointment.id),
          UpdateExpression:
            'SET scheduledDate = :date, scheduledTime = :time, #slot = :slot, startsAt = :startsAt, #version = :next, updatedAt = :now, gsi1sk = :gsi1sk',
          ConditionExpression: '#status = :scheduled AND #version = :version',
          ExpressionAttributeNames: { '#status': 'status', '#slot': 'slot', '#version': 'version' },
          ExpressionAttributeValues: {
            ':date': date,
            ':time': time,
            ':slot': label,
            ':startsAt': startsAt,
            ':next': moved.version,
            ':now': now,
            ':gsi1sk': appointmentIndexKeys(date, time, appointment.id).gsi1sk,
            ':scheduled': 'scheduled',
            ':version': appointment.version,
          },
        },
      },
      audit: auditWrite(
        appointment,
        staff,
        now,
        { scheduledDate: appointment.scheduledDate, slot: appointment.slot },
        { scheduledDate: date, slot: label },
      ),
    },
    { attempts: CONFLICT_ATTEMPTS },
  );
  if (!outcome.committed)
    throw new Conflict(
      outcome.failed.has('slot') || outcome.failed.has('capacity') ? SLOT_TAKEN_MESSAGE : CHANGED_MESSAGE,
    );
  return moved;
}

/**
 * Ends a scheduled appointment (cancelled, completed, no-show), and with it its count in its
 * holders' open appointments. A cancellation frees its place in the same transaction; a visit that
 * happened keeps it (the measurer was there). The customer's link still shows the appointment, now
 * ended. Ended by staff (`staff`), its audit log entry (the status before and after) is in the
 * same transaction.
 */
export async function endAppointment(
  appointment: StoredAppointment,
  status: Exclude<AppointmentStatus, 'scheduled'>,
  now: string,
  staff?: StaffAction,
): Promise<StoredAppointment> {
  const outcome = await transact(
    {
      appointment: {
        Update: {
          Key: appointmentKeys(appointment.id),
          UpdateExpression: 'SET #status = :status, updatedAt = :now',
          ConditionExpression: '#status = :scheduled AND #version = :version',
          ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
          ExpressionAttributeValues: {
            ':status': status,
            ':now': now,
            ':scheduled': 'scheduled',
            ':version': appointment.version,
          },
        },
      },
      freed: status === 'cancelled' ? freePlaceWrite(appointment.scheduledDate, appointment.slot) : null,
      holders: holderWrites(appointment, null),
      audit: auditWrite(appointment, staff, now, { status: appointment.status }, { status }),
    },
    { attempts: CONFLICT_ATTEMPTS },
  );
  if (!outcome.committed) throw new Conflict(CHANGED_MESSAGE);
  return { ...appointment, status, updatedAt: now };
}

/** Appointments from `from` to `to` (inclusive) by date and time: one Query of gsi1. */
export async function appointmentsBetween(from: string, to: string): Promise<StoredAppointment[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': APPOINTMENTS_INDEX_PK, ':from': `${from}#`, ':to': `${to}#~` },
  });
  return items.map((item) => recordOf<StoredAppointment>(item));
}

/** Staff's measurers on duty per slot for a date, with the audit log entry of the member of staff (`staffId`) who set it. */
export const setDayCapacity = (date: string, capacity: number, now: string, staffId: string) =>
  setSlotCapacity(MEASUREMENTS, date, capacity, now, (before) => ({
    staffId,
    at: now,
    action: 'setCapacity',
    record: { kind: 'measurersOfDay', id: date, label: date },
    before: { capacity: before },
    after: { capacity },
  }));

/** Day capacities staff set in the range, by date. */
export const capacitiesBetween = (from: string, to: string) => slotCapacitiesBetween(MEASUREMENTS, from, to);

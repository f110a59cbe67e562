/**
 * The slot engine of the shop's visits (measurements and installations): each calendar counts the
 * places taken in each slot of a date, against the capacity of that date (staff's setting or the
 * calendar's default). A place is taken by a conditional counter update checked against the
 * capacity read, in the booking's own transaction, so concurrent bookings never pass it.
 */
import { addDays } from '#domain/calendar/dates';
import type { AuditAction } from '#domain/audit/audit-entry';
import { auditEntryWrite } from '../lib/table/audit';
import { getItem, queryAll } from '../lib/table/items';
import { dayCapacityKeys, SLOT_CALENDAR_PKS, slotKeys, type SlotCalendarName } from '../lib/table/keys/appointments';
import { transact, TransactionCancelled, type WriteItem } from '../lib/table/transaction';

/** One calendar of slots: its name (its partition), the capacity of a date staff did not set, and its items' entity names. */
export interface SlotCalendar {
  name: SlotCalendarName;
  defaultCapacity: number;
  entities: { slot: string; capacity: string };
}

interface SlotItem {
  sk: string;
  booked?: number;
  slotCapacity?: number;
}

/** Every slot counter and day capacity from `from` to `to` (inclusive): one Query of the calendar's partition. */
async function slotItems(calendar: SlotCalendar, from: string, to: string): Promise<SlotItem[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': SLOT_CALENDAR_PKS[calendar.name], ':from': `${from}#`, ':to': `${to}#~` },
  });
  return items as SlotItem[];
}

/** Each date of the range with the slots `slotsOn` gives it and whether a place is left in each. */
export async function slotAvailability<Label extends string>(
  calendar: SlotCalendar,
  from: string,
  to: string,
  slotsOn: (date: string) => readonly { label: Label; time: string }[],
): Promise<{ date: string; slots: { label: Label; available: boolean }[] }[]> {
  const items = new Map((await slotItems(calendar, from, to)).map((item) => [item.sk, item]));
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const capacity = items.get(dayCapacityKeys(calendar.name, date).sk)?.slotCapacity ?? calendar.defaultCapacity;
    days.push({
      date,
      slots: slotsOn(date).map(({ label, time }) => ({
        label,
        available: (items.get(slotKeys(calendar.name, date, time).sk)?.booked ?? 0) < capacity,
      })),
    });
  }
  return days;
}

/**
 * Takes a place in a slot: the counter rises only while below the day's capacity, and the
 * capacity read is checked unchanged in the same transaction, so staff lowering it meanwhile
 * cannot be overrun. The caller names the two writes `slot` and `capacity` in its transaction.
 */
export async function takePlaceWrites(
  calendar: SlotCalendar,
  date: string,
  time: string,
): Promise<{ slot: WriteItem; capacity: WriteItem }> {
  const setCapacity = (await getItem(dayCapacityKeys(calendar.name, date)))?.slotCapacity as number | undefined;
  const capacity = setCapacity ?? calendar.defaultCapacity;
  return {
    slot: {
      Update: {
        Key: slotKeys(calendar.name, date, time),
        UpdateExpression: 'SET booked = if_not_exists(booked, :zero) + :one, entity = :entity',
        // A slot nobody booked yet has no counter: free unless the day is closed (capacity 0).
        ConditionExpression: capacity > 0 ? 'attribute_not_exists(booked) OR booked < :capacity' : 'booked < :capacity',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':capacity': capacity,
          ':entity': calendar.entities.slot,
        },
      },
    },
    capacity: {
      ConditionCheck: {
        Key: dayCapacityKeys(calendar.name, date),
        ConditionExpression:
          setCapacity === undefined ? 'attribute_not_exists(slotCapacity)' : 'slotCapacity = :capacity',
        ...(setCapacity !== undefined && { ExpressionAttributeValues: { ':capacity': setCapacity } }),
      },
    },
  };
}

export function freePlaceWrite(calendar: SlotCalendar, date: string, time: string): WriteItem {
  return {
    Update: {
      Key: slotKeys(calendar.name, date, time),
      UpdateExpression: 'SET booked = booked - :one',
      ConditionExpression: 'booked > :zero',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    },
  };
}

/** Two members of staff setting one date at once: the one that read the older capacity reads again. */
const SET_CAPACITY_ATTEMPTS = 3;

/**
 * Staff's capacity of each slot on a date (measurers, crews), on the condition that it is still the
 * capacity read, with the audit log entry `audit` makes from it (the capacity the date had: staff's
 * setting, else the calendar's default) in the same transaction; read again when another change
 * came between.
 */
export async function setDayCapacity(
  calendar: SlotCalendar,
  date: string,
  capacity: number,
  now: string,
  audit?: (before: number) => AuditAction,
): Promise<void> {
  const Key = dayCapacityKeys(calendar.name, date);
  for (let attempt = 1; ; attempt++) {
    const read = (await getItem(Key, { consistent: true }))?.slotCapacity as number | undefined;
    const outcome = await transact({
      capacity: {
        Update: {
          Key,
          UpdateExpression: 'SET slotCapacity = :capacity, entity = :entity, updatedAt = :now',
          ConditionExpression: read === undefined ? 'attribute_not_exists(slotCapacity)' : 'slotCapacity = :read',
          ExpressionAttributeValues: {
            ':capacity': capacity,
            ':entity': calendar.entities.capacity,
            ':now': now,
            ...(read !== undefined && { ':read': read }),
          },
        },
      },
      audit: audit ? auditEntryWrite(audit(read ?? calendar.defaultCapacity)) : null,
    });
    if (outcome.committed) return;
    if (attempt === SET_CAPACITY_ATTEMPTS || outcome.failed.has('audit'))
      throw new TransactionCancelled(outcome.failed);
  }
}

/** Day capacities staff set in the range, by date. */
export async function capacitiesBetween(
  calendar: SlotCalendar,
  from: string,
  to: string,
): Promise<Record<string, number>> {
  const capacities: Record<string, number> = {};
  for (const item of await slotItems(calendar, from, to)) {
    if (item.sk.endsWith('#CAPACITY') && item.slotCapacity !== undefined)
      capacities[item.sk.slice(0, 10)] = item.slotCapacity;
  }
  return capacities;
}

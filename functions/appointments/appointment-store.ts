import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { SLOT_TAKEN_MESSAGE, type AdminAppointment, type AppointmentStatus, type DayAvailability } from '../../domain/appointments/appointment';
import { addDays, DEFAULT_SLOT_CAPACITY, slotsOn, slotTime, type SlotLabel } from '../../domain/appointments/schedule';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { HttpError } from '../lib/http';
import {
  APPOINTMENT_SLOTS_PK,
  APPOINTMENTS_INDEX_PK,
  appointmentDayCapacityKeys,
  appointmentIndexKeys,
  appointmentKeys,
  appointmentSlotKeys,
} from '../lib/table/keys';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export type StoredAppointment = AdminAppointment;

interface SlotItem {
  sk: string;
  booked?: number;
  slotCapacity?: number;
}

/** Every slot counter and day capacity from `from` to `to` (inclusive): one Query of the slots partition. */
async function slotItems(from: string, to: string): Promise<SlotItem[]> {
  const items: SlotItem[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: config().TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': APPOINTMENT_SLOTS_PK, ':from': `${from}#`, ':to': `${to}#~` },
        ExclusiveStartKey,
      }),
    );
    items.push(...((page.Items ?? []) as SlotItem[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Each date of the range with the slots the shop works and whether a place is left in each. */
export async function availability(from: string, to: string): Promise<DayAvailability[]> {
  const items = new Map((await slotItems(from, to)).map((item) => [item.sk, item]));
  const days: DayAvailability[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const capacity = items.get(appointmentDayCapacityKeys(date).sk)?.slotCapacity ?? DEFAULT_SLOT_CAPACITY;
    days.push({
      date,
      slots: slotsOn(date).map((time) => ({ time, available: (items.get(appointmentSlotKeys(date, slotTime(time)).sk)?.booked ?? 0) < capacity })),
    });
  }
  return days;
}

/** The measurers on duty per slot on `date`: staff's setting or the default. */
async function dayCapacity(date: string): Promise<number | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: config().TABLE_NAME, Key: appointmentDayCapacityKeys(date) }));
  return Item?.slotCapacity as number | undefined;
}

/**
 * Takes a place in a slot: the counter rises only while below the day's capacity, and the
 * capacity read is checked unchanged in the same transaction, so staff lowering it meanwhile
 * cannot be overrun.
 */
async function takePlaceItems(date: string, label: SlotLabel): Promise<TransactItem[]> {
  const TableName = config().TABLE_NAME;
  const setCapacity = await dayCapacity(date);
  return [
    {
      Update: {
        TableName,
        Key: appointmentSlotKeys(date, slotTime(label)),
        UpdateExpression: 'SET booked = if_not_exists(booked, :zero) + :one, entity = :entity',
        ConditionExpression: 'attribute_not_exists(booked) OR booked < :capacity',
        ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':capacity': setCapacity ?? DEFAULT_SLOT_CAPACITY, ':entity': 'appointmentSlot' },
      },
    },
    {
      ConditionCheck: {
        TableName,
        Key: appointmentDayCapacityKeys(date),
        ConditionExpression: setCapacity === undefined ? 'attribute_not_exists(slotCapacity)' : 'slotCapacity = :capacity',
        ...(setCapacity !== undefined && { ExpressionAttributeValues: { ':capacity': setCapacity } }),
      },
    },
  ];
}

function freePlaceItem(date: string, label: SlotLabel): TransactItem {
  return {
    Update: {
      TableName: config().TABLE_NAME,
      Key: appointmentSlotKeys(date, slotTime(label)),
      UpdateExpression: 'SET booked = booked - :one',
      ConditionExpression: 'booked > :zero',
      ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
    },
  };
}

const CONFLICT_RETRIES = 8;

/**
 * Runs a transaction that takes a slot place at `placeItems` (their indexes in `items`). A full
 * slot answers 409 with the spec's sentence; a transaction conflict (another booking of the same
 * slot in flight) is retried after a short random wait, so it ends as a booking or a clear 409.
 */
async function writeTakingPlace(items: TransactItem[], placeIndexes: number[], otherFailure: (index: number) => HttpError): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) throw placeIndexes.includes(failed) ? new HttpError(409, SLOT_TAKEN_MESSAGE) : otherFailure(failed);
      if (attempt >= CONFLICT_RETRIES || !reasons.some((reason) => reason.Code === 'TransactionConflict')) throw error;
      await sleep(20 + Math.random() * 80 * (attempt + 1));
    }
  }
}

/** Stores a new appointment with its slot place (and, for a guest, the lead) in one transaction. */
export async function bookAppointment(appointment: StoredAppointment, extraItems: TransactItem[]): Promise<void> {
  const TableName = config().TABLE_NAME;
  const place = await takePlaceItems(appointment.scheduledDate, appointment.slot);
  await writeTakingPlace(
    [
      ...place,
      {
        Put: {
          TableName,
          Item: { ...appointmentKeys(appointment.id), ...appointmentIndexKeys(appointment.scheduledDate, appointment.scheduledTime, appointment.id), entity: 'appointment', ...appointment },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...extraItems,
    ],
    [0, 1],
    () => new HttpError(409, 'This appointment was already booked.'),
  );
}

export async function getAppointment(appointmentId: string): Promise<StoredAppointment | undefined> {
  const { Item } = await documentClient().send(new GetCommand({ TableName: config().TABLE_NAME, Key: appointmentKeys(appointmentId) }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, entity: _entity, ...appointment } = Item;
  return appointment as StoredAppointment;
}

const CHANGED_MESSAGE = 'This appointment has changed since it was loaded. Please reload and try again.';

/**
 * Moves a scheduled appointment to a new slot: the new place taken, the old one freed and the
 * appointment's version bumped in one transaction (the old link stops working).
 */
export async function moveAppointment(appointment: StoredAppointment, date: string, label: SlotLabel, startsAt: string, now: string): Promise<StoredAppointment> {
  const time = slotTime(label);
  const moved: StoredAppointment = { ...appointment, scheduledDate: date, scheduledTime: time, slot: label, startsAt, version: appointment.version + 1, updatedAt: now };
  const place = await takePlaceItems(date, label);
  await writeTakingPlace(
    [
      ...place,
      freePlaceItem(appointment.scheduledDate, appointment.slot),
      {
        Update: {
          TableName: config().TABLE_NAME,
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
    ],
    [0, 1],
    () => new HttpError(409, CHANGED_MESSAGE),
  );
  return moved;
}

/**
 * Ends a scheduled appointment (cancelled, completed, no-show). A cancellation frees its place in
 * the same transaction; a visit that happened keeps it (the measurer was there). The version stays,
 * so the customer's link still shows the appointment, now ended.
 */
export async function endAppointment(appointment: StoredAppointment, status: Exclude<AppointmentStatus, 'scheduled'>, now: string): Promise<StoredAppointment> {
  const update: TransactItem = {
    Update: {
      TableName: config().TABLE_NAME,
      Key: appointmentKeys(appointment.id),
      UpdateExpression: 'SET #status = :status, updatedAt = :now',
      ConditionExpression: '#status = :scheduled AND #version = :version',
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: { ':status': status, ':now': now, ':scheduled': 'scheduled', ':version': appointment.version },
    },
  };
  try {
    await documentClient().send(
      new TransactWriteCommand({ TransactItems: status === 'cancelled' ? [update, freePlaceItem(appointment.scheduledDate, appointment.slot)] : [update] }),
    );
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw new HttpError(409, CHANGED_MESSAGE);
    throw error;
  }
  return { ...appointment, status, updatedAt: now };
}

/** Appointments from `from` to `to` (inclusive) by date and time: one Query of gsi1. */
export async function appointmentsBetween(from: string, to: string): Promise<StoredAppointment[]> {
  const items: StoredAppointment[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(
      new QueryCommand({
        TableName: config().TABLE_NAME,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': APPOINTMENTS_INDEX_PK, ':from': `${from}#`, ':to': `${to}#~` },
        ExclusiveStartKey,
      }),
    );
    for (const { pk: _pk, sk: _sk, gsi1pk: _gsi1pk, gsi1sk: _gsi1sk, entity: _entity, ...item } of page.Items ?? []) items.push(item as StoredAppointment);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** Staff's measurers on duty per slot for a date. */
export async function setDayCapacity(date: string, capacity: number, now: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: config().TABLE_NAME,
      Key: appointmentDayCapacityKeys(date),
      UpdateExpression: 'SET slotCapacity = :capacity, entity = :entity, updatedAt = :now',
      ExpressionAttributeValues: { ':capacity': capacity, ':entity': 'appointmentDayCapacity', ':now': now },
    }),
  );
}

/** Day capacities staff set in the range, by date. */
export async function capacitiesBetween(from: string, to: string): Promise<Record<string, number>> {
  const capacities: Record<string, number> = {};
  for (const item of await slotItems(from, to)) {
    if (item.sk.endsWith('#CAPACITY') && item.slotCapacity !== undefined) capacities[item.sk.slice(0, 10)] = item.slotCapacity;
  }
  return capacities;
}

import { randomInt, randomUUID } from 'node:crypto';
import { EXAMPLE_BUSINESS } from '../support/business';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DayAvailability, ManagedAppointment, SlotsAnswer } from '#domain/appointments/appointment';
import { holderLimitRefusal, OPEN_APPOINTMENTS_PER_HOLDER } from '#domain/appointments/holders';
import {
  DEFAULT_SLOT_CAPACITY,
  readableDate,
  shopInstant,
  SLOT_LABELS,
  type SlotLabel,
} from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import type { AuditEntry } from '#domain/audit/audit-entry';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { isShopClosedOn } from '#domain/calendar/holidays';
import { fetchFrom, newClientAddress } from '../support/client-address';
import { signUpConfirmedCustomer, type TestCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor, type OutboxMail } from '../support/outbox';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from '../support/route-throttle';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();

type Answer = { status: number; body: any };

async function call(
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string; from?: string } = {},
): Promise<Answer> {
  const send = fetchFrom(options.from ?? newClientAddress());
  const request = () =>
    send(`${baseUrl}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
  // The mail-sending routes share a throttle with every caller: a refused call is sent again, as a client backs off.
  return pastRouteThrottle(
    request,
    (answer) => answer.status === 429 && answer.body.message === ROUTE_THROTTLE_MESSAGE,
    500,
  );
}

/** A phone number of its own: one number holds at most two open appointments. */
const newPhone = () => `(214) ${randomInt(200, 1000)}-${String(randomInt(10_000)).padStart(4, '0')}`;

function booking(date: string, time: SlotLabel, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rosa Diaz',
    address: '1200 Main St, Dallas',
    zipCode: '75201',
    phone: newPhone(),
    email: `rosa-${randomUUID()}@example.com`,
    orderNumber: '',
    date,
    time,
    ...overrides,
  };
}

let days: DayAvailability[];
let nextDay = 0;
/** A bookable date no other test of this file uses, so each test's slots start empty. */
function freshDate(): string {
  const day = days[nextDay++];
  if (!day) throw new Error('No bookable dates left');
  return day.date;
}

let staffToken: string;

beforeAll(async () => {
  const slots = (await call('GET', '/appointments/slots')).body as SlotsAnswer;
  days = slots.days.filter((day) => day.slots.length === 7);
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
});

/** The manage link of the newest confirmation mailed to `email`. */
async function manageToken(email: string, subjectStart: string): Promise<{ token: string; mail: OutboxMail }> {
  const mails = await eventually(
    () => mailsFor(baseUrl, email),
    (found) => found.some((mail) => mail.subject.startsWith(subjectStart)),
    10_000,
  );
  const mail = mails.find((found) => found.subject.startsWith(subjectStart));
  expect(mail, `a mail "${subjectStart}…" to ${email}`).toBeDefined();
  const token = /appointments\/manage\?token=([\w.%-]+)/.exec(mail!.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { token: decodeURIComponent(token!), mail: mail! };
}

describe('measurement slots', () => {
  it('offers the seven slots from the next working day to 30 days ahead, never on Sunday or a holiday', async () => {
    const slots = (await call('GET', '/appointments/slots')).body as SlotsAnswer;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect(slots.first > today).toBe(true);
    expect(slots.last).toBe(addDays(today, 30));
    for (const day of slots.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      expect(day.slots.map((slot) => slot.time)).toEqual(
        weekday === 0 || isShopClosedOn(day.date, [])
          ? []
          : ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'],
      );
    }
  });

  it('gives the last place of a slot to one of 20 concurrent bookings; the others are told it was just taken', async () => {
    const date = freshDate();
    expect(
      (await call('PUT', `/admin/appointment-capacity/${date}`, { capacity: 3 }, { token: staffToken })).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await call('POST', '/appointments', booking(date, '10:00 AM'))).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/appointments', booking(date, '10:00 AM'))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(19);
    for (const answer of refused)
      expect(answer).toEqual({
        status: 409,
        body: { message: 'That time was just taken. Please choose another time.' },
      });

    const slots = (await call('GET', `/appointments/slots?from=${date}&to=${date}`)).body as SlotsAnswer;
    expect(slots.days[0]!.slots.find((slot) => slot.time === '10:00 AM')).toEqual({
      time: '10:00 AM',
      available: false,
    });
    expect(slots.days[0]!.slots.find((slot) => slot.time === '9:00 AM')).toEqual({ time: '9:00 AM', available: true });
    const listed = (await call('GET', `/admin/appointments?from=${date}&days=1`, undefined, { token: staffToken }))
      .body;
    expect(listed.appointments.filter((appointment: { slot: string }) => appointment.slot === '10:00 AM')).toHaveLength(
      3,
    );
    expect(listed.capacities).toEqual({ [date]: 3 });
  });

  it('refuses past, closed-day, out-of-range and off-slot dates, and addresses outside the service area', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    const sunday = days
      .map((day) => addDays(day.date, 1))
      .find((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 0)!;
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [booking(addDays(today, -1), '9:00 AM'), 'date', 'Please choose a date from the next business day on.'],
      [booking(today, '9:00 AM'), 'date', 'Please choose a date from the next business day on.'],
      [booking(sunday, '9:00 AM'), 'date', 'We do not measure on that day. Please choose another date.'],
      [booking(addDays(today, 31), '9:00 AM'), 'date', 'Please choose a date within the next 30 days.'],
      [booking(days[0]!.date, '12:00 PM' as SlotLabel), 'time', 'Please choose a time.'],
      [booking('2026-02-30', '9:00 AM'), 'date', 'Please choose a date.'],
      [
        booking(days[0]!.date, '9:00 AM', { zipCode: '78701' }),
        'zipCode',
        `We measure in the Dallas-Fort Worth area only. Please call us at ${EXAMPLE_BUSINESS.phoneDisplay} and we will help you measure.`,
      ],
      [booking(days[0]!.date, '9:00 AM', { email: 'not-an-address' }), 'email', 'Please enter a valid email address.'],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await call('POST', '/appointments', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fieldErrors?.[field], JSON.stringify(body)).toBe(message);
    }
  });
});

describe('a booking', () => {
  it('of a guest is saved with a lead, mailed with a calendar file in Central time, and staff are told', async () => {
    const date = freshDate();
    const body = booking(date, '2:00 PM', { orderNumber: 'HBB-2041' });
    const answer = await call('POST', '/appointments', body);
    expect(answer).toMatchObject({
      status: 201,
      body: { date, time: '2:00 PM', status: 'scheduled', savedToCalendar: false },
    });

    const { Item: stored } = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `APPOINTMENT#${answer.body.id}`, sk: 'APPOINTMENT' } }),
    );
    expect(stored).toMatchObject({
      clientId: null,
      propertyId: null,
      scheduledDate: date,
      scheduledTime: '14:00',
      timeZone: 'America/Chicago',
      startsAt: shopInstant(date, '14:00').toISOString(),
      status: 'scheduled',
      estimatedDuration: 120,
    });
    const { Item: lead } = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `LEAD#${body.email}`, sk: 'LEAD' } }),
    );
    expect(lead).toMatchObject({
      name: 'Rosa Diaz',
      phone: body.phone,
      address: '1200 Main St, Dallas',
      zipCode: '75201',
      date,
      time: '14:00',
      appointmentId: answer.body.id,
    });

    const { mail } = await manageToken(body.email, 'Your free measurement is booked');
    const calendar = mail.attachments?.find((file) => file.fileName.endsWith('.ics'));
    expect(calendar?.contentType).toContain('text/calendar');
    const event = new ICAL.Event(
      new ICAL.Component(
        ICAL.parse(Buffer.from(calendar!.contentBase64, 'base64').toString('utf8')),
      ).getFirstSubcomponent('vevent')!,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(shopInstant(date, '14:00').toISOString());
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(
        event.startDate.toJSDate(),
      ),
    ).toBe('2:00 PM');
    expect(event.duration.toSeconds()).toBe(120 * 60);
    expect(event.location).toBe('1200 Main St, Dallas, 75201');

    const staffMails = await eventually(
      () => mailsFor(baseUrl, body.email),
      (found) => found.some((m) => m.to.includes(env.STAFF_EMAIL!)),
    );
    expect(staffMails.find((m) => m.to.includes(env.STAFF_EMAIL!))?.text).toContain('Order number: HBB-2041');
  });

  it('of a signed-in client is linked to the default property made for them', async () => {
    const customer: TestCustomer = await signUpConfirmedCustomer(baseUrl);
    const answer = await call('POST', '/appointments', booking(freshDate(), '9:00 AM', { email: customer.email }), {
      token: customer.accessToken,
    });
    expect(answer).toMatchObject({ status: 201, body: { savedToCalendar: true } });
    const { Item: stored } = await table.send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `APPOINTMENT#${answer.body.id}`, sk: 'APPOINTMENT' } }),
    );
    const properties = (await call('GET', '/properties', undefined, { token: customer.accessToken })).body;
    expect(properties.properties).toHaveLength(1);
    expect(properties.properties[0]).toMatchObject({ name: 'Default Property', propertyType: 'single-family' });
    expect(stored).toMatchObject({
      clientId: customer.userId,
      propertyId: properties.properties[0].id,
      propertyName: 'Default Property',
    });
  });
});

describe('the mailed link', () => {
  it('reschedules (the old place freed, a new confirmation mailed) and cancels, neither in the audit log', async () => {
    const [date, later] = [freshDate(), freshDate()];
    const body = booking(date, '11:00 AM');
    expect(
      (await call('PUT', `/admin/appointment-capacity/${date}`, { capacity: 1 }, { token: staffToken })).status,
    ).toBe(200);
    const booked = await call('POST', '/appointments', body);
    expect(booked.status).toBe(201);
    const { token } = await manageToken(body.email, 'Your free measurement is booked');

    const shown = await call('GET', `/appointments/by-token/${token}`);
    expect(shown).toEqual({
      status: 200,
      body: expect.objectContaining({ date, time: '11:00 AM', status: 'scheduled', zipCode: '75201' }),
    });

    const moved = await call('POST', `/appointments/by-token/${token}/reschedule`, { date: later, time: '3:00 PM' });
    expect(moved).toEqual({
      status: 200,
      body: expect.objectContaining({
        date: later,
        time: '3:00 PM',
        status: 'scheduled',
      }) satisfies Partial<ManagedAppointment>,
    });
    const freed = (await call('GET', `/appointments/slots?from=${date}&to=${date}`)).body as SlotsAnswer;
    expect(freed.days[0]!.slots.find((slot) => slot.time === '11:00 AM')?.available).toBe(true);
    expect(await call('GET', `/appointments/by-token/${token}`)).toEqual({
      status: 200,
      body: expect.objectContaining({ date: later, time: '3:00 PM' }),
    });

    const { token: newToken } = await manageToken(body.email, 'Your measurement moved to');
    const cancelled = await call('POST', `/appointments/by-token/${newToken}/cancel`);
    expect(cancelled).toEqual({ status: 200, body: expect.objectContaining({ status: 'cancelled' }) });
    const after = (await call('GET', `/appointments/slots?from=${later}&to=${later}`)).body as SlotsAnswer;
    expect(after.days[0]!.slots.find((slot) => slot.time === '3:00 PM')?.available).toBe(true);
    expect((await call('POST', `/appointments/by-token/${newToken}/cancel`)).status).toBe(409);
    const mails = await eventually(
      () => mailsFor(baseUrl, body.email),
      (found) => found.some((mail) => mail.subject.startsWith('Your measurement on')),
      10_000,
    );
    expect(mails.find((mail) => mail.subject.startsWith('Your measurement on'))?.text).toContain(
      'is cancelled, as you asked',
    );
    // The customer's own changes are no staff action.
    expect(await auditEntriesOf(baseUrl, { accessToken: staffToken }, 'appointment', booked.body.id)).toEqual([]);
  });

  it("of the first confirmation, and its calendar file's, lead to the appointment as it is now after reschedules, until it is cancelled", async () => {
    const [date, byCustomer, byStaff, third] = [freshDate(), freshDate(), freshDate(), freshDate()];
    const body = booking(date, '10:00 AM');
    const { body: booked } = await call('POST', '/appointments', body);
    const { token: first, mail } = await manageToken(body.email, 'Your free measurement is booked');
    const calendar = mail.attachments!.find((file) => file.fileName.endsWith('.ics'))!;
    const event = new ICAL.Component(
      ICAL.parse(Buffer.from(calendar.contentBase64, 'base64').toString('utf8')),
    ).getFirstSubcomponent('vevent')!;
    const calendarToken = decodeURIComponent(
      /appointments\/manage\?token=([\w.%-]+)/.exec(String(event.getFirstPropertyValue('url')))?.[1] ?? '',
    );
    expect(calendarToken).not.toBe('');

    expect(
      (await call('POST', `/appointments/by-token/${first}/reschedule`, { date: byCustomer, time: '1:00 PM' })).status,
    ).toBe(200);
    await manageToken(body.email, 'Your measurement moved to');
    expect(
      (
        await call(
          'POST',
          `/admin/appointments/${booked.id}/reschedule`,
          { date: byStaff, time: '2:00 PM' },
          { token: staffToken },
        )
      ).status,
    ).toBe(200);
    for (const token of [first, calendarToken]) {
      expect(await call('GET', `/appointments/by-token/${encodeURIComponent(token)}`), token).toEqual({
        status: 200,
        body: expect.objectContaining({ id: booked.id, date: byStaff, time: '2:00 PM', status: 'scheduled' }),
      });
    }
    // The first link still acts on the appointment as it is now.
    expect(
      await call('POST', `/appointments/by-token/${encodeURIComponent(calendarToken)}/reschedule`, {
        date: third,
        time: '9:00 AM',
      }),
    ).toMatchObject({
      status: 200,
      body: { date: third, time: '9:00 AM' },
    });
    expect((await call('POST', `/appointments/by-token/${first}/cancel`)).body.status).toBe('cancelled');
    expect(await call('GET', `/appointments/by-token/${encodeURIComponent(calendarToken)}`)).toMatchObject({
      status: 200,
      body: { date: third, status: 'cancelled' },
    });
  });

  it('refuses a forged token (404), and any link once the visit has started (410)', async () => {
    const body = booking(freshDate(), '4:00 PM');
    const { body: booked } = await call('POST', '/appointments', body);
    const { body: other } = await call('POST', '/appointments', booking(freshDate(), '4:00 PM'));
    const { token } = await manageToken(body.email, 'Your free measurement is booked');
    const [payload, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, a: other.id })).toString('base64url');
    for (const forged of [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}AA`,
      'garbage',
      `${payload}`,
    ]) {
      expect((await call('GET', `/appointments/by-token/${encodeURIComponent(forged)}`)).status, forged).toBe(404);
      expect((await call('POST', `/appointments/by-token/${encodeURIComponent(forged)}/cancel`)).status, forged).toBe(
        404,
      );
    }
    expect((await call('GET', `/appointments/by-token/${token}`)).body.status).toBe('scheduled');

    // The visit as it is now started an hour ago: every link to it has expired.
    await table.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: { pk: `APPOINTMENT#${booked.id}`, sk: 'APPOINTMENT' },
        UpdateExpression: 'SET startsAt = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 3_600_000).toISOString() },
      }),
    );
    expect((await call('GET', `/appointments/by-token/${token}`)).status).toBe(410);
    expect((await call('POST', `/appointments/by-token/${token}/cancel`)).status).toBe(410);
  });
});

describe('the admin appointment routes', () => {
  it('are refused to guests (401) and customers (403)', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    const id = randomUUID();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/admin/appointments'],
      ['POST', `/admin/appointments/${id}/status`, { transition: 'complete' }],
      ['POST', `/admin/appointments/${id}/reschedule`, { date: days[0]!.date, time: '9:00 AM' }],
      ['POST', `/admin/appointments/${id}/cancel`],
      ['PUT', `/admin/appointment-capacity/${days[0]!.date}`, { capacity: 5 }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, body, { token: customer.accessToken })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('let staff mark a visit completed, and cancel one (the customer told)', async () => {
    const date = freshDate();
    const first = booking(date, '1:00 PM');
    const second = booking(date, '1:00 PM');
    const { body: done } = await call('POST', '/appointments', first);
    const { body: dropped } = await call('POST', '/appointments', second);
    const completed = await call(
      'POST',
      `/admin/appointments/${done.id}/status`,
      { transition: 'complete' },
      { token: staffToken },
    );
    expect(completed).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect((await call('POST', `/admin/appointments/${done.id}/cancel`, undefined, { token: staffToken })).status).toBe(
      409,
    );
    expect(
      (await call('POST', `/admin/appointments/${dropped.id}/cancel`, undefined, { token: staffToken })).body.status,
    ).toBe('cancelled');
    const mails = await eventually(
      () => mailsFor(baseUrl, second.email),
      (found) => found.some((mail) => mail.subject.startsWith('Your measurement on')),
      10_000,
    );
    expect(mails.find((mail) => mail.subject.startsWith('Your measurement on'))?.text).toContain('we had to cancel');
  });
});

describe("staff's changes of appointments", () => {
  const owner = () => ({ accessToken: staffToken });
  const changes = (entries: AuditEntry[]) =>
    entries.map(({ action, record, staff, before, after }) => ({ action, record, staffId: staff.id, before, after }));

  it('are audited, one entry each: a reschedule, a cancellation, a visit marked completed and a day’s capacity', async () => {
    const [date, later] = [freshDate(), freshDate()];
    const setCapacity = async (capacity: number) =>
      expect(
        (await call('PUT', `/admin/appointment-capacity/${date}`, { capacity }, { token: staffToken })).status,
      ).toBe(200);
    await setCapacity(3);
    const moved = booking(date, '9:00 AM');
    const done = booking(date, '10:00 AM');
    const { body: first } = await call('POST', '/appointments', moved);
    const { body: second } = await call('POST', '/appointments', done);
    const staffId = staffIdOf(owner());

    const rescheduled = await call(
      'POST',
      `/admin/appointments/${first.id}/reschedule`,
      { date: later, time: '2:00 PM' },
      { token: staffToken },
    );
    expect(rescheduled.status).toBe(200);
    expect(
      (await call('POST', `/admin/appointments/${first.id}/cancel`, undefined, { token: staffToken })).status,
    ).toBe(200);
    // A refused cancellation (the visit already cancelled) writes nothing.
    expect(
      (await call('POST', `/admin/appointments/${first.id}/cancel`, undefined, { token: staffToken })).status,
    ).toBe(409);
    // Each entry names the visit by its date and slot as staff found it: no customer's personal data.
    const record = { kind: 'appointment', id: first.id };
    expect(changes(await auditEntriesOf(baseUrl, owner(), 'appointment', first.id))).toEqual([
      {
        action: 'cancel',
        record: { ...record, label: `${later} 2:00 PM` },
        staffId,
        before: { status: 'scheduled' },
        after: { status: 'cancelled' },
      },
      {
        action: 'reschedule',
        record: { ...record, label: `${date} 9:00 AM` },
        staffId,
        before: { scheduledDate: date, slot: '9:00 AM' },
        after: { scheduledDate: later, slot: '2:00 PM' },
      },
    ]);

    const completed = await call(
      'POST',
      `/admin/appointments/${second.id}/status`,
      { transition: 'complete' },
      { token: staffToken },
    );
    expect(completed.status).toBe(200);
    expect(changes(await auditEntriesOf(baseUrl, owner(), 'appointment', second.id))).toEqual([
      {
        action: 'complete',
        record: { kind: 'appointment', id: second.id, label: `${date} 10:00 AM` },
        staffId,
        before: { status: 'scheduled' },
        after: { status: 'completed' },
      },
    ]);

    // A day's capacity is recorded under its date, with the capacity it replaced.
    await setCapacity(4);
    const day = { kind: 'measurersOfDay', id: date, label: date };
    expect(changes(await auditEntriesOf(baseUrl, owner(), 'measurersOfDay', date))).toEqual([
      { action: 'setCapacity', record: day, staffId, before: { capacity: 3 }, after: { capacity: 4 } },
      {
        action: 'setCapacity',
        record: day,
        staffId,
        before: { capacity: DEFAULT_SLOT_CAPACITY },
        after: { capacity: 3 },
      },
    ]);
  });
});

describe('open appointments', () => {
  /** Books `count` places of `date`, two to a slot (the default capacity), each from `from` (or an address of its own) and with `fields`. */
  const bookMany = (
    date: string,
    count: number,
    fields: (i: number) => Record<string, unknown> = () => ({}),
    from?: string,
  ) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        call('POST', '/appointments', booking(date, SLOT_LABELS[Math.floor(i / 2) % SLOT_LABELS.length]!, fields(i)), {
          from,
        }),
      ),
    );

  it('of one e-mail are at most two: a third booking is refused with the reason, naming the field', async () => {
    const email = `twice-${randomUUID()}@example.com`;
    const date = freshDate();
    const booked = await bookMany(date, OPEN_APPOINTMENTS_PER_HOLDER.email, () => ({ email }));
    expect(booked.map((answer) => answer.status)).toEqual([201, 201]);
    const { message } = holderLimitRefusal('email', EXAMPLE_BUSINESS.phoneDisplay);
    expect(await call('POST', '/appointments', booking(date, '4:00 PM', { email: email.toUpperCase() }))).toEqual({
      status: 409,
      body: { message, fieldErrors: { email: message } },
    });
  });

  it('of one phone number are at most two, however it is written, under concurrent bookings; a cancelled one gives its place back', async () => {
    const digits = `214${randomInt(2_000_000, 10_000_000)}`;
    const written = [
      `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`,
      `+1 ${digits}`,
    ];
    const date = freshDate();
    const answers = await bookMany(date, 10, (i) => ({ phone: written[i % written.length] }));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(OPEN_APPOINTMENTS_PER_HOLDER.phone);
    const { message } = holderLimitRefusal('phone', EXAMPLE_BUSINESS.phoneDisplay);
    for (const answer of answers.filter((candidate) => candidate.status !== 201))
      expect(answer).toEqual({ status: 409, body: { message, fieldErrors: { phone: message } } });

    const cancelled = answers.find((answer) => answer.status === 201)!.body.id as string;
    expect(
      (await call('POST', `/admin/appointments/${cancelled}/cancel`, undefined, { token: staffToken })).status,
    ).toBe(200);
    expect((await call('POST', '/appointments', booking(date, '4:00 PM', { phone: written[0] }))).status).toBe(201);
    expect(
      (await call('POST', '/appointments', booking(date, '4:00 PM', { phone: written[1] }))).body.fieldErrors,
    ).toEqual({ phone: message });
  });

  it('from one client address are at most five, under concurrent bookings; other addresses book on', async () => {
    const address = newClientAddress();
    const date = freshDate();
    const answers = await bookMany(date, 8, () => ({}), address);
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(OPEN_APPOINTMENTS_PER_HOLDER.clientAddress);
    for (const answer of answers.filter((candidate) => candidate.status !== 201))
      expect(answer).toEqual({
        status: 409,
        body: { message: holderLimitRefusal('clientAddress', EXAMPLE_BUSINESS.phoneDisplay).message },
      });
    expect((await call('POST', '/appointments', booking(date, '4:00 PM'))).status).toBe(201);
  });

  it('never reach staff: the admin list shows no client address', async () => {
    const date = freshDate();
    expect((await call('POST', '/appointments', booking(date, '9:00 AM'))).status).toBe(201);
    const listed = (await call('GET', `/admin/appointments?from=${date}&days=1`, undefined, { token: staffToken }))
      .body;
    expect(listed.appointments).toHaveLength(1);
    expect(listed.appointments[0]).not.toHaveProperty('holders');
  });
});

describe('a day that fills within an hour', () => {
  it('is told to staff once, however often it fills again', async () => {
    const date = freshDate();
    const subject = `Measurements: ${readableDate(date)} filled within 60 minutes`;
    const toStaff = async () => (await mailsFor(baseUrl, env.STAFF_EMAIL!)).filter((mail) => mail.subject === subject);
    const filledFastEvents = async () => {
      const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as {
        recentEvents: Array<{ 'detail-type': string; detail: { date?: string } }>;
      };
      return recentEvents.filter(
        (event) => event['detail-type'] === 'AppointmentDayFilledFast' && event.detail.date === date,
      );
    };
    expect(
      (await call('PUT', `/admin/appointment-capacity/${date}`, { capacity: 1 }, { token: staffToken })).status,
    ).toBe(200);
    const booked = await Promise.all(
      SLOT_LABELS.slice(0, -1).map((time) => call('POST', '/appointments', booking(date, time))),
    );
    expect(booked.map((answer) => answer.status)).toEqual(Array(SLOT_LABELS.length - 1).fill(201));
    expect(await filledFastEvents()).toEqual([]);

    expect((await call('POST', '/appointments', booking(date, SLOT_LABELS.at(-1)!))).status).toBe(201);
    const [mail] = await eventually(toStaff, (mails) => mails.length > 0, 10_000);
    expect(mail!.text).toContain(
      `All ${SLOT_LABELS.length} measurement places on ${readableDate(date)} were booked within`,
    );

    // Filled again: a place freed and taken at once.
    expect(
      (await call('POST', `/admin/appointments/${booked[0]!.body.id}/cancel`, undefined, { token: staffToken })).status,
    ).toBe(200);
    expect((await call('POST', '/appointments', booking(date, SLOT_LABELS[0]))).status).toBe(201);
    await eventually(filledFastEvents, (events) => events.length === 2, 10_000);
    expect(await toStaff()).toHaveLength(1);
  });
});

/**
 * Booking a free measurement through the local stack (decision 0021): the slots offered, the last
 * place of a slot given once, the refusals, and what a booking stores and mails for a guest and for
 * a signed-in client.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DayAvailability, SlotsAnswer } from '#domain/appointments/appointment';
import { shopInstant, type SlotLabel } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { isShopClosedOn } from '#domain/calendar/holidays';
import { EXAMPLE_BUSINESS } from '../support/business';
import { signUpConfirmedCustomer, type TestCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { bookableDays, booking, call, manageToken } from './appointment-bookings';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();
const { loadDays, freshDate } = bookableDays('booking');

let days: DayAvailability[];
let staffToken: string;

beforeAll(async () => {
  days = await loadDays();
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
});

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

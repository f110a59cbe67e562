/**
 * Limits on measurement bookings through the local stack (decision 0034): open appointments per
 * e-mail, phone number and client address, kept from staff, and a day that fills within an hour
 * told to staff once.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { holderLimitRefusal, OPEN_APPOINTMENTS_PER_HOLDER } from '#domain/appointments/holders';
import { readableDate, SLOT_LABELS } from '#domain/appointments/schedule';
import { EXAMPLE_BUSINESS } from '../support/business';
import { newClientAddress } from '../support/client-address';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { bookableDays, booking, call } from './appointment-bookings';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const { loadDays, freshDate } = bookableDays('limits');

let staffToken: string;

beforeAll(async () => {
  await loadDays();
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
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

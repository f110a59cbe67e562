/**
 * The link a measurement's confirmation mails, through the local stack (decisions 0021 and 0041):
 * it reschedules and cancels, leads to the appointment as it is now, and is refused forged (404) or
 * once the visit has started (410).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ManagedAppointment, SlotsAnswer } from '#domain/appointments/appointment';
import { auditEntriesOf } from '../support/audit-log';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { bookableDays, booking, call, manageToken } from './appointment-bookings';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();
const { loadDays, freshDate } = bookableDays('mailed-link');

let staffToken: string;

beforeAll(async () => {
  await loadDays();
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
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

/**
 * Staff's appointment routes through the local stack: refused to guests and customers, a visit
 * marked completed or cancelled (the customer told), and each change audited.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { DayAvailability } from '#domain/appointments/appointment';
import { DEFAULT_SLOT_CAPACITY } from '#domain/appointments/schedule';
import type { AuditEntry } from '#domain/audit/audit-entry';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { signUpConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { bookableDays, booking, call } from './appointment-bookings';

const baseUrl = inject('baseUrl');
const { loadDays, freshDate } = bookableDays('staff');

let days: DayAvailability[];
let staffToken: string;

beforeAll(async () => {
  days = await loadDays();
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
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

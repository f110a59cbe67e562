/**
 * Staff's side of installation as a service (issue 29) on the local stack: the crews' calendar,
 * moving a visit through the slot engine (a full window refused naming it, two staff racing for
 * the last place: one wins), the crews on duty of a day, no-show, and completing a visit, after
 * which the order is installed once however often InstallationCompleted is delivered.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEFAULT_CREWS,
  type AdminInstallationsAnswer,
  type InstallationSlotsAnswer,
} from '#domain/appointments/installation';
import type { AuditEntry, AuditRecordKind } from '#domain/audit/audit-entry';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import type { AdminOrderDetail } from '#domain/orders/responses';
import type { BusEvent } from '../../infra/local/event-bus';
import { lambdaContext } from '../../infra/local/handlers';
import { resetConfigCache } from '../../functions/lib/config';
import { handler as markOrderInstalled } from '../../functions/orders/installation-completed';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { addToCart, api, blind, DALLAS, myOrder, newShopper, pay, placement, placeOrder } from '../support/checkout';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staffAccount = inject('staffAccount');
const MORNING: InstallationWindow = '8:00 AM - 12:00 PM';
const AFTERNOON: InstallationWindow = '1:00 PM - 5:00 PM';

let staffToken: string;
const staff = () => ({ accessToken: staffToken });
beforeAll(async () => {
  // InstallationCompleted's consumer is also run in this process, against the stack's table and bus.
  Object.assign(process.env, env);
  resetConfigCache();
  staffToken = await accessTokenFor(baseUrl, staffAccount);
});

const slotsAfter = async (deliveredBy: string) =>
  (await api<InstallationSlotsAnswer>(baseUrl, null, 'GET', `/installations/slots?deliveredBy=${deliveredBy}`)).body;

/** The `skip`-th date of the range whose two windows are both free. */
function freeDate(slots: InstallationSlotsAnswer, skip = 0): string {
  const free = slots.days.filter((day) => day.windows.length === 2 && day.windows.every((window) => window.available));
  return free[skip]!.date;
}

const reschedule = (orderId: string, date: string, window: InstallationWindow) =>
  api(baseUrl, staff(), 'POST', `/admin/installations/${orderId}/reschedule`, { date, window });
const setStatus = (orderId: string, transition: string) =>
  api(baseUrl, staff(), 'POST', `/admin/installations/${orderId}/status`, { transition });
const setCrews = async (date: string, crews: number) =>
  expect((await api(baseUrl, staff(), 'PUT', `/admin/installation-crews/${date}`, { crews })).status).toBe(200);
/** A record's audit log entries, newest first, as what changed and who changed it. */
const auditedChanges = async (id: string, kind: AuditRecordKind = 'installation') =>
  (await auditEntriesOf(baseUrl, staff(), kind, id)).map(
    ({ action, record, staff: by, before, after }: AuditEntry) => ({ action, record, staffId: by.id, before, after }),
  );
const calendar = async (from: string, days = 7) =>
  (await api<AdminInstallationsAnswer>(baseUrl, staff(), 'GET', `/admin/installations?from=${from}&days=${days}`)).body;

async function bookedCount(date: string, window: InstallationWindow): Promise<number> {
  const item = await localTable().send(
    new GetCommand({
      TableName: env.TABLE_NAME,
      Key: { pk: 'INSTALLATION_SLOTS', sk: `${date}#${window === MORNING ? '08:00' : '13:00'}` },
      ConsistentRead: true,
    }),
  );
  return (item.Item?.booked as number | undefined) ?? 0;
}

/** A visit without a date, as a placement that chose none leaves it (no order behind it: for the calendar's moves). */
async function unscheduledVisit(deliveredBy: string): Promise<string> {
  const orderId = `test-${randomUUID()}`;
  const now = new Date().toISOString();
  await localTable().send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: {
        pk: `INSTALLATION#${orderId}`,
        sk: 'INSTALLATION',
        gsi1pk: 'INSTALLATIONS',
        gsi1sk: `UNSCHEDULED#${orderId}`,
        entity: 'installation',
        orderId,
        orderNumber: 'HB-TEST00',
        clientId: 'test-client',
        status: 'unscheduled',
        date: null,
        window: null,
        startsAt: null,
        deliveredBy,
        blindCount: 4,
        options: { oldBlindsRemoved: 2, highLadder: false },
        contact: {
          name: 'Pat Doe',
          email: `pat-${randomUUID()}@example.com`,
          phone: '214-555-0100',
          address: '1 Elm St, Dallas',
          zipCode: '75201',
        },
        version: 1,
        createdAt: now,
        updatedAt: now,
      },
    }),
  );
  return orderId;
}

/** A paid Dallas order with installation booked at checkout, shipped and delivered by staff. */
async function deliveredOrderWithVisit() {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind());
  const quote = await api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', {
    shippingAddress: { state: 'TX', zipCode: DALLAS.zipCode },
    installation: true,
  });
  const slots = await slotsAfter(quote.body.estimate!.deliveredBy);
  const date = freeDate(slots, 6);
  const placed = await placeOrder(baseUrl, shopper, {
    ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
    installationVisit: { date, window: MORNING },
  });
  await pay(baseUrl, placed.checkoutSessionId);
  await expect.poll(async () => (await myOrder(baseUrl, shopper, placed.orderId)).status).toBe('processing');
  const move = (body: object) =>
    api<AdminOrderDetail>(baseUrl, staff(), 'POST', `/admin/orders/${placed.orderId}/transitions`, body);
  expect((await move({ action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' })).status).toBe(200);
  return { shopper, placed, date, deliver: async () => expect((await move({ action: 'deliver' })).status).toBe(200) };
}

const context = (): Context => ({
  ...lambdaContext('MarkOrderInstalled', 30_000),
  done: () => {},
  fail: () => {},
  succeed: () => {},
});

describe("staff's installation calendar", () => {
  it('lists a day’s visits by window with the order, customer, address, blinds and options, and the unscheduled ones', async () => {
    const orderId = await unscheduledVisit('2027-05-07');
    const date = freeDate(await slotsAfter('2027-05-07'), 1);
    expect((await calendar(date, 1)).unscheduled.map((visit) => visit.orderId)).toContain(orderId);

    const booked = await reschedule(orderId, date, AFTERNOON);
    expect(booked.body).toMatchObject({ status: 'scheduled', date, window: AFTERNOON });
    const day = await calendar(date, 1);
    expect(day.unscheduled.map((visit) => visit.orderId)).not.toContain(orderId);
    expect(day.installations.find((visit) => visit.orderId === orderId)).toMatchObject({
      orderNumber: 'HB-TEST00',
      window: AFTERNOON,
      crew: 1,
      blindCount: 4,
      options: { oldBlindsRemoved: 2, highLadder: false },
      contact: { name: 'Pat Doe', address: '1 Elm St, Dallas', zipCode: '75201' },
    });
    expect(day).toMatchObject({ from: date, to: date, defaultCrews: 2 });
  });

  it('moves a visit (old place freed, customer mailed), refuses a full window naming it and a bad date naming it', async () => {
    const orderId = await unscheduledVisit('2027-06-04');
    const slots = await slotsAfter('2027-06-04');
    const [first, second, full] = [freeDate(slots, 1), freeDate(slots, 2), freeDate(slots, 3)];
    expect((await reschedule(orderId, first, MORNING)).status).toBe(200);

    await setCrews(full, 0);
    expect((await calendar(full, 1)).crews[full]).toBe(0);
    const refused = await reschedule(orderId, full, MORNING);
    expect(refused).toMatchObject({
      status: 409,
      body: { fieldErrors: { window: expect.stringMatching(/just taken/) } },
    });
    const tooEarly = await reschedule(orderId, '2027-06-04', MORNING);
    expect(tooEarly).toMatchObject({ status: 400, body: { fieldErrors: { date: expect.stringMatching(/from/) } } });
    expect((await reschedule(orderId, first, 'noon' as InstallationWindow)).body.fieldErrors.window).toBeTruthy();
    expect(await bookedCount(first, MORNING)).toBe(1);

    const moved = await reschedule(orderId, second, AFTERNOON);
    expect(moved.body).toMatchObject({ status: 'scheduled', date: second, window: AFTERNOON });
    expect(await bookedCount(first, MORNING)).toBe(0);
    expect(await bookedCount(second, AFTERNOON)).toBe(1);
    const { email } = (await calendar(second, 1)).installations.find((visit) => visit.orderId === orderId)!.contact;
    const mails = await eventually(
      () => mailsFor(baseUrl, email),
      (found) => found.length === 2,
    );
    expect(mails.map((mail) => mail.subject)).toHaveLength(2);
    expect(mails[0]!.text).toMatch(/moved from .* to .*1:00 PM - 5:00 PM/s);
    expect(mails[0]!.text).toContain('/installations/manage?token=');
  });

  it('gives the last place of a window to one of two staff moving visits into it at once', async () => {
    const [a, b] = [await unscheduledVisit('2027-07-02'), await unscheduledVisit('2027-07-02')];
    const slots = await slotsAfter('2027-07-02');
    const [start, target] = [freeDate(slots, 1), freeDate(slots, 2)];
    expect((await reschedule(a, start, MORNING)).status).toBe(200);
    expect((await reschedule(b, start, AFTERNOON)).status).toBe(200);
    await setCrews(target, 1);

    const answers = await Promise.all([reschedule(a, target, MORNING), reschedule(b, target, MORNING)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.fieldErrors.window).toMatch(/just taken/);
    expect(await bookedCount(target, MORNING)).toBe(1);
    // The loser kept its place; the winner's old one is free.
    expect((await bookedCount(start, MORNING)) + (await bookedCount(start, AFTERNOON))).toBe(1);
  });

  it('lets one of two staff moving the same visit at once win; the other is told it changed', async () => {
    const orderId = await unscheduledVisit('2027-08-06');
    const slots = await slotsAfter('2027-08-06');
    const [start, one, other] = [freeDate(slots, 1), freeDate(slots, 2), freeDate(slots, 3)];
    expect((await reschedule(orderId, start, MORNING)).status).toBe(200);
    const answers = await Promise.all([reschedule(orderId, one, MORNING), reschedule(orderId, other, MORNING)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toMatch(/changed since it was loaded/);
    const counts = [
      await bookedCount(start, MORNING),
      await bookedCount(one, MORNING),
      await bookedCount(other, MORNING),
    ];
    expect(counts.sort()).toEqual([0, 0, 1]);
  });

  it('marks a no-show (the place stays taken) and books it again; an unscheduled visit cannot be marked', async () => {
    const orderId = await unscheduledVisit('2027-09-03');
    const refused = await setStatus(orderId, 'markNoShow');
    expect(refused).toMatchObject({
      status: 409,
      body: { fieldErrors: { transition: expect.stringMatching(/only a scheduled/) } },
    });
    expect((await setStatus(orderId, 'later')).body.fieldErrors.transition).toBeTruthy();
    const slots = await slotsAfter('2027-09-03');
    const [date, again] = [freeDate(slots, 1), freeDate(slots, 2)];
    expect((await reschedule(orderId, date, MORNING)).status).toBe(200);
    expect((await setStatus(orderId, 'markNoShow')).body).toMatchObject({ status: 'no-show', date });
    expect(await bookedCount(date, MORNING)).toBe(1);
    expect((await reschedule(orderId, again, MORNING)).body).toMatchObject({ status: 'scheduled', date: again });
    expect(await bookedCount(date, MORNING)).toBe(1);
    expect(await bookedCount(again, MORNING)).toBe(1);
  });

  it('audits each staff move and status of a visit, and the crews of a day, one entry each with who made it', async () => {
    const orderId = await unscheduledVisit('2027-11-05');
    const slots = await slotsAfter('2027-11-05');
    const [date, later, day] = [freeDate(slots, 1), freeDate(slots, 2), freeDate(slots, 3)];
    expect((await reschedule(orderId, date, MORNING)).status).toBe(200);
    expect((await reschedule(orderId, later, AFTERNOON)).status).toBe(200);
    expect((await setStatus(orderId, 'cancelVisit')).status).toBe(200);
    expect((await reschedule(orderId, date, MORNING)).status).toBe(200);
    expect((await setStatus(orderId, 'markNoShow')).status).toBe(200);
    // A refused change (a missed visit cannot be missed again) writes nothing.
    expect((await setStatus(orderId, 'markNoShow')).status).toBe(409);

    const staffId = staffIdOf(staff());
    const record = { kind: 'installation', id: orderId, label: 'HB-TEST00' };
    const unscheduled = { status: 'unscheduled', date: null, window: null };
    expect(await auditedChanges(orderId)).toEqual([
      { action: 'markNoShow', record, staffId, before: { status: 'scheduled' }, after: { status: 'no-show' } },
      {
        action: 'reschedule',
        record,
        staffId,
        before: unscheduled,
        after: { status: 'scheduled', date, window: MORNING },
      },
      {
        action: 'cancelVisit',
        record,
        staffId,
        before: { status: 'scheduled', date: later, window: AFTERNOON },
        after: unscheduled,
      },
      {
        action: 'reschedule',
        record,
        staffId,
        before: { date, window: MORNING },
        after: { date: later, window: AFTERNOON },
      },
      {
        action: 'reschedule',
        record,
        staffId,
        before: unscheduled,
        after: { status: 'scheduled', date, window: MORNING },
      },
    ]);

    await setCrews(day, 1);
    await setCrews(day, 3);
    const crews = { kind: 'crewsOfDay', id: day, label: day };
    expect(await auditedChanges(day, 'crewsOfDay')).toEqual([
      { action: 'setCrews', record: crews, staffId, before: { crews: 1 }, after: { crews: 3 } },
      { action: 'setCrews', record: crews, staffId, before: { crews: DEFAULT_CREWS }, after: { crews: 1 } },
    ]);
  });

  it('refuses 0 to 20 crews’ outside values naming the field', async () => {
    const answer = await api(baseUrl, staff(), 'PUT', '/admin/installation-crews/2027-10-04', { crews: 21 });
    expect(answer).toMatchObject({ status: 400, body: { fieldErrors: { crews: 'Please enter 0 to 20 crews.' } } });
    expect((await api(baseUrl, staff(), 'PUT', '/admin/installation-crews/2027-13-04', { crews: 2 })).status).toBe(400);
  });
});

describe('completing a visit', () => {
  it('is refused until the order is delivered; then the order is installed once, however often the event arrives', async () => {
    const { shopper, placed, deliver } = await deliveredOrderWithVisit();
    const early = await setStatus(placed.orderId, 'complete');
    expect(early).toMatchObject({
      status: 409,
      body: { fieldErrors: { transition: expect.stringMatching(/shipped: mark it delivered/) } },
    });
    await deliver();

    const completed = await setStatus(placed.orderId, 'complete');
    expect(completed.body).toMatchObject({ status: 'completed' });
    // Booked by the customer at checkout (no entry), completed by staff (one).
    expect(await auditedChanges(placed.orderId)).toEqual([
      {
        action: 'complete',
        record: { kind: 'installation', id: placed.orderId, label: placed.orderNumber },
        staffId: staffIdOf(staff()),
        before: { status: 'scheduled' },
        after: { status: 'completed' },
      },
    ]);
    await expect
      .poll(async () => (await myOrder(baseUrl, shopper, placed.orderId)).status, { timeout: 10_000 })
      .toBe('installed');
    expect((await setStatus(placed.orderId, 'complete')).status).toBe(409);

    const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as { recentEvents: BusEvent[] };
    const delivered = recentEvents.find(
      (event) =>
        event['detail-type'] === 'InstallationCompleted' &&
        (event.detail as { orderId: string }).orderId === placed.orderId,
    ) as EventBridgeEvent<string, unknown>;
    // Redelivered by the bus (same id), and published again by the outbox's sweep (a new bus id, the same eventId).
    await markOrderInstalled(delivered, context());
    await markOrderInstalled({ ...delivered, id: randomUUID() }, context());
    // The same visit's completion under an event id of its own: still one move per order.
    await markOrderInstalled(
      { ...delivered, id: randomUUID(), detail: { ...(delivered.detail as object), eventId: randomUUID() } },
      context(),
    );

    const history = (await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${placed.orderId}`)).body
      .history;
    expect(history.filter((entry) => entry.event === 'installed')).toEqual([
      expect.objectContaining({ actorName: staffAccount.email, status: 'installed' }),
    ]);
    const installedMails = await eventually(
      async () => (await mailsFor(baseUrl, shopper.email)).filter((mail) => / are installed$/.test(mail.subject)),
      (mails) => mails.length > 0,
    );
    expect(installedMails).toHaveLength(1);
    const statusEvents = (
      (await (await localTools(baseUrl, '/event-bus')).json()) as { recentEvents: BusEvent[] }
    ).recentEvents.filter(
      (event) =>
        event['detail-type'] === 'OrderStatusChanged' &&
        (event.detail as { orderId: string; to: string }).orderId === placed.orderId &&
        (event.detail as { to: string }).to === 'installed',
    );
    expect(statusEvents).toHaveLength(1);
  });
});

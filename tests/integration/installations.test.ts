/**
 * Installation as a service (issue 29) on the local stack: checkout books a window after the
 * delivered-by date and charges old-blind removal and high-ladder work; the order mail's signed
 * link reschedules and cancels; the crews' capacity holds when 20 bookings of the last place of a
 * window arrive at once; the visit's confirmation mail with its calendar file once the order is
 * paid, and the mails of the link's changes; an unpaid checkout's expiry gives the window back.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { InstallationSlotsAnswer, ManagedInstallation } from '#domain/appointments/installation';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import { shopInstant } from '#domain/appointments/schedule';
import { CHECKOUT_MESSAGES, type CheckoutQuote } from '#domain/checkout/checkout';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { resetConfigCache } from '../../functions/lib/config';
import { installationToken } from '../../functions/appointments/token';
import { auditEntriesOf } from '../support/audit-log';
import {
  addToCart,
  api,
  blind,
  DALLAS,
  myOrder,
  newShopper,
  pay,
  placement,
  placeOrder,
  stripeControl,
  stripeEvents,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { mailsFor, type OutboxMail } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staffAccount = inject('staffAccount');
const MORNING: InstallationWindow = '8:00 AM - 12:00 PM';
const AFTERNOON: InstallationWindow = '1:00 PM - 5:00 PM';

let staffToken: string;
beforeAll(async () => {
  process.env.APPOINTMENT_TOKEN_KEY = env.APPOINTMENT_TOKEN_KEY;
  resetConfigCache();
  staffToken = await accessTokenFor(baseUrl, staffAccount);
});

const slotsAfter = async (deliveredBy: string) =>
  (await api<InstallationSlotsAnswer>(baseUrl, null, 'GET', `/installations/slots?deliveredBy=${deliveredBy}`)).body;

/** The first date of the range whose two windows are both free. */
function freeDate(slots: InstallationSlotsAnswer, skip = 0): string {
  const free = slots.days.filter((day) => day.windows.length === 2 && day.windows.every((window) => window.available));
  return free[skip]!.date;
}

/** Sets the crews on duty on a date, as staff would (the crews' calendar item). */
async function setCrews(date: string, crews: number) {
  await localTable().send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: {
        pk: 'INSTALLATION_SLOTS',
        sk: `${date}#CAPACITY`,
        entity: 'installationDayCapacity',
        slotCapacity: crews,
      },
    }),
  );
}

const byLink = (orderId: string, path = '', body?: unknown) =>
  api(
    baseUrl,
    null,
    body === undefined ? 'GET' : 'POST',
    `/installations/by-token/${installationToken(orderId)}${path}`,
    body,
  );

async function dallasShopperWithBlind(): Promise<{ shopper: Shopper; quote: CheckoutQuote }> {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind());
  const quote = await api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', {
    shippingAddress: { state: 'TX', zipCode: DALLAS.zipCode },
    installation: true,
    installationOptions: { oldBlindsRemoved: 3, highLadder: true },
  });
  expect(quote.status).toBe(200);
  return { shopper, quote: quote.body };
}

describe('booking installation at checkout', () => {
  it('charges removal and high-ladder work, refuses the delivered-by date, and books a window after it', async () => {
    const { shopper, quote } = await dallasShopperWithBlind();
    expect(quote.installation.charges).toEqual([
      { kind: 'oldBlindRemoval', label: 'Old blind removal (3 x $5.00)', cents: 1_500 },
      { kind: 'highLadder', label: 'High-ladder work', cents: 30_000 },
    ]);
    const deliveredBy = quote.estimate!.deliveredBy;
    const order = {
      shippingAddress: DALLAS,
      installation: true,
      installationOptions: { oldBlindsRemoved: 3, highLadder: true },
    };

    const tooEarly = await api(baseUrl, shopper, 'POST', '/orders', {
      ...placement(shopper, order),
      installationVisit: { date: deliveredBy, window: MORNING },
    });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.fieldErrors.installationVisit).toMatch(/after your blinds arrive/);

    const slots = await slotsAfter(deliveredBy);
    expect(slots.first > deliveredBy).toBe(true);
    const date = freeDate(slots);
    const placed = await placeOrder(baseUrl, shopper, {
      ...placement(shopper, order),
      installationVisit: { date, window: AFTERNOON },
    });

    const staffView = await api<AdminOrderDetail>(
      baseUrl,
      { accessToken: staffToken },
      'GET',
      `/admin/orders/${placed.orderId}`,
    );
    const totals = staffView.body.totals;
    expect(totals.charges).toEqual(quote.installation.charges);
    expect(totals.totalCents).toBe(quote.totalCents);
    expect(totals.totalCents).toBe(
      totals.subtotalCents -
        totals.discountCents +
        totals.taxCents +
        totals.shippingCents +
        totals.installationCents +
        31_500,
    );

    const visit = await byLink(placed.orderId);
    expect(visit.body.installation).toMatchObject({
      orderNumber: placed.orderNumber,
      status: 'scheduled',
      date,
      window: AFTERNOON,
      deliveredBy,
      options: { oldBlindsRemoved: 3, highLadder: true },
    } satisfies Partial<ManagedInstallation>);
  });

  it('answers 409 naming the visit when the window is full', async () => {
    const { shopper, quote } = await dallasShopperWithBlind();
    const date = freeDate(await slotsAfter(quote.estimate!.deliveredBy), 1);
    await setCrews(date, 0);
    const answer = await api(baseUrl, shopper, 'POST', '/orders', {
      ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
      installationVisit: { date, window: MORNING },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.fieldErrors.installationVisit).toMatch(/just taken/);
  });
});

/** An order's unscheduled visit, as a placement without a date leaves it. */
async function unscheduledVisit(deliveredBy: string, email = 'pat@example.com'): Promise<string> {
  const orderId = `test-${randomUUID()}`;
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
        options: { oldBlindsRemoved: 0, highLadder: false },
        contact: {
          name: 'Pat Doe',
          email,
          phone: '214-555-0100',
          address: '1 Elm St, Dallas',
          zipCode: '75201',
        },
        version: 1,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    }),
  );
  return orderId;
}

async function bookedCount(date: string, window: InstallationWindow): Promise<number> {
  const time = window === MORNING ? '08:00' : '13:00';
  const item = await localTable().send(
    new GetCommand({
      TableName: env.TABLE_NAME,
      Key: { pk: 'INSTALLATION_SLOTS', sk: `${date}#${time}` },
      ConsistentRead: true,
    }),
  );
  return (item.Item?.booked as number | undefined) ?? 0;
}

describe('the signed link', () => {
  it('books, reschedules (freeing the old place) and cancels the visit; an earlier link shows it as it is now', async () => {
    const deliveredBy = '2027-03-05';
    const orderId = await unscheduledVisit(deliveredBy);
    const slots = (await byLink(orderId)).body.slots as InstallationSlotsAnswer;
    expect(slots.first).toBe('2027-03-08');
    const [first, second] = [freeDate(slots, 2), freeDate(slots, 3)];

    expect((await byLink(orderId, '/visit', { date: deliveredBy, window: MORNING })).status).toBe(400);
    expect((await byLink(orderId, '/visit', { date: first, window: MORNING })).body).toMatchObject({
      status: 'scheduled',
      date: first,
    });
    expect(await bookedCount(first, MORNING)).toBe(1);

    const moved = await byLink(orderId, '/visit', { date: second, window: AFTERNOON });
    expect(moved.body).toMatchObject({ status: 'scheduled', date: second, window: AFTERNOON });
    expect(await bookedCount(first, MORNING)).toBe(0);
    expect(await bookedCount(second, AFTERNOON)).toBe(1);

    const cancelled = await byLink(orderId, '/cancel', {});
    expect(cancelled.body).toMatchObject({ status: 'unscheduled', date: null });
    expect(await bookedCount(second, AFTERNOON)).toBe(0);
    expect((await byLink(orderId)).body.installation.status).toBe('unscheduled');
    expect((await byLink(orderId, '/cancel', {})).status).toBe(409);
    // The customer's own bookings, moves and cancellations are no staff action.
    expect(await auditEntriesOf(baseUrl, { accessToken: staffToken }, 'installation', orderId)).toEqual([]);
  });

  it('refuses a link this shop did not sign', async () => {
    const orderId = await unscheduledVisit('2027-03-05');
    const token = installationToken(orderId);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await api(baseUrl, null, 'GET', `/installations/by-token/${forged}`)).status).toBe(404);
  });
});

/** The first mail to `email` whose subject matches, once it has arrived. */
async function mailTo(email: string, subject: RegExp): Promise<OutboxMail> {
  const mails = await eventually(
    () => mailsFor(baseUrl, email),
    (found) => found.some((mail) => subject.test(mail.subject)),
    10_000,
  );
  const mail = mails.find((candidate) => subject.test(candidate.subject));
  expect(mail, `a mail to ${email} about ${subject}`).toBeDefined();
  return mail!;
}

/** The mail's calendar file's event, and the file's METHOD. */
function calendarOf(mail: OutboxMail) {
  const file = mail.attachments?.find((attachment) => attachment.fileName === 'installation.ics');
  expect(file, 'an installation.ics attachment').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(Buffer.from(file!.contentBase64, 'base64').toString('utf8')));
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}

describe("the visit's mails", () => {
  it('mails the visit booked at checkout with its calendar file once paid; the order mail and page show it', async () => {
    const { shopper, quote } = await dallasShopperWithBlind();
    const date = freeDate(await slotsAfter(quote.estimate!.deliveredBy), 5);
    const placed = await placeOrder(baseUrl, shopper, {
      ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
      installationOptions: { oldBlindsRemoved: 2, highLadder: false },
      installationVisit: { date, window: MORNING },
    });
    await pay(baseUrl, placed.checkoutSessionId);

    const visitMail = await mailTo(shopper.email, /^Your installation is on/);
    expect(visitMail.text).toContain(`order ${placed.orderNumber} is booked for`);
    expect(visitMail.text).toContain('take down 2 old blinds');
    const { method, event } = calendarOf(visitMail);
    expect(method).toBe('PUBLISH');
    expect(event.startDate.toJSDate().toISOString()).toBe(shopInstant(date, '08:00').toISOString());
    expect(event.duration.toSeconds()).toBe(4 * 60 * 60);
    expect(event.uid).toBe(`installation-${placed.orderId}@hillbrookblinds.com`);
    const link = `/installations/manage?token=${encodeURIComponent(installationToken(placed.orderId))}`;
    expect(visitMail.text).toContain(link);

    const orderMail = await mailTo(shopper.email, /^Order confirmed/);
    expect(orderMail.text).toContain('See or change your installation visit');
    expect(orderMail.text).toContain(link);
    expect(orderMail.text).toMatch(/Installation: our crew comes on .*8:00 AM - 12:00 PM \(Central time\)/);
    expect((await myOrder(baseUrl, shopper, placed.orderId)).installationVisit).toEqual({
      status: 'scheduled',
      date,
      window: MORNING,
    });
  });

  it('mails a move by the link with the calendar file that updates it, and a cancel with the one that removes it', async () => {
    const email = `visit-${randomUUID()}@example.com`;
    const orderId = await unscheduledVisit('2027-05-07', email);
    const slots = (await byLink(orderId)).body.slots as InstallationSlotsAnswer;
    const [first, second] = [freeDate(slots, 6), freeDate(slots, 7)];
    expect((await byLink(orderId, '/visit', { date: first, window: AFTERNOON })).status).toBe(200);
    const booked = await mailTo(email, /^Your installation is on/);
    expect(calendarOf(booked).event.startDate.toJSDate().toISOString()).toBe(shopInstant(first, '13:00').toISOString());

    expect((await byLink(orderId, '/visit', { date: second, window: MORNING })).status).toBe(200);
    const moved = await eventually(
      () => mailsFor(baseUrl, email),
      (found) => found.some((mail) => mail.text?.includes('moved from')),
      10_000,
    );
    const movedMail = moved.find((mail) => mail.text?.includes('moved from'))!;
    expect(calendarOf(movedMail).event.startDate.toJSDate().toISOString()).toBe(
      shopInstant(second, '08:00').toISOString(),
    );
    expect(calendarOf(movedMail).event.sequence).toBeGreaterThan(calendarOf(booked).event.sequence);

    expect((await byLink(orderId, '/cancel', {})).status).toBe(200);
    const cancelled = await mailTo(email, /is cancelled$/);
    const removal = calendarOf(cancelled);
    expect(removal.method).toBe('CANCEL');
    expect(removal.event.uid).toBe(`installation-${orderId}@hillbrookblinds.com`);
    expect(removal.event.startDate.toJSDate().toISOString()).toBe(shopInstant(second, '08:00').toISOString());
  });
});

describe('an unpaid checkout', () => {
  it('gives the held window back when its payment page expires, once, and a retry places a new order', async () => {
    const { shopper, quote } = await dallasShopperWithBlind();
    const date = freeDate(await slotsAfter(quote.estimate!.deliveredBy), 8);
    const body = {
      ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
      installationVisit: { date, window: AFTERNOON },
    };
    const placed = await placeOrder(baseUrl, shopper, body);
    expect(await bookedCount(date, AFTERNOON)).toBe(1);

    await stripeControl(baseUrl, `/sessions/${placed.checkoutSessionId}/expire`);
    await expect.poll(() => bookedCount(date, AFTERNOON), { timeout: 10_000 }).toBe(0);
    expect((await byLink(placed.orderId)).body.installation).toMatchObject({ status: 'unscheduled', date: null });
    // The provider's event delivered again frees nothing more.
    const [expired] = await stripeEvents(baseUrl, placed.checkoutSessionId, 'checkout.session.expired');
    await stripeControl(baseUrl, `/events/${expired!.event.id}/deliver`, { times: 2 });
    expect(await bookedCount(date, AFTERNOON)).toBe(0);

    expect(await api(baseUrl, shopper, 'POST', '/orders', body)).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_MESSAGES.checkoutExpired },
    });
    await placeOrder(baseUrl, shopper, { ...body, placementKey: randomUUID() });
    expect(await bookedCount(date, AFTERNOON)).toBe(1);
  });
});

describe('crews capacity', () => {
  it('gives the last place of a window to exactly one of 20 bookings at once', async () => {
    const deliveredBy = '2027-04-02';
    const orderIds = await Promise.all(Array.from({ length: 20 }, () => unscheduledVisit(deliveredBy)));
    const date = freeDate((await byLink(orderIds[0]!)).body.slots, 4);
    await setCrews(date, 3);
    for (const orderId of orderIds.slice(0, 2))
      expect((await byLink(orderId, '/visit', { date, window: MORNING })).status).toBe(200);

    const answers = await Promise.all(
      orderIds.slice(2).map((orderId) => byLink(orderId, '/visit', { date, window: MORNING })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(17);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 409, body: { message: expect.stringMatching(/just taken/) } });
    expect(await bookedCount(date, MORNING)).toBe(3);
  });
});

describe('an order cancelled', () => {
  it("frees its booked visit's window and marks the visit cancelled, whoever cancels it", async () => {
    const customerCancels = await dallasShopperWithBlind();
    const date = freeDate(await slotsAfter(customerCancels.quote.estimate!.deliveredBy), 12);
    const paid = await placeOrder(baseUrl, customerCancels.shopper, {
      ...placement(customerCancels.shopper, { shippingAddress: DALLAS, installation: true }),
      installationVisit: { date, window: MORNING },
    });
    await pay(baseUrl, paid.checkoutSessionId);
    await eventually(
      () => myOrder(baseUrl, customerCancels.shopper, paid.orderId),
      (order) => order.paymentStatus === 'paid',
      10_000,
    );
    const staffCancels = await dallasShopperWithBlind();
    const pending = await placeOrder(baseUrl, staffCancels.shopper, {
      ...placement(staffCancels.shopper, { shippingAddress: DALLAS, installation: true }),
      installationVisit: { date, window: AFTERNOON },
    });
    expect([await bookedCount(date, MORNING), await bookedCount(date, AFTERNOON)]).toEqual([1, 1]);

    expect((await api(baseUrl, customerCancels.shopper, 'POST', `/orders/${paid.orderId}/cancel`, {})).status).toBe(
      200,
    );
    const cancelledByStaff = await api(
      baseUrl,
      { accessToken: staffToken },
      'POST',
      `/admin/orders/${pending.orderId}/transitions`,
      { action: 'cancel' },
    );
    expect(cancelledByStaff.status).toBe(200);

    await expect.poll(() => bookedCount(date, MORNING), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => bookedCount(date, AFTERNOON), { timeout: 10_000 }).toBe(0);
    for (const orderId of [paid.orderId, pending.orderId]) {
      const visit = await byLink(orderId);
      expect(visit.body.installation).toMatchObject({ status: 'cancelled', date: null, window: null });
      expect((await byLink(orderId, '/visit', { date, window: MORNING })).status, 'nothing to book any more').toBe(409);
    }
    expect(await bookedCount(date, MORNING)).toBe(0);
    const mine = await myOrder(baseUrl, customerCancels.shopper, paid.orderId);
    expect(mine.installationVisit).toMatchObject({ status: 'cancelled' });
  });
});

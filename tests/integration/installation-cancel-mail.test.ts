/**
 * A booked installation visit cancelled with its order, on the local stack (issue 29): the customer
 * gets one mail whose calendar file (METHOD:CANCEL, STATUS:CANCELLED, the booking's UID) removes the
 * visit from their calendar, however often the order's cancel is delivered or the consumer runs;
 * a client who turned "Order updates by email" off gets none, as of the order's own cancel mail.
 * A visit staff cancel alone is mailed the same calendar file, with the link to book again. A visit
 * cancelled with its order by staff has its audit log entry, once; by the customer, none.
 */
import ICAL from 'ical.js';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InstallationSlotsAnswer } from '#domain/appointments/installation';
import type { InstallationWindow } from '#domain/appointments/installation-choices';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#domain/accounts/client';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { cancelVisitWithOrder } from '../../functions/appointments/cancel-with-order';
import { getInstallation } from '../../functions/appointments/installation-store';
import { installationToken } from '../../functions/appointments/token';
import { resetConfigCache } from '../../functions/lib/config';
import { orderSnapshotOf } from '../../functions/orders/order-events';
import { readOrder } from '../../functions/orders/order-store';
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
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { mailsFor, type OutboxMail } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const MORNING: InstallationWindow = '8:00 AM - 12:00 PM';
const BOOKED = /^Your installation is on/;
const CANCELLED = /^Your installation on .* is cancelled$/;

let staff: { accessToken: string };
beforeAll(async () => {
  // The consumer runs again in this process, against the stack's table and outbox.
  Object.assign(process.env, env);
  resetConfigCache();
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
});

afterEach(async () => {
  await localTools(baseUrl, '/event-bus/delivery-mode', { method: 'PUT', body: JSON.stringify({ mode: 'normal' }) });
});

/** A paid order of a shopper in Dallas with its installation booked for a free morning: its confirmation mail arrived (the shopper's `bookings`th). */
async function paidOrderWithVisit(shopper: Shopper, skipDays: number, bookings = 1): Promise<PlacedOrder> {
  await addToCart(baseUrl, shopper, blind());
  const quote = await api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', {
    shippingAddress: { state: 'TX', zipCode: DALLAS.zipCode },
    installation: true,
  });
  const slots = (
    await api<InstallationSlotsAnswer>(
      baseUrl,
      null,
      'GET',
      `/installations/slots?deliveredBy=${quote.body.estimate!.deliveredBy}`,
    )
  ).body;
  const date = slots.days.filter((day) => day.windows.length === 2 && day.windows.every((window) => window.available))[
    skipDays
  ]!.date;
  const placed = await placeOrder(baseUrl, shopper, {
    ...placement(shopper, { shippingAddress: DALLAS, installation: true }),
    installationVisit: { date, window: MORNING },
  });
  await pay(baseUrl, placed.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, placed.orderId),
    (order) => order.paymentStatus === 'paid',
    10_000,
  );
  await mailsTo(shopper.email, BOOKED, bookings);
  return placed;
}

async function mailsTo(email: string, subject: RegExp, count: number): Promise<OutboxMail[]> {
  const mails = await eventually(
    async () => (await mailsFor(baseUrl, email)).filter((mail) => subject.test(mail.subject)),
    (found) => found.length >= count,
    15_000,
  );
  expect(mails, `${count} mail(s) to ${email} about ${subject}`).toHaveLength(count);
  return mails;
}

/** The mail's calendar file: its text, its METHOD and its event. */
function calendarOf(mail: OutboxMail) {
  const file = mail.attachments?.find((attachment) => attachment.fileName === 'installation.ics');
  expect(file, 'an installation.ics attachment').toBeDefined();
  const text = Buffer.from(file!.contentBase64, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    text,
    contentType: file!.contentType,
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}

/** The InstallationCancelled events of the order the bus was given (published: each then delivered to the mail's consumer). */
async function visitCancellationsPublished(orderId: string): Promise<number> {
  const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as {
    recentEvents: Array<{ 'detail-type': string; detail: { orderId?: string } }>;
  };
  return recentEvents.filter(
    (event) => event['detail-type'] === 'InstallationCancelled' && event.detail.orderId === orderId,
  ).length;
}

/** The visit as its signed link shows it now. */
const visitOf = async (orderId: string) =>
  (await api(baseUrl, null, 'GET', `/installations/by-token/${installationToken(orderId)}`)).body.installation;

/** The OrderStatusChanged to cancelled the order's cancel published, as the consumer receives it. */
async function cancelChangeOf(orderId: string) {
  const { order } = (await readOrder(orderId))!;
  return {
    ...orderSnapshotOf(order),
    from: 'processing' as const,
    to: 'cancelled' as const,
    paymentStatus: order.paymentStatus,
    shipment: null,
    changedBy: { kind: 'customer' as const, id: order.clientId },
    changedAt: order.updatedAt,
    note: '',
  };
}

describe('an order with a booked installation, cancelled', () => {
  it("mails one calendar file that removes the booking's event, however often the cancel is handled", async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderWithVisit(shopper, 2);
    const [booked] = await mailsTo(shopper.email, BOOKED, 1);
    const booking = calendarOf(booked!);
    expect(booking.method).toBe('PUBLISH');

    // Every event of the cancel is delivered twice, shuffled.
    await localTools(baseUrl, '/event-bus/delivery-mode', {
      method: 'PUT',
      body: JSON.stringify({ mode: 'twice-out-of-order' }),
    });
    expect((await api(baseUrl, shopper, 'POST', `/orders/${order.orderId}/cancel`, {})).status).toBe(200);
    const [cancelled] = await mailsTo(shopper.email, CANCELLED, 1);
    expect((await visitOf(order.orderId)).status).toBe('cancelled');

    const removal = calendarOf(cancelled!);
    expect(removal.text).toMatch(/^METHOD:CANCEL\r?$/m);
    expect(removal.text).toMatch(/^STATUS:CANCELLED\r?$/m);
    expect(removal.contentType).toBe('text/calendar; method=CANCEL');
    expect(removal.event.uid).toBe(booking.event.uid);
    expect(removal.event.uid).toBe(`installation-${order.orderId}@hillbrookblinds.com`);
    expect(removal.event.sequence).toBeGreaterThan(booking.event.sequence);
    expect(removal.event.startDate.toJSDate().toISOString()).toBe(booking.event.startDate.toJSDate().toISOString());
    expect(cancelled!.text).toContain(`Your installation visit for order ${order.orderNumber} on `);
    expect(cancelled!.text).toContain('is cancelled with your order.');
    expect(cancelled!.text, 'nothing left to book').not.toContain('Choose a new date');

    // The consumer run twice more (a redelivery under another id): the visit is cancelled already, nothing more is published.
    const version = (await getInstallation(order.orderId))!.version;
    const change = await cancelChangeOf(order.orderId);
    await Promise.all([cancelVisitWithOrder(change), cancelVisitWithOrder(change)]);
    expect((await getInstallation(order.orderId))!.version).toBe(version);
    expect(await visitCancellationsPublished(order.orderId)).toBe(1);
    expect((await mailsFor(baseUrl, shopper.email)).filter((mail) => CANCELLED.test(mail.subject))).toHaveLength(1);
    // The customer's own cancel is not audited.
    expect(await auditEntriesOf(baseUrl, staff, 'installation', order.orderId)).toEqual([]);
  });

  it('sends no visit cancellation to a client who turned order updates off, as the order’s own cancel mail', async () => {
    const shopper = await newShopper(baseUrl);
    const preferences = await api(baseUrl, shopper, 'PUT', '/account/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailOrders: false,
    });
    expect(preferences.status).toBe(200);
    const order = await paidOrderWithVisit(shopper, 4);
    const cancelled = await api(baseUrl, staff, 'POST', `/admin/orders/${order.orderId}/transitions`, {
      action: 'cancel',
    });
    expect(cancelled.status).toBe(200);
    await eventually(
      () => visitCancellationsPublished(order.orderId),
      (published) => published === 1,
      10_000,
    );
    expect((await visitOf(order.orderId)).status).toBe('cancelled');
    // A mail sent to them after the cancel was published (a second visit's booking) arrives; the cancellation never does.
    await paidOrderWithVisit(shopper, 5, 2);
    expect((await mailsFor(baseUrl, shopper.email)).filter((mail) => CANCELLED.test(mail.subject))).toEqual([]);
  });

  it('cancelled by staff, its visit has one audit log entry however often the cancel is handled', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderWithVisit(shopper, 3);
    const { date } = (await getInstallation(order.orderId))!;
    const cancelled = await api(baseUrl, staff, 'POST', `/admin/orders/${order.orderId}/transitions`, {
      action: 'cancel',
    });
    expect(cancelled.status).toBe(200);
    await expect.poll(async () => (await visitOf(order.orderId)).status, { timeout: 10_000 }).toBe('cancelled');

    const staffId = staffIdOf(staff);
    // The consumer run again (a redelivery under another id): the visit is cancelled already, no second entry.
    await cancelVisitWithOrder({ ...(await cancelChangeOf(order.orderId)), changedBy: { kind: 'staff', id: staffId } });
    const entries = await auditEntriesOf(baseUrl, staff, 'installation', order.orderId);
    expect(
      entries.map(({ action, record, staff: by, before, after }) => ({ action, record, by: by.id, before, after })),
    ).toEqual([
      {
        action: 'cancelWithOrder',
        record: { kind: 'installation', id: order.orderId, label: order.orderNumber },
        by: staffId,
        before: { status: 'scheduled', date, window: MORNING },
        after: { status: 'cancelled', date: null, window: null },
      },
    ]);
  });

  it('a visit staff cancel alone: the calendar file that removes it, and a link to book again', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrderWithVisit(shopper, 6);
    const [booked] = await mailsTo(shopper.email, BOOKED, 1);
    const cancelled = await api(baseUrl, staff, 'POST', `/admin/installations/${order.orderId}/status`, {
      transition: 'cancelVisit',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'unscheduled', date: null, window: null });
    const [mail] = await mailsTo(shopper.email, CANCELLED, 1);
    const removal = calendarOf(mail!);
    expect(removal.method).toBe('CANCEL');
    expect(removal.text).toMatch(/^STATUS:CANCELLED\r?$/m);
    expect(removal.event.uid).toBe(calendarOf(booked!).event.uid);
    expect(mail!.text).toContain('Choose a new date');
    expect(
      await api(baseUrl, staff, 'POST', `/admin/installations/${order.orderId}/status`, { transition: 'cancelVisit' }),
    ).toEqual({
      status: 409,
      body: {
        message: 'This installation is unscheduled: only a scheduled visit can be cancelled.',
        fieldErrors: { transition: 'This installation is unscheduled: only a scheduled visit can be cancelled.' },
      },
    });
  });
});

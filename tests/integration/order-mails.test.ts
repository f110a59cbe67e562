/**
 * What follows an order's payment and its status changes, against the local stack: the customer's
 * and staff's mails, the invoice PDF, the status mails and the Notification Preferences. Orders are
 * placed and paid the way a customer does (the orders routes and the Stripe stand-in's control
 * surface) and moved by staff through the admin route; the cases no customer can bring about (a
 * crash publishing OrderPaid twice, a client without a profile) publish the event on the bus.
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Stripe from 'stripe';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#domain/accounts/client';
import type { Shipment } from '#domain/orders/order';
import { EVENT_SOURCE, type EventDetail, OrderPaid, OrderStatusChanged } from '#events/catalog';
import type { DeadLetter } from '../../infra/local/event-bus';
import {
  addSample,
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
  type PlacedOrder,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { paidOrderDetail, type PaidOrderDetail } from '../support/paid-order';
import { pdfPagesText } from '../support/pdf-text';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
const bus = new EventBridgeClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_EVENTBRIDGE, credentials });
const s3 = new S3Client({
  region: env.AWS_REGION,
  endpoint: env.AWS_ENDPOINT_URL_S3,
  forcePathStyle: true,
  credentials,
});

/** Publishes the way functions/lib/events.ts does: the detail checked against its contract, with its version. */
async function publish<E extends typeof OrderPaid | typeof OrderStatusChanged>(event: E, detail: EventDetail<E>) {
  const result = await bus.send(
    new PutEventsCommand({
      Entries: [
        {
          EventBusName: env.EVENT_BUS_NAME,
          Source: EVENT_SOURCE,
          DetailType: event.name,
          Detail: JSON.stringify({ ...(event.detail.parse(detail) as object), version: event.version }),
        },
      ],
    }),
  );
  expect(result.FailedEntryCount).toBe(0);
}

function setDeliveryMode(mode: 'normal' | 'twice-out-of-order') {
  return localTools(baseUrl, '/event-bus/delivery-mode', { method: 'PUT', body: JSON.stringify({ mode }) });
}

async function deadLettersOf(orderId: string): Promise<DeadLetter[]> {
  const { deadLetters } = (await (await localTools(baseUrl, '/event-bus')).json()) as { deadLetters: DeadLetter[] };
  return deadLetters.filter((letter) => (letter.event.detail as { orderId?: string }).orderId === orderId);
}

async function invoiceObjects(orderId: string) {
  const { Contents = [] } = await s3.send(
    new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET, Prefix: `invoices/${orderId}` }),
  );
  return Contents;
}

/** Lets a late duplicate delivery arrive (retries are 100 and 200 ms apart in the test stack) before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

afterEach(async () => {
  await setDeliveryMode('normal');
});

/** Signs an event as Stripe does, with the webhook secret the local stack gave the handlers. */
function postToWebhook(stripeEvent: object) {
  const payload = JSON.stringify(stripeEvent, null, 2);
  const signature = new Stripe(env.STRIPE_SECRET_KEY!).webhooks.generateTestHeaderString({
    payload,
    secret: env.STRIPE_WEBHOOK_SECRET!,
  });
  return fetch(`${baseUrl}/api/payments/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** Two blinds (one for the kitchen) and a sample, to a Dallas address with installation: placed, not paid. */
async function placedOrder(shopper: Shopper): Promise<PlacedOrder> {
  await addToCart(baseUrl, shopper, blind(), 'Kitchen');
  await addToCart(baseUrl, shopper, blind({ width: { inches: 40, eighths: 0 } }));
  await addSample(baseUrl, shopper);
  return placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DALLAS, installation: true }));
}

async function paidOrder(shopper: Shopper): Promise<PlacedOrder> {
  const order = await placedOrder(shopper);
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(
    () => myOrder(baseUrl, shopper, order.orderId),
    (detail) => detail.paymentStatus === 'paid',
  );
  return order;
}

async function staffTransition(orderId: string, body: object) {
  const response = await fetch(`${baseUrl}/api/admin/orders/${orderId}/transitions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessTokenFor(baseUrl, inject('staffAccount'))}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('a customer pays an order', () => {
  it('the same completed event delivered 10 times concurrently, out of order with an expired event, gives one confirmation mail, one staff mail and one invoice', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await placedOrder(shopper);
    await setDeliveryMode('twice-out-of-order');
    const completed = await pay(baseUrl, order.checkoutSessionId, { deliver: false });
    const session = completed.data.object as { id: string };
    const expired = {
      ...completed,
      id: `evt_expired_${order.orderId}`,
      type: 'checkout.session.expired',
      data: { object: { ...session, status: 'expired', payment_status: 'unpaid' } },
    };

    expect((await postToWebhook(expired)).status).toBe(200);
    const [redelivered, late] = await Promise.all([
      stripeControl(baseUrl, `/events/${completed.id}/deliver`, { times: 10 }),
      postToWebhook(expired),
    ]);
    expect(redelivered.status).toBe(200);
    expect(
      (redelivered.body as { attempts: Array<{ response: { status: number } | null }> }).attempts.map(
        (attempt) => attempt.response?.status,
      ),
    ).toEqual(Array(10).fill(200));
    expect(late.status).toBe(200);

    const detail = await eventually(
      () => myOrder(baseUrl, shopper, order.orderId),
      (current) => current.invoiceUrl !== null,
    );
    expect(detail).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const aboutOrder = async () =>
      (await mailsFor(baseUrl, shopper.email)).filter((mail) => mail.subject.includes(order.orderNumber));
    await eventually(aboutOrder, (m) => m.length >= 2);
    await settle();

    const mails = await aboutOrder();
    const total = (detail.totals.totalCents / 100).toFixed(2);
    expect(mails.filter((mail) => mail.to.includes(shopper.email)).map((mail) => mail.subject)).toEqual([
      `Order confirmed: ${order.orderNumber}`,
    ]);
    expect(mails.filter((mail) => mail.to.includes(env.STAFF_EMAIL!)).map((mail) => mail.subject)).toEqual([
      `Paid order ${order.orderNumber}: $${total} from Casey Buyer`,
    ]);
    const confirmation = mails.find((mail) => mail.to.includes(shopper.email))!;
    for (const expected of [
      'Room: Kitchen',
      `Total: $${total}`,
      'Professional installation: $150.00',
      'Sample shipping: $15.00',
      'free local delivery in Dallas-Fort Worth',
    ]) {
      expect(confirmation.text).toContain(expected);
    }
    expect(await invoiceObjects(order.orderId)).toHaveLength(1);

    const link = await api<{ url: string }>(baseUrl, shopper, 'GET', `/orders/${order.orderId}/invoice`);
    expect(link.status).toBe(200);
    const pdf = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const [text] = await pdfPagesText(pdf);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain(`$${total}`);
    expect(text).toContain(`Payment ID: ${order.checkoutSessionId}`);
    expect(await deadLettersOf(order.orderId)).toEqual([]);
  });
});

describe('staff move a paid order along', () => {
  it('the customer hears once that it shipped (carrier, tracking number and link) and once that it was delivered', async () => {
    const shopper = await newShopper(baseUrl);
    const order = await paidOrder(shopper);
    await setDeliveryMode('twice-out-of-order');
    await staffTransition(order.orderId, { action: 'ship', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await staffTransition(order.orderId, { action: 'deliver' });

    const about = (mails: Awaited<ReturnType<typeof mailsFor>>) =>
      mails.filter((mail) => mail.subject.startsWith(`Your order ${order.orderNumber}`));
    await eventually(
      () => mailsFor(baseUrl, shopper.email),
      (mails) => about(mails).length >= 2,
    );
    await settle();
    const mails = about(await mailsFor(baseUrl, shopper.email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      `Your order ${order.orderNumber} has shipped`,
      `Your order ${order.orderNumber} was delivered`,
    ]);
    const shipped = mails.find((mail) => mail.subject.endsWith('has shipped'))!;
    expect(shipped.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(shipped.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
  });

  it('a customer who turned shipping updates off is not told of the shipment, but is told of a cancellation and its refund', async () => {
    const shopper = await newShopper(baseUrl);
    const preferences = await api(baseUrl, shopper, 'PUT', '/account/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailShipping: false,
    });
    expect(preferences.status).toBe(200);
    const shippedOrder = await paidOrder(shopper);
    const cancelledOrder = await paidOrder(shopper);
    await staffTransition(shippedOrder.orderId, {
      action: 'ship',
      carrier: 'FedEx',
      trackingNumber: '449044304137821',
    });
    await staffTransition(cancelledOrder.orderId, { action: 'cancel', reason: 'Measured the wrong window' });

    await eventually(
      () => mailsFor(baseUrl, shopper.email),
      (mails) =>
        mails.some((mail) => mail.subject.includes(cancelledOrder.orderNumber) && mail.subject.endsWith('cancelled')),
    );
    await settle();
    const statusMails = (await mailsFor(baseUrl, shopper.email)).filter((mail) =>
      mail.subject.startsWith('Your order'),
    );
    expect(statusMails.map((mail) => mail.subject)).toEqual([`Your order ${cancelledOrder.orderNumber} was cancelled`]);
    expect(statusMails[0]!.text).toContain('Reason: Measured the wrong window');
    expect(statusMails[0]!.text).toMatch(/Your payment (is being|has been) refunded to the card you paid with\./);
  });

  it('a customer who turned order updates off is not told of a cancellation, but is told of a shipment', async () => {
    const shopper = await newShopper(baseUrl);
    const preferences = await api(baseUrl, shopper, 'PUT', '/account/notification-preferences', {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      emailOrders: false,
    });
    expect(preferences.status).toBe(200);
    const cancelledOrder = await paidOrder(shopper);
    const shippedOrder = await paidOrder(shopper);
    await staffTransition(cancelledOrder.orderId, { action: 'cancel' });
    await staffTransition(shippedOrder.orderId, { action: 'ship', carrier: 'Local delivery', trackingNumber: 'VAN-2' });

    await eventually(
      () => mailsFor(baseUrl, shopper.email),
      (mails) => mails.some((mail) => mail.subject === `Your order ${shippedOrder.orderNumber} has shipped`),
    );
    await settle();
    const statusMails = (await mailsFor(baseUrl, shopper.email)).filter((mail) =>
      mail.subject.startsWith('Your order'),
    );
    expect(statusMails.map((mail) => mail.subject)).toEqual([`Your order ${shippedOrder.orderNumber} has shipped`]);
    expect(statusMails[0]!.text).toContain('Carrier: Local delivery\nTracking number: VAN-2');
    expect(statusMails[0]!.text).not.toContain('Track the parcel');
  });
});

describe('events no customer can bring about, published on the bus', () => {
  it('OrderPaid published twice for one order (a crash between publishing and recording it) and delivered twice and out of order: one confirmation, one staff notice, one invoice PDF', async () => {
    await setDeliveryMode('twice-out-of-order');
    const order = paidOrderDetail();
    await Promise.all([publish(OrderPaid, order), publish(OrderPaid, order)]);

    await eventually(
      () => mailsFor(baseUrl, order.customer.email),
      (m) => m.length >= 2,
    );
    await eventually(
      () => invoiceObjects(order.orderId),
      (objects) => objects.length >= 1,
    );
    await settle();

    const all = await mailsFor(baseUrl, order.customer.email);
    const confirmations = all.filter((mail) => mail.to.includes(order.customer.email));
    const staffNotices = all.filter((mail) => mail.to.includes(env.STAFF_EMAIL!));
    expect(confirmations.map((mail) => mail.subject)).toEqual([`Order confirmed: ${order.orderNumber}`]);
    expect(staffNotices.map((mail) => mail.subject)).toEqual([
      `Paid order ${order.orderNumber}: $384.02 from Ana Lopez`,
    ]);
    expect(all).toHaveLength(2);

    const [confirmation] = confirmations;
    expect(confirmation!.text).toContain('Room: Living Room');
    expect(confirmation!.text).toContain('Total: $384.02');
    expect(confirmation!.html).toContain('$384.02');
    expect(staffNotices[0]!.replyTo).toEqual([order.customer.email]);
    expect(staffNotices[0]!.text).toContain(`${env.SITE_URL}/admin`);

    const objects = await invoiceObjects(order.orderId);
    expect(objects.map((object) => object.Key)).toEqual([order.invoiceKey]);
    const invoice = await s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: order.invoiceKey }));
    expect(invoice.ContentType).toBe('application/pdf');
    const bytes = await invoice.Body!.transformToByteArray();
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const [text] = await pdfPagesText(bytes);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Paid by card');
    expect(text).toContain('$384.02');

    expect(await deadLettersOf(order.orderId)).toEqual([]);
  });

  const ups: Shipment = {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    shippedAt: '2026-03-18T15:00:00Z',
  };

  function statusChange(
    order: PaidOrderDetail,
    fields: Partial<EventDetail<typeof OrderStatusChanged>>,
  ): EventDetail<typeof OrderStatusChanged> {
    const {
      paidAt: _paidAt,
      checkoutSessionId: _session,
      paymentIntentId: _intent,
      amountPaidCents: _paid,
      sampleRequestReference: _reference,
      ...snapshot
    } = order;
    return {
      ...snapshot,
      from: 'processing',
      to: 'shipped',
      paymentStatus: 'paid',
      shipment: ups,
      changedBy: { kind: 'staff', id: 'staff-user' },
      changedAt: '2026-03-18T15:00:00Z',
      note: '',
      ...fields,
    };
  }

  it('an order whose client has no profile is mailed (a missing preference record means send)', async () => {
    const order = paidOrderDetail();
    await publish(OrderStatusChanged, statusChange(order, {}));
    const mails = await eventually(
      () => mailsFor(baseUrl, order.customer.email),
      (m) => m.length >= 1,
    );
    expect(mails.map((mail) => mail.subject)).toEqual([`Your order ${order.orderNumber} has shipped`]);
  });
});

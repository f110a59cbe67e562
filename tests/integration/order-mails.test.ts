import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../domain/accounts/client';
import type { Shipment } from '../../domain/orders/order';
import { EVENT_SOURCE, type EventDetail, OrderPaid, OrderStatusChanged } from '../../events/catalog';
import type { DeadLetter } from '../../infra/local/event-bus';
import { registerConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { paidOrderDetail, type PaidOrderDetail } from '../support/paid-order';
import { pdfPagesText } from '../support/pdf-text';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const credentials = { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! };
const bus = new EventBridgeClient({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_EVENTBRIDGE, credentials });
const s3 = new S3Client({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, credentials });

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
  const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET, Prefix: `invoices/${orderId}` }));
  return Contents;
}

/** Lets a late duplicate delivery arrive (retries are 100 and 200 ms apart in the test stack) before counting. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

afterEach(async () => {
  await setDeliveryMode('normal');
});

describe('after an order is paid', () => {
  it('the customer gets one confirmation, staff one notice and the bucket one invoice PDF, though the bus delivers twice and out of order and the event is published twice', async () => {
    await setDeliveryMode('twice-out-of-order');
    const order = paidOrderDetail();
    await Promise.all([publish(OrderPaid, order), publish(OrderPaid, order)]);

    await eventually(() => mailsFor(baseUrl, order.customer.email), (m) => m.length >= 2);
    await eventually(() => invoiceObjects(order.orderId), (objects) => objects.length >= 1);
    await settle();

    const all = await mailsFor(baseUrl, order.customer.email);
    const confirmations = all.filter((mail) => mail.to.includes(order.customer.email));
    const staffNotices = all.filter((mail) => mail.to.includes(env.STAFF_EMAIL!));
    expect(confirmations.map((mail) => mail.subject)).toEqual([`Order confirmed: ${order.orderNumber}`]);
    expect(staffNotices.map((mail) => mail.subject)).toEqual([`Paid order ${order.orderNumber}: $384.02 from Ana Lopez`]);
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
});

describe('when staff move an order along', () => {
  const ups: Shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', shippedAt: '2026-03-18T15:00:00Z' };

  function statusChange(order: PaidOrderDetail, fields: Partial<EventDetail<typeof OrderStatusChanged>>): EventDetail<typeof OrderStatusChanged> {
    const { paidAt: _paidAt, checkoutSessionId: _session, paymentIntentId: _intent, amountPaidCents: _paid, sampleRequestReference: _reference, ...snapshot } = order;
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

  async function setPreferences(customer: { accessToken: string }, preferences: typeof DEFAULT_NOTIFICATION_PREFERENCES) {
    const response = await fetch(`${baseUrl}/api/account/notification-preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${customer.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(preferences),
    });
    expect(response.status).toBe(200);
  }

  it('a client with the default preferences hears once that it shipped (carrier, number, link) and once that it was delivered', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    const order = paidOrderDetail({ clientId: customer.clientId, customer: { name: 'Test Customer', email: customer.email, phone: '' } });
    await setDeliveryMode('twice-out-of-order');
    await publish(OrderStatusChanged, statusChange(order, {}));
    await publish(OrderStatusChanged, statusChange(order, {}));
    await publish(OrderStatusChanged, statusChange(order, { from: 'shipped', to: 'delivered', changedAt: '2026-03-20T16:00:00Z' }));

    await eventually(() => mailsFor(baseUrl, customer.email), (m) => m.filter((mail) => mail.subject.includes(order.orderNumber)).length >= 2);
    await settle();
    const mails = (await mailsFor(baseUrl, customer.email)).filter((mail) => mail.subject.includes(order.orderNumber));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Your order ${order.orderNumber} has shipped`, `Your order ${order.orderNumber} was delivered`]);
    const shipped = mails.find((mail) => mail.subject.endsWith('has shipped'))!;
    expect(shipped.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(shipped.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(await deadLettersOf(order.orderId)).toEqual([]);
  });

  it('a client who turned shipping updates off gets no shipped mail, but still hears of a cancellation (an order update)', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    await setPreferences(customer, { ...DEFAULT_NOTIFICATION_PREFERENCES, emailShipping: false });
    const shippedOrder = paidOrderDetail({ clientId: customer.clientId, customer: { name: 'Test Customer', email: customer.email, phone: '' } });
    const cancelledOrder = paidOrderDetail({ clientId: customer.clientId, customer: { name: 'Test Customer', email: customer.email, phone: '' } });
    await publish(OrderStatusChanged, statusChange(shippedOrder, {}));
    await publish(
      OrderStatusChanged,
      statusChange(cancelledOrder, { to: 'cancelled', paymentStatus: 'refunded', shipment: null, note: 'Measured the wrong window' }),
    );

    await eventually(() => mailsFor(baseUrl, customer.email), (m) => m.some((mail) => mail.subject.includes(cancelledOrder.orderNumber)));
    await settle();
    const mails = (await mailsFor(baseUrl, customer.email)).filter((mail) => mail.subject.startsWith('Your order'));
    expect(mails.map((mail) => mail.subject)).toEqual([`Your order ${cancelledOrder.orderNumber} was cancelled`]);
    expect(mails[0]!.text).toContain('Reason: Measured the wrong window');
    expect(mails[0]!.text).toContain('Your payment has been refunded to the card you paid with.');
  });

  it('a client who turned order updates off hears nothing of a cancellation', async () => {
    const customer = await registerConfirmedCustomer(baseUrl);
    await setPreferences(customer, { ...DEFAULT_NOTIFICATION_PREFERENCES, emailOrders: false });
    const cancelled = paidOrderDetail({ clientId: customer.clientId, customer: { name: 'Test Customer', email: customer.email, phone: '' } });
    const shipped = paidOrderDetail({ clientId: customer.clientId, customer: { name: 'Test Customer', email: customer.email, phone: '' } });
    await publish(OrderStatusChanged, statusChange(cancelled, { to: 'cancelled', paymentStatus: 'paid', shipment: null }));
    await publish(OrderStatusChanged, statusChange(shipped, {}));

    await eventually(() => mailsFor(baseUrl, customer.email), (m) => m.some((mail) => mail.subject.includes(shipped.orderNumber)));
    await settle();
    const subjects = (await mailsFor(baseUrl, customer.email)).map((mail) => mail.subject);
    expect(subjects).toContain(`Your order ${shipped.orderNumber} has shipped`);
    expect(subjects.some((subject) => subject.includes(cancelled.orderNumber))).toBe(false);
  });

  it('an order whose client has no profile is mailed (a missing preference record means send)', async () => {
    const order = paidOrderDetail();
    await publish(OrderStatusChanged, statusChange(order, {}));
    const mails = await eventually(() => mailsFor(baseUrl, order.customer.email), (m) => m.length >= 1);
    expect(mails.map((mail) => mail.subject)).toEqual([`Your order ${order.orderNumber} has shipped`]);
  });
});

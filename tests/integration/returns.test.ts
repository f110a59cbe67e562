/**
 * Returns and Fit Assurance remakes against the local stack (issue 12): the Returns page's terms as
 * the server holds them (30 days from delivery, one remake of at most 10 blinds, another customer's
 * order out of reach), photos known by their bytes (a file that is not an image refused and gone
 * from the bucket), staff running a return to its refund at the payment provider, recorded on the
 * order once, and the admin routes closed to everyone else.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ORDER_MESSAGES, type AdminOrderDetail } from '../../domain/orders/order';
import { RETURN_MESSAGES, type ReturnDetail, type ReturnRequestInput, type ReturnUpload, type ReturnsPage } from '../../domain/returns/return-request';
import { orderKeys } from '../../functions/lib/table/keys';
import { addToCart, api, blind, myOrder, newShopper, pay, placeOrder, placement, type Shopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { photoPng } from '../support/image-files';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');
const env = inject('localEnv');

let staffToken: string;
const staff = () => ({ accessToken: staffToken });

interface DeliveredOrder {
  shopper: Shopper;
  orderId: string;
  orderNumber: string;
}

/** A customer's order of `quantity` faux wood blinds, paid, shipped and delivered by staff as the admin Orders tab does. */
async function deliveredOrder(quantity: number): Promise<DeliveredOrder> {
  const shopper = await newShopper(baseUrl);
  await addToCart(baseUrl, shopper, blind({ quantity }));
  const order = await placeOrder(baseUrl, shopper, placement(shopper));
  await pay(baseUrl, order.checkoutSessionId);
  await eventually(() => myOrder(baseUrl, shopper, order.orderId), (detail) => detail.paymentStatus === 'paid', 10_000);
  for (const body of [{ action: 'ship', carrier: 'UPS', trackingNumber: '1Z999' }, { action: 'deliver' }]) {
    const moved = await api(baseUrl, staff(), 'POST', `/admin/orders/${order.orderId}/transitions`, body);
    if (moved.status !== 200) throw new Error(`${body.action} answered ${moved.status}: ${JSON.stringify(moved.body)}`);
  }
  return { shopper, orderId: order.orderId, orderNumber: order.orderNumber };
}

const request = (order: DeliveredOrder, fields: Partial<ReturnRequestInput> = {}): ReturnRequestInput => ({
  orderNumber: order.orderNumber,
  email: order.shopper.email,
  kind: 'return',
  reason: 'damaged',
  lines: [{ position: 1, quantity: 1 }],
  ...fields,
});
const submit = (body: ReturnRequestInput) => api(baseUrl, null, 'POST', '/returns', body);

/** Uploads a file with the presigned form the API hands out, as the browser does. */
async function uploadPhoto(bytes: Uint8Array, contentType: string): Promise<ReturnUpload> {
  const form = await api<ReturnUpload>(baseUrl, null, 'POST', '/returns/uploads', { contentType, size: bytes.length });
  expect(form.status).toBe(200);
  const body = new FormData();
  for (const [name, value] of Object.entries(form.body.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'photo');
  const uploaded = await fetch(form.body.url, { method: 'POST', body });
  expect(uploaded.status).toBeLessThan(300);
  return form.body;
}

/** The object a photo's upload form put in the bucket (under the pending prefix the lifecycle rule empties). */
function storedUpload(upload: ReturnUpload) {
  const s3 = new S3Client({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! } });
  return s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: upload.fields.key! }));
}

const PNG = photoPng();

let returned: DeliveredOrder;
let remade: DeliveredOrder;

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, staffAccount);
  [returned, remade] = await Promise.all([deliveredOrder(2), deliveredOrder(12)]);
});

describe('the terms', () => {
  it('refuses a return once 30 days have passed since delivery', async () => {
    const order = await deliveredOrder(1);
    const deliveredAt = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    await localTable().send(
      new UpdateCommand({ TableName: env.TABLE_NAME, Key: orderKeys(order.orderId), UpdateExpression: 'SET deliveredAt = :at', ExpressionAttributeValues: { ':at': deliveredAt } }),
    );
    expect(await submit(request(order))).toEqual({ status: 409, body: { message: RETURN_MESSAGES.windowPassed } });
  });

  it('refuses 11 blinds in one remake, then makes the one remake of an order and refuses a second', async () => {
    const eleven = await submit(request(remade, { kind: 'remake', reason: 'tooWide', lines: [{ position: 1, quantity: 11 }] }));
    expect(eleven).toEqual({ status: 400, body: { message: RETURN_MESSAGES.remakeTooMany, fieldErrors: { lines: RETURN_MESSAGES.remakeTooMany } } });
    const first = await submit(request(remade, { kind: 'remake', reason: 'tooWide', lines: [{ position: 1, quantity: 10 }] }));
    expect(first).toMatchObject({ status: 201, body: { kind: 'remake', status: 'requested' } });
    const second = await submit(request(remade, { kind: 'remake', reason: 'tooShort', lines: [{ position: 1, quantity: 2 }] }));
    expect(second).toEqual({ status: 409, body: { message: RETURN_MESSAGES.remakeUsed } });
  });

  it('refuses a change of mind, the reason given', async () => {
    expect(await submit(request(returned, { reason: 'changedMind' }))).toEqual({
      status: 400,
      body: { message: RETURN_MESSAGES.excludedReason, fieldErrors: { reason: RETURN_MESSAGES.excludedReason } },
    });
  });

  it('never reaches another customer’s order: their number with my e-mail answers as a missing order', async () => {
    const stranger = await newShopper(baseUrl, { firstName: 'Other', lastName: 'Person' });
    expect(await submit(request(returned, { email: stranger.email }))).toEqual({ status: 404, body: { message: ORDER_MESSAGES.trackingNotFound } });
  });
});

describe('photos', () => {
  it('refuses a file that is not an image, whatever type it claimed, and removes it from the bucket', async () => {
    const upload = await uploadPhoto(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'image/png');
    const answer = await submit(request(returned, { photoIds: [upload.photoId] }));
    expect(answer).toEqual({ status: 400, body: { message: RETURN_MESSAGES.photoNotImage, fieldErrors: { 'photoIds.0': RETURN_MESSAGES.photoNotImage } } });
    await expect(storedUpload(upload)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses an upload form for a type that is not an image or a file over 10 MB', async () => {
    const pdf = await api(baseUrl, null, 'POST', '/returns/uploads', { contentType: 'application/pdf', size: 100 });
    expect(pdf).toMatchObject({ status: 400, body: { fieldErrors: { contentType: RETURN_MESSAGES.photoType } } });
    const large = await api(baseUrl, null, 'POST', '/returns/uploads', { contentType: 'image/jpeg', size: 10 * 1024 * 1024 + 1 });
    expect(large).toMatchObject({ status: 400, body: { fieldErrors: { size: RETURN_MESSAGES.photoSize } } });
  });
});

describe('staff run a return to its refund', () => {
  it('approve, receive and refund: the refund made at the payment provider once, recorded on the order, the customer mailed each step', async () => {
    const photo = await uploadPhoto(PNG, 'image/png');
    const submitted = await submit(request(returned, { lines: [{ position: 1, quantity: 1 }], note: 'The slats arrived cracked.', photoIds: [photo.photoId] }));
    expect(submitted).toMatchObject({ status: 201, body: { kind: 'return', status: 'requested' } });

    const listed = await api<ReturnsPage>(baseUrl, staff(), 'GET', '/admin/returns?status=requested');
    const row = listed.body.returns.find((candidate) => candidate.returnNumber === submitted.body.returnNumber)!;
    expect(row).toMatchObject({ orderNumber: returned.orderNumber, blindCount: 1, photoCount: 1 });
    const detail = await api<ReturnDetail>(baseUrl, staff(), 'GET', `/admin/returns/${row.id}`);
    expect(detail.body.photoUrls).toHaveLength(1);
    expect(new Uint8Array(await (await fetch(detail.body.photoUrls[0]!)).arrayBuffer())).toEqual(PNG);
    // Kept out of the pending prefix, so the lifecycle rule for unclaimed uploads never takes it.
    expect(photo.fields.key).toBe(`returns/pending/${photo.photoId}`);
    expect(new URL(detail.body.photoUrls[0]!).pathname).toContain(`returns/photos/${photo.photoId}`);
    await expect(storedUpload(photo)).rejects.toMatchObject({ name: 'NoSuchKey' });

    const move = (action: string) => api<ReturnDetail>(baseUrl, staff(), 'POST', `/admin/returns/${row.id}/transitions`, { action });
    expect((await move('refund')).status).toBe(409);
    expect((await move('approve')).body.status).toBe('approved');
    expect((await move('receive')).body.status).toBe('received');
    const refunded = await move('refund');
    expect(refunded.body).toMatchObject({ status: 'refunded', refundCents: expect.any(Number) });
    expect(refunded.body.refundCents).toBeGreaterThan(0);
    expect(await move('refund')).toMatchObject({ status: 409 });

    const order = await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${returned.orderId}`);
    const recorded = order.body.history.filter((entry) => entry.event === 'refunded');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.note).toContain(submitted.body.returnNumber);
    expect(order.body.paymentStatus).toBe('paid');
    const stripe = new Stripe(env.STRIPE_SECRET_KEY!, { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: 'http', maxNetworkRetries: 0 });
    expect(await stripe.refunds.retrieve(refunded.body.refundId!)).toMatchObject({ amount: refunded.body.refundCents, payment_intent: order.body.paymentIntentId });

    const mails = await eventually(() => mailsFor(baseUrl, returned.shopper.email), (found) => found.filter((mail) => mail.subject.includes(submitted.body.returnNumber)).length >= 4, 10_000);
    expect(mails.map((mail) => mail.subject).filter((subject) => subject.includes(submitted.body.returnNumber))).toEqual(
      expect.arrayContaining([expect.stringContaining('We received'), expect.stringContaining('Approved'), expect.stringContaining('Received'), expect.stringContaining('Refunded')]),
    );
  });
});

describe('the admin routes', () => {
  it('answer 401 without a token and 403 to a customer', async () => {
    const customer = await newShopper(baseUrl);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/admin/returns'],
      ['GET', '/admin/returns/00000000-0000-4000-8000-000000000000'],
      ['POST', '/admin/returns/00000000-0000-4000-8000-000000000000/transitions', { action: 'approve' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await api(baseUrl, null, method, path, body)).status).toBe(401);
      expect(await api(baseUrl, customer, method, path, body)).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
    }
  });
});

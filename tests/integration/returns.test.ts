/**
 * Returns and Fit Assurance remakes against the local stack (issue 12): the Returns page's terms as
 * the server holds them (30 days from delivery, one remake of at most 10 blinds, another customer's
 * order out of reach, each blind in at most one request however many are sent at once), photos
 * known by their bytes (a file that is not an image refused and gone from the bucket), staff
 * running a return to its refund at the payment provider, recorded on the order once, refunds of
 * an order never past what its payment took (issue 24), and the admin routes closed to everyone else.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import Stripe from 'stripe';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { formatCents } from '#domain/pricing/money';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { AdminOrderDetail } from '#domain/orders/responses';
import {
  blindNameOf,
  RETURN_MESSAGES,
  type ReturnDetail,
  type ReturnRequestInput,
  type ReturnUpload,
  type ReturnsPage,
} from '#domain/returns/return-request';
import { orderKeys, orderLineKeys } from '../../functions/lib/table/keys/orders';
import { api, newShopper, type Answer } from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { eventually } from '../support/eventually';
import { photoPng } from '../support/image-files';
import { mailsFor } from '../support/outbox';
import { deliveredOrder as deliveredOrderOf, uploadReturnPhoto, type DeliveredOrder } from '../support/returns';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');
const env = inject('localEnv');

let staffToken: string;
const staff = () => ({ accessToken: staffToken });

const deliveredOrder = (quantity: number, roomLabel?: string) =>
  deliveredOrderOf(baseUrl, staffToken, quantity, roomLabel);

const request = (order: DeliveredOrder, fields: Partial<ReturnRequestInput> = {}): ReturnRequestInput => ({
  orderNumber: order.orderNumber,
  email: order.shopper.email,
  kind: 'return',
  reason: 'damaged',
  lines: [{ position: 1, quantity: 1 }],
  ...fields,
});
/** Sends a request from a visitor's own address, as each customer sends theirs (the per-address limit counts requests per address). */
async function submit(body: ReturnRequestInput): Promise<Answer> {
  const response = await fetchFrom()(`${baseUrl}/api/returns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const uploadPhoto = (bytes: Uint8Array, contentType: string) => uploadReturnPhoto(baseUrl, bytes, contentType);

/** The object a photo's upload form put in the bucket (under the pending prefix the lifecycle rule empties). */
function storedUpload(upload: ReturnUpload) {
  const s3 = new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });
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
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: orderKeys(order.orderId),
        UpdateExpression: 'SET deliveredAt = :at',
        ExpressionAttributeValues: { ':at': deliveredAt },
      }),
    );
    expect(await submit(request(order))).toEqual({ status: 409, body: { message: RETURN_MESSAGES.windowPassed } });
  });

  it('refuses 11 blinds in one remake, then makes the one remake of an order and refuses a second', async () => {
    const eleven = await submit(
      request(remade, { kind: 'remake', reason: 'tooWide', lines: [{ position: 1, quantity: 11 }] }),
    );
    expect(eleven).toEqual({
      status: 400,
      body: { message: RETURN_MESSAGES.remakeTooMany, fieldErrors: { lines: RETURN_MESSAGES.remakeTooMany } },
    });
    const first = await submit(
      request(remade, { kind: 'remake', reason: 'tooWide', lines: [{ position: 1, quantity: 10 }] }),
    );
    expect(first).toMatchObject({ status: 201, body: { kind: 'remake', status: 'requested' } });
    const second = await submit(
      request(remade, { kind: 'remake', reason: 'tooShort', lines: [{ position: 1, quantity: 2 }] }),
    );
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
    expect(await submit(request(returned, { email: stranger.email }))).toEqual({
      status: 404,
      body: { message: ORDER_MESSAGES.trackingNotFound },
    });
  });
});

describe('photos', () => {
  it('refuses a file that is not an image, whatever type it claimed, and removes it from the bucket', async () => {
    const upload = await uploadPhoto(new TextEncoder().encode('<html><script>alert(1)</script></html>'), 'image/png');
    const answer = await submit(request(returned, { photoIds: [upload.photoId] }));
    expect(answer).toEqual({
      status: 400,
      body: { message: RETURN_MESSAGES.photoNotImage, fieldErrors: { 'photoIds.0': RETURN_MESSAGES.photoNotImage } },
    });
    await expect(storedUpload(upload)).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('refuses an upload form for a type that is not an image or a file over 10 MB', async () => {
    const pdf = await api(baseUrl, null, 'POST', '/returns/uploads', { contentType: 'application/pdf', size: 100 });
    expect(pdf).toMatchObject({ status: 400, body: { fieldErrors: { contentType: RETURN_MESSAGES.photoType } } });
    const large = await api(baseUrl, null, 'POST', '/returns/uploads', {
      contentType: 'image/jpeg',
      size: 10 * 1024 * 1024 + 1,
    });
    expect(large).toMatchObject({ status: 400, body: { fieldErrors: { size: RETURN_MESSAGES.photoSize } } });
  });
});

describe('staff run a return to its refund', () => {
  it('approve, receive and refund: the refund made at the payment provider once, recorded on the order, the customer mailed each step', async () => {
    const photo = await uploadPhoto(PNG, 'image/png');
    const submitted = await submit(
      request(returned, {
        lines: [{ position: 1, quantity: 1 }],
        note: 'The slats arrived cracked.',
        photoIds: [photo.photoId],
      }),
    );
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

    const move = (action: string) =>
      api<ReturnDetail>(baseUrl, staff(), 'POST', `/admin/returns/${row.id}/transitions`, { action });
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
    const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    expect(await stripe.refunds.retrieve(refunded.body.refundId!)).toMatchObject({
      amount: refunded.body.refundCents,
      payment_intent: order.body.paymentIntentId,
    });

    const mails = await eventually(
      () => mailsFor(baseUrl, returned.shopper.email),
      (found) => found.filter((mail) => mail.subject.includes(submitted.body.returnNumber)).length >= 4,
      10_000,
    );
    expect(
      mails.map((mail) => mail.subject).filter((subject) => subject.includes(submitted.body.returnNumber)),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining('We received'),
        expect.stringContaining('Approved'),
        expect.stringContaining('Received'),
        expect.stringContaining('Refunded'),
      ]),
    );
  });
});

/** The order as staff read it: its lines with the blinds requests hold, its payment and history. */
async function staffOrder(orderId: string): Promise<AdminOrderDetail> {
  return (await api<AdminOrderDetail>(baseUrl, staff(), 'GET', `/admin/orders/${orderId}`)).body;
}

/** What the provider has refunded of the order's charge. */
async function refundedAtProvider(paymentIntentId: string): Promise<number> {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    host: env.STRIPE_API_HOST,
    port: env.STRIPE_API_PORT,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return (
    (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['latest_charge'] }))
      .latest_charge as Stripe.Charge
  ).amount_refunded;
}

async function returnIdOf(returnNumber: string): Promise<string> {
  const listed = await api<ReturnsPage>(baseUrl, staff(), 'GET', '/admin/returns');
  return listed.body.returns.find((candidate) => candidate.returnNumber === returnNumber)!.id;
}

const move = (returnId: string, action: string) =>
  api<ReturnDetail>(baseUrl, staff(), 'POST', `/admin/returns/${returnId}/transitions`, { action });

/** Requests approved and received by staff, each step together, as two staff members might. */
async function received(returnIds: string[]): Promise<void> {
  for (const action of ['approve', 'receive']) {
    for (const moved of await Promise.all(returnIds.map((returnId) => move(returnId, action))))
      expect(moved.status).toBe(200);
  }
}

describe('each blind in one request (issue 24)', () => {
  it('refuses a second return, and a remake, of an order’s only blind, naming the blind; a declined request gives it back', async () => {
    const order = await deliveredOrder(1, 'Kitchen');
    const first = await submit(request(order));
    expect(first).toMatchObject({ status: 201 });
    const line = (await staffOrder(order.orderId)).lines[0]!;
    expect(line.claimedQuantity).toBe(1);
    const taken = {
      status: 409,
      body: { message: `The blind “${blindNameOf(line)}” is already in a return or remake request.` },
    };
    expect(taken.body.message).toMatch(
      /^The blind “Faux Wood Blinds: Standard, .+, 35" W x 60" H, Kitchen” is already/,
    );
    expect(await submit(request(order, { reason: 'defective' }))).toEqual(taken);
    expect(await submit(request(order, { kind: 'remake', reason: 'tooWide' }))).toEqual(taken);

    expect((await move(await returnIdOf(first.body.returnNumber), 'decline')).body.status).toBe('declined');
    expect((await staffOrder(order.orderId)).lines[0]!.claimedQuantity).toBe(0);
    expect(await submit(request(order))).toMatchObject({ status: 201 });
  });

  it('stores one of five requests sent at once for an order’s only blind; the others answer 409 naming it', async () => {
    const order = await deliveredOrder(1);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(request(order))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const line = (await staffOrder(order.orderId)).lines[0]!;
    expect(line.claimedQuantity).toBe(1);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toEqual({
        message: `The blind “${blindNameOf(line)}” is already in a return or remake request.`,
      });
    }
    const stored = (await api<ReturnsPage>(baseUrl, staff(), 'GET', '/admin/returns')).body.returns.filter(
      (row) => row.orderNumber === order.orderNumber,
    );
    expect(stored).toHaveLength(1);
  });
});

describe('refunds never past the payment (issue 24)', () => {
  it('two returns refunded at once refund their blinds; a request stored before blinds were counted is refused its refund before the provider is asked', async () => {
    const order = await deliveredOrder(2);
    const requests = await Promise.all([submit(request(order)), submit(request(order))]);
    expect(requests.map((answer) => answer.status)).toEqual([201, 201]);
    const line = (await staffOrder(order.orderId)).lines[0]!;
    expect(await submit(request(order))).toEqual({
      status: 409,
      body: { message: `All 2 blinds “${blindNameOf(line)}” are already in return or remake requests.` },
    });
    const returnIds = await Promise.all(requests.map((answer) => returnIdOf(answer.body.returnNumber)));
    await received(returnIds);
    const refunds = await Promise.all(returnIds.map((returnId) => move(returnId, 'refund')));
    expect(refunds.map((answer) => answer.body.status)).toEqual(['refunded', 'refunded']);
    const refundedCents = refunds.reduce((sum, answer) => sum + answer.body.refundCents, 0);
    const paid = await staffOrder(order.orderId);
    expect(await refundedAtProvider(paid.paymentIntentId!)).toBe(refundedCents);
    expect(refundedCents).toBeLessThanOrEqual(paid.amountPaidCents!);

    // As the review found it before blinds were counted: the same blind in a third request, which the line does not count.
    const { Item: header } = await localTable().send(
      new GetCommand({ TableName: env.TABLE_NAME, Key: orderKeys(order.orderId) }),
    );
    await localTable().send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: orderLineKeys(order.orderId, 1, header!.lineSet as string),
        UpdateExpression: 'REMOVE claimedQuantity',
      }),
    );
    const duplicate = await submit(request(order));
    expect(duplicate).toMatchObject({ status: 201 });
    const duplicateId = await returnIdOf(duplicate.body.returnNumber);
    await received([duplicateId]);
    // What is left of the payment (its shipping) is less than the blind: the refund does not fit.
    expect(paid.amountPaidCents! - refundedCents).toBeLessThan(refunds[0]!.body.refundCents);
    expect(await move(duplicateId, 'refund')).toEqual({
      status: 409,
      body: { message: RETURN_MESSAGES.refundExceedsPayment },
    });
    expect(await refundedAtProvider(paid.paymentIntentId!)).toBe(refundedCents);
    expect((await api<ReturnDetail>(baseUrl, staff(), 'GET', `/admin/returns/${duplicateId}`)).body.status).toBe(
      'received',
    );
  });

  it('a cancel after a return’s refund refunds only the rest, and a return refunded after it is refused before the provider is asked', async () => {
    const order = await deliveredOrder(2);
    const requests = await Promise.all([submit(request(order)), submit(request(order))]);
    const [firstId, secondId] = await Promise.all(requests.map((answer) => returnIdOf(answer.body.returnNumber)));
    await received([firstId!, secondId!]);
    const first = await move(firstId!, 'refund');
    expect(first.body.status).toBe('refunded');

    // No staff action cancels a delivered order; the bound is the order's whatever leads to a cancel, so the order is put back in processing here.
    await localTable().send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: orderKeys(order.orderId),
        UpdateExpression: 'SET #status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':processing': 'processing' },
      }),
    );
    expect(
      (await api(baseUrl, staff(), 'POST', `/admin/orders/${order.orderId}/transitions`, { action: 'cancel' })).status,
    ).toBe(200);
    const cancelled = await staffOrder(order.orderId);
    const rest = cancelled.amountPaidCents! - first.body.refundCents;
    expect(cancelled.history.filter((entry) => entry.event === 'refunded').map((entry) => entry.note)).toEqual([
      expect.stringContaining(first.body.returnNumber),
      `Refunded ${formatCents(rest)}`,
    ]);
    expect(await refundedAtProvider(cancelled.paymentIntentId!)).toBe(cancelled.amountPaidCents);

    expect(await move(secondId!, 'refund')).toEqual({
      status: 409,
      body: { message: RETURN_MESSAGES.refundExceedsPayment },
    });
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
      expect(await api(baseUrl, customer, method, path, body)).toEqual({
        status: 403,
        body: { message: 'Access denied. Admin privileges required.' },
      });
    }
  });
});

/**
 * Stored uploads checked to the end and served as what they are (issue 24; decision 0036): a return
 * photo with an image's header in front of markup, or markup inside a well-formed image, is refused
 * and deleted from the bucket; a kept photo is stored and linked with the type its bytes showed, as
 * an attachment.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  RETURN_MESSAGES,
  type ReturnDetail,
  type ReturnRequestInput,
  type ReturnsPage,
} from '#domain/returns/return-request';
import { api } from '../support/checkout';
import { fetchFrom } from '../support/client-address';
import { concat, jpegHeaderThenHtml, photoJpeg, photoPng, pngChunk, pngHeaderThenSvg } from '../support/image-files';
import { deliveredOrder, uploadReturnPhoto, type DeliveredOrder } from '../support/returns';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let staffToken: string;
/** Orders of their own for the refused photos and the kept one: a customer may send 5 return requests a day. */
let refusing: DeliveredOrder;
let keeping: DeliveredOrder;
/** This file's customers send from an address of their own, so the per-address limit counts no other file's requests. */
const fetchHere = fetchFrom();

const s3 = () =>
  new S3Client({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
  });

async function submitReturn(order: DeliveredOrder, photoIds: string[]) {
  const body: ReturnRequestInput = {
    orderNumber: order.orderNumber,
    email: order.shopper.email,
    kind: 'return',
    reason: 'damaged',
    lines: [{ position: 1, quantity: 1 }],
    photoIds,
  };
  const response = await fetchHere(`${baseUrl}/api/returns`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
  [refusing, keeping] = await Promise.all([
    deliveredOrder(baseUrl, staffToken, 1),
    deliveredOrder(baseUrl, staffToken, 1),
  ]);
});

describe('return photos', () => {
  it.each([
    ['a JPEG header followed by HTML', jpegHeaderThenHtml(), 'image/jpeg'],
    ['a PNG header followed by SVG with onload', pngHeaderThenSvg(), 'image/png'],
    [
      'a whole PNG carrying SVG in a text chunk',
      photoPng([pngChunk('tEXt', concat(['Comment\0', '<svg/onload=alert(1)>']))]),
      'image/png',
    ],
    [
      'a whole JPEG with a page after its end',
      concat([photoJpeg(), '<!doctype html><script>alert(1)</script>']),
      'image/jpeg',
    ],
  ])('refuses %s and deletes it from the bucket', async (_name, bytes, contentType) => {
    const upload = await uploadReturnPhoto(baseUrl, bytes, contentType);
    const answer = await submitReturn(refusing, [upload.photoId]);
    expect(answer).toEqual({
      status: 400,
      body: { message: RETURN_MESSAGES.photoNotImage, fieldErrors: { 'photoIds.0': RETURN_MESSAGES.photoNotImage } },
    });
    await expect(
      s3().send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: upload.fields.key! })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('keeps a whole photo with the type its bytes showed, whatever the browser said, and links it as an attachment of that type', async () => {
    const png = photoPng();
    const upload = await uploadReturnPhoto(baseUrl, png, 'image/jpeg');
    const submitted = await submitReturn(keeping, [upload.photoId]);
    expect(submitted.status).toBe(201);

    const kept = await s3().send(
      new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: `returns/photos/${upload.photoId}` }),
    );
    expect({ type: kept.ContentType, disposition: kept.ContentDisposition }).toEqual({
      type: 'image/png',
      disposition: 'attachment',
    });

    const staff = { accessToken: staffToken };
    const listed = await api<ReturnsPage>(baseUrl, staff, 'GET', '/admin/returns?status=requested');
    const row = listed.body.returns.find((candidate) => candidate.returnNumber === submitted.body.returnNumber)!;
    const detail = await api<ReturnDetail>(baseUrl, staff, 'GET', `/admin/returns/${row.id}`);
    const photo = await fetch(detail.body.photoUrls[0]!);
    expect({ type: photo.headers.get('content-type'), disposition: photo.headers.get('content-disposition') }).toEqual({
      type: 'image/png',
      disposition: 'attachment',
    });
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(png);
  });
});

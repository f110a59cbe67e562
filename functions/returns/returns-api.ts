/**
 * The public routes of the Returns page's request form: a presigned upload form per photo, and the
 * request itself, which names the order by its number and e-mail as order tracking does (the same
 * answer for a wrong number and a wrong e-mail, so another customer's order cannot be reached or
 * even confirmed), is held to the terms (domain/returns) and checks each photo's real type.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { imageTypeOf, type ImageType } from '#domain/image-file';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { trackingMatches } from '#domain/orders/views';
import {
  alreadyClaimedMessage,
  decideTerms,
  refundCentsOf,
  RETURN_MESSAGES,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTO_PREFIX,
  RETURN_PHOTO_UPLOAD_PREFIX,
  RETURN_UPLOAD_SECONDS,
  RETURN_UPLOADS_PER_ADDRESS,
  returnLinesOf,
  returnNumber,
  returnRequestSchema,
  returnUploadRequestSchema,
  unclaimedQuantityOf,
  type ReturnRecord,
  type ReturnSubmitted,
  type ReturnUpload,
} from '#domain/returns/return-request';
import { RemakeRequested, ReturnRequested } from '#events/returns';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { httpHandler, HttpError, json, parseBody } from '../lib/http';
import { limitAttempt, limitAttemptFromAddress } from '../lib/rate-limit';
import { copyUpload, deleteUpload, presignedUpload, readStoredUpload } from '../lib/uploads';
import { orderIdByNumber } from '../orders/order-lookup-store';
import { readOrder, type StoredOrder } from '../orders/order-store';
import { insertReturn, remakeTaken } from './return-store';

/** Where a return photo is uploaded: its id is the only name the browser knows it by. */
export function returnPhotoUploadKey(photoId: string): string {
  return `${RETURN_PHOTO_UPLOAD_PREFIX}${photoId}`;
}

/** Where the photo of a saved request is kept. */
export function returnPhotoKey(photoId: string): string {
  return `${RETURN_PHOTO_PREFIX}${photoId}`;
}

/** POST /api/returns/uploads: a presigned POST for one photo, bounded to its type and 10 MB. */
export const createReturnPhotoUpload = httpHandler(async (event) => {
  const request = parseBody(event, returnUploadRequestSchema);
  await limitAttemptFromAddress(event, 'returnUpload', RETURN_UPLOADS_PER_ADDRESS);
  const photoId = randomUUID();
  const upload = await presignedUpload(
    returnPhotoUploadKey(photoId),
    request.contentType,
    RETURN_PHOTO_MAX_BYTES,
    RETURN_UPLOAD_SECONDS,
  );
  return json(200, { photoId, ...upload } satisfies ReturnUpload);
});

interface CheckedPhoto {
  photoId: string;
  type: ImageType;
  versionId?: string;
}

/**
 * Each named photo as stored: present, within the size, and a whole image by its bytes to the end
 * (domain/image-file.ts). A file that is not is deleted at once; the request is refused naming the
 * photo's field.
 */
async function checkedPhotos(photoIds: string[]): Promise<CheckedPhoto[]> {
  const photos: CheckedPhoto[] = [];
  for (const [index, photoId] of photoIds.entries()) {
    const key = returnPhotoUploadKey(photoId);
    // One byte more than allowed is enough to know the file is too large.
    const stored = await readStoredUpload(key, RETURN_PHOTO_MAX_BYTES + 1);
    const field = `photoIds.${index}`;
    if (!stored) throw new HttpError(400, RETURN_MESSAGES.photoMissing, { [field]: RETURN_MESSAGES.photoMissing });
    const type = stored.size > RETURN_PHOTO_MAX_BYTES ? null : imageTypeOf(stored.head);
    if (!type) {
      await deleteUpload(key, stored.versionId);
      const message = stored.size > RETURN_PHOTO_MAX_BYTES ? RETURN_MESSAGES.photoSize : RETURN_MESSAGES.photoNotImage;
      throw new HttpError(400, message, { [field]: message });
    }
    photos.push({ photoId, type, versionId: stored.versionId });
  }
  return photos;
}

/** Copies checked photos out of the pending prefix (whose lifecycle rule would expire them) to where requests keep them. */
async function keepPhotos(photos: CheckedPhoto[]): Promise<string[]> {
  for (const photo of photos) {
    await copyUpload(returnPhotoUploadKey(photo.photoId), returnPhotoKey(photo.photoId), photo.type);
    await deleteUpload(returnPhotoUploadKey(photo.photoId), photo.versionId);
  }
  return photos.map((photo) => returnPhotoKey(photo.photoId));
}

/** A request that lost the last blinds of a line to another one is tried again only if some were given back meanwhile (a decline). */
const STORE_ATTEMPTS = 3;

/**
 * Stores the request with its blinds taken from the order's lines, and its events. When another
 * request took the last of a line's blinds first, the line is read again: 409 naming the blind,
 * unless a decline gave enough back meanwhile, when the request is stored on another try.
 */
async function storeReturn(record: ReturnRecord, order: StoredOrder, events: OutboxEvent[]): Promise<void> {
  let lines = order.lines;
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await insertReturn(record, { lineSet: order.lineSet, lines }, events);
    if (outcome.kind === 'stored') return;
    if (outcome.kind === 'remakeTaken') throw new HttpError(409, RETURN_MESSAGES.remakeUsed);
    lines = (await readOrder(order.id))!.order.lines;
    const line = lines.find((candidate) => candidate.position === outcome.position)!;
    const wanted = record.lines.find((candidate) => candidate.position === outcome.position)!.quantity;
    if (wanted > unclaimedQuantityOf(line) || attempt >= STORE_ATTEMPTS)
      throw new HttpError(409, alreadyClaimedMessage(line));
  }
}

/** POST /api/returns: a return or Fit Assurance remake of a delivered order. */
export const submitReturn = httpHandler(async (event) => {
  const request = parseBody(event, returnRequestSchema);
  await limitAttempt(event, 'returnRequest', request.email);
  const orderId = await orderIdByNumber(request.orderNumber);
  const found = orderId ? await readOrder(orderId) : undefined;
  if (!found || !trackingMatches(found.order, request.email)) throw new HttpError(404, ORDER_MESSAGES.trackingNotFound);
  const { order } = found;
  const now = new Date(event.requestContext.timeEpoch);
  const terms = decideTerms(order, request, {
    now,
    remakeTaken: request.kind === 'remake' && (await remakeTaken(order.id)),
  });
  if (!terms.ok)
    throw new HttpError(
      terms.field ? 400 : 409,
      terms.reason,
      terms.field ? { [terms.field]: terms.reason } : undefined,
    );
  const photoKeys = await keepPhotos(await checkedPhotos(request.photoIds));
  const at = now.toISOString();
  const record: ReturnRecord = {
    id: randomUUID(),
    returnNumber: returnNumber(randomBytes(6)),
    kind: request.kind,
    status: 'requested',
    reason: request.reason,
    note: request.note,
    orderId: order.id,
    orderNumber: order.orderNumber,
    customer: { name: order.customer.name, email: order.customer.email },
    lines: returnLinesOf(order.lines, request.lines),
    linesClaimed: true,
    photoKeys,
    refundCents: refundCentsOf(order, request.kind, request.lines),
    refundId: null,
    history: [{ at, status: 'requested', by: null, note: request.note }],
    createdAt: at,
    updatedAt: at,
  };
  const {
    photoKeys: _keys,
    history: _history,
    status: _status,
    refundId: _refundId,
    createdAt: _created,
    updatedAt: _updated,
    id,
    ...snapshot
  } = record;
  await storeReturn(record, order, [
    outboxEvent(record.kind === 'remake' ? RemakeRequested : ReturnRequested, {
      ...snapshot,
      returnId: id,
      photoCount: photoKeys.length,
      requestedAt: at,
    }),
  ]);
  return json(201, {
    returnNumber: record.returnNumber,
    kind: record.kind,
    status: record.status,
  } satisfies ReturnSubmitted);
});

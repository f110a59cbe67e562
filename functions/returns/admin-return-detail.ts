/** One return request for staff, with links to its photos (GET /api/admin/returns/{returnId}, and the answer of moving one). */
import { RETURN_MESSAGES, returnIdSchema, type ReturnDetail, type ReturnRecord } from '#domain/returns/return-request';
import { httpHandler, HttpError, json, type HttpEvent } from '../lib/http';
import { uploadLink } from '../lib/uploads';
import { readReturn } from './return-store';

/** Long enough to look at the photos while deciding, short enough that a copied link soon stops working. */
const PHOTO_LINK_SECONDS = 15 * 60;

export async function returnOfPath(event: HttpEvent): Promise<ReturnRecord> {
  const returnId = returnIdSchema.safeParse(event.pathParameters?.returnId);
  const found = returnId.success ? await readReturn(returnId.data) : undefined;
  if (!found) throw new HttpError(404, RETURN_MESSAGES.notFound);
  return found;
}

export async function detailOf(record: ReturnRecord): Promise<ReturnDetail> {
  const { photoKeys, ...rest } = record;
  return { ...rest, photoUrls: await Promise.all(photoKeys.map((key) => uploadLink(key, PHOTO_LINK_SECONDS))) };
}

/** GET /api/admin/returns/{returnId} */
export const getReturnRequest = httpHandler(async (event) => {
  return json(200, await detailOf(await returnOfPath(event)));
});

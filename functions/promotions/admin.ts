/**
 * The staff routes of the Promotions tab: make a promotion (a code, or an automatic sale), list
 * them with what each has done, read, change and end one. Customers' use of them: checkout.
 */
import { randomUUID } from 'node:crypto';
import { NotFound } from '#domain/errors';
import { PROMOTION_MESSAGES, type Promotion } from '#domain/promotions/promotion';
import { promotionInputSchema } from '#domain/promotions/promotion-schema';
import { staffCaller } from '../lib/caller';
import { httpHandler, json, parseBody, type HttpEvent } from '../lib/http';
import { createPromotion, endPromotion, listPromotions, readPromotion, updatePromotion } from './promotion-store';

async function promotionOfPath(event: HttpEvent): Promise<Promotion> {
  const id = event.pathParameters?.promotionId ?? '';
  const found = /^[\w-]{1,100}$/.test(id) ? await readPromotion(id) : undefined;
  if (!found) throw new NotFound(PROMOTION_MESSAGES.notFound);
  return found;
}

/** GET /api/admin/promotions */
export const listPromotionsForStaff = httpHandler(async () => {
  return json(200, { promotions: await listPromotions() });
});

/** POST /api/admin/promotions */
export const createPromotionForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const input = parseBody(event, promotionInputSchema);
  const now = new Date().toISOString();
  const promotion: Promotion = {
    id: randomUUID(),
    ...input,
    onlyClientId: null,
    redeemedCount: 0,
    paidCount: 0,
    revenueCents: 0,
    endedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await createPromotion(promotion, staff.userId);
  return json(201, promotion);
});

/** GET /api/admin/promotions/{promotionId} */
export const readPromotionForStaff = httpHandler(async (event) => {
  return json(200, await promotionOfPath(event));
});

/** PATCH /api/admin/promotions/{promotionId}: the whole of its terms and limits; its code stays. */
export const updatePromotionForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const promotion = await promotionOfPath(event);
  const { code: _code, ...input } = parseBody(event, promotionInputSchema);
  return json(200, await updatePromotion(promotion, input, new Date(), staff.userId));
});

/** POST /api/admin/promotions/{promotionId}/end */
export const endPromotionForStaff = httpHandler(async (event) => {
  const staff = staffCaller(event);
  const promotion = await promotionOfPath(event);
  return json(200, await endPromotion(promotion, new Date(), staff.userId));
});

/** The promotion admin routes (docs/decisions/0053-promotions.md); each sends the signed-in staff member's access token. */
import * as z from 'zod';
import type { Promotion } from '#domain/promotions/promotion';
import { promotionSchema, type PromotionInput } from '#domain/promotions/promotion-schema';
import { apiRequest } from '../../api/client';

const promotionListSchema = z.object({ promotions: z.array(promotionSchema) });
const promotionPath = (promotionId: string) => `/admin/promotions/${encodeURIComponent(promotionId)}`;

/** Every promotion, newest first, with its redemptions and the revenue it touched. */
export async function fetchPromotions({ signal }: { signal?: AbortSignal } = {}): Promise<Promotion[]> {
  return promotionListSchema.parse(await apiRequest('/admin/promotions', { auth: true, signal })).promotions;
}

/** Rejects with an ApiError 400 whose fieldErrors name the fields, or 409 naming `code` when another promotion has it. */
export async function createPromotion(input: PromotionInput): Promise<Promotion> {
  return promotionSchema.parse(await apiRequest('/admin/promotions', { method: 'POST', body: input, auth: true }));
}

/** The whole of its terms and limits; the server keeps its code. */
export async function updatePromotion(promotionId: string, input: PromotionInput): Promise<Promotion> {
  return promotionSchema.parse(
    await apiRequest(promotionPath(promotionId), { method: 'PATCH', body: input, auth: true }),
  );
}

/** Ends it now; rejects 409 when it has already ended. */
export async function endPromotion(promotionId: string): Promise<Promotion> {
  return promotionSchema.parse(await apiRequest(`${promotionPath(promotionId)}/end`, { method: 'POST', auth: true }));
}

/**
 * Days staff close the shop beyond its holidays (a stock-taking day, a storm): the list the admin
 * keeps and the calendar reads. Replaced whole by staff; past days may stay, they change nothing.
 */
import * as z from 'zod';
import { singleLineText } from '../text';
import { isoDateSchema } from './estimate-schema';

export const MAX_SHOP_CLOSURES = 60;
export const CLOSURE_REASON_MAX_LENGTH = 80;

export const shopClosureSchema = z.object({
  date: isoDateSchema,
  reason: singleLineText('Reason').max(
    CLOSURE_REASON_MAX_LENGTH,
    `Reason must be at most ${CLOSURE_REASON_MAX_LENGTH} characters.`,
  ),
});
export type ShopClosure = z.infer<typeof shopClosureSchema>;

/** Body of PUT /api/admin/shop-closures and 200 of both routes. */
export const shopClosuresSchema = z.object({
  closures: z
    .array(shopClosureSchema)
    .max(MAX_SHOP_CLOSURES, `At most ${MAX_SHOP_CLOSURES} closed days can be listed.`)
    .refine(
      (closures) => new Set(closures.map((closure) => closure.date)).size === closures.length,
      'Each date can be listed once.',
    ),
});
export type ShopClosures = z.infer<typeof shopClosuresSchema>;

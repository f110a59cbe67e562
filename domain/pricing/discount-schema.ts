/** A discount's record as the API, the table and the events validate it (discounts.ts has the rules). */
import * as z from 'zod';
import { FAMILY_IDS } from '../catalogue/families';
import { DISCOUNT_KINDS, type Discount } from './discounts';

export const discountSchema = z.object({
  kind: z.enum(DISCOUNT_KINDS),
  label: z.string().max(40),
  cents: z.number().int().positive(),
  families: z.array(z.enum(FAMILY_IDS)).optional(),
}) satisfies z.ZodType<Discount>;

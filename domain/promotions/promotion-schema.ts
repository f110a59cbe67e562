/** What staff send to make or change a promotion, what a customer sends as a code, and what the API answers (rules: promotion.ts). */
import * as z from 'zod';
import { isCalendarDate } from '../appointments/schedule';
import { FAMILY_IDS } from '../catalogue/families';
import { singleLineText } from '../text';
import {
  normalizedCode,
  PROMOTION_CODE_PATTERN,
  PROMOTION_KINDS,
  PROMOTION_MAX_PERCENT,
  PROMOTION_MESSAGES,
  PROMOTION_NAME_MAX_LENGTH,
  type Promotion,
  type PromotionTerms,
} from './promotion';

const CODE_MESSAGE = 'Code must be 3 to 20 letters, digits or hyphens.';

/** A code as a customer types it: any case, spaces around it ignored. */
export const promoCodeSchema = z
  .string({ error: PROMOTION_MESSAGES.unknownCode })
  .transform(normalizedCode)
  .refine((code) => PROMOTION_CODE_PATTERN.test(code), PROMOTION_MESSAGES.unknownCode);

const calendarDate = (label: string) =>
  z.string({ error: `${label} is required.` }).refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD).`);

const count = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(1_000_000, `${label} is too large.`);

/** POST /api/admin/promotions (and the whole of a PATCH): every field named when it is wrong. */
export const promotionInputSchema = z
  .object({
    code: z
      .string({ error: CODE_MESSAGE })
      .transform(normalizedCode)
      .refine((code) => code === '' || PROMOTION_CODE_PATTERN.test(code), CODE_MESSAGE)
      .nullish()
      .transform((code) => code || null),
    name: singleLineText('Name', { error: 'Name is required.' })
      .min(1, 'Name is required.')
      .max(PROMOTION_NAME_MAX_LENGTH, `Name must be at most ${PROMOTION_NAME_MAX_LENGTH} characters.`),
    kind: z.enum(PROMOTION_KINDS, { error: 'Kind must be percent or amount.' }),
    percent: count('Percent', 1)
      .max(PROMOTION_MAX_PERCENT, `Percent must be at most ${PROMOTION_MAX_PERCENT}.`)
      .nullish(),
    amountCents: z
      .number({ error: 'Amount must be a number of cents.' })
      .int('Amount must be whole cents.')
      .min(1, 'Amount must be at least $0.01.')
      .max(10_000_000, 'Amount must be at most $100,000.00.')
      .nullish(),
    minBlinds: count('Minimum blinds', 0).default(0),
    minSubtotalCents: count('Minimum subtotal', 0).default(0),
    families: z.array(z.enum(FAMILY_IDS, { error: 'Please choose products from the list.' })).default([]),
    startsOn: calendarDate('Start date'),
    endsOn: calendarDate('End date'),
    maxRedemptions: count('Total redemptions', 1)
      .nullish()
      .transform((value) => value ?? null),
    perCustomerLimit: count('Redemptions per customer', 1)
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((input, context) => {
    if (input.kind === 'percent' && !input.percent)
      context.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'Percent is required for a percent-off promotion.',
      });
    if (input.kind === 'amount' && !input.amountCents)
      context.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: 'Amount is required for an amount-off promotion.',
      });
    if (input.endsOn < input.startsOn)
      context.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date must be on or after the start date.' });
  })
  .transform((input) => ({
    ...input,
    families: [...new Set(input.families)],
    percent: input.kind === 'percent' ? (input.percent ?? null) : null,
    amountCents: input.kind === 'amount' ? (input.amountCents ?? null) : null,
  }));
export type PromotionInput = z.output<typeof promotionInputSchema>;
export type PromotionRequest = z.input<typeof promotionInputSchema>;

export const promotionTermsSchema = z.object({
  id: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  percent: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  minBlinds: z.number().int(),
  minSubtotalCents: z.number().int(),
  families: z.array(z.enum(FAMILY_IDS)),
  startsOn: z.string(),
  endsOn: z.string(),
}) satisfies z.ZodType<PromotionTerms>;

export const promotionSchema = promotionTermsSchema.extend({
  maxRedemptions: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  redeemedCount: z.number().int(),
  paidCount: z.number().int(),
  revenueCents: z.number().int(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Promotion>;

/** GET /api/promotions/sales: the automatic sales in effect today, for the banner. */
export const salesResponseSchema = z.object({ sales: z.array(promotionTermsSchema) });
export type SalesResponse = z.infer<typeof salesResponseSchema>;

/**
 * The code the cart or checkout was given, and what became of it: applied, outdone by a sale that
 * saves more, or refused; `message` says why it is not applied.
 */
export const appliedCodeSchema = z.object({
  code: z.string(),
  status: z.enum(['applied', 'outdone', 'refused']),
  message: z.string().nullable(),
});
export type AppliedCode = z.infer<typeof appliedCodeSchema>;

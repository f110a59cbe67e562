/** What a customer sends to ask for a price match, what staff send to decide it, and what the API answers (rules: price-match.ts). */
import * as z from 'zod';
import { configurationSchema } from '../pricing/configuration';
import { multiLineText, singleLineText } from '../text';
import {
  COMPETITOR_NAME_MAX_LENGTH,
  COMPETITOR_PRICE_MAX_DOLLARS,
  COMPETITOR_URL_MAX_LENGTH,
  DECLINE_REASON_MAX_LENGTH,
  PRICE_MATCH_NOTE_MAX_LENGTH,
  PRICE_MATCH_STATUSES,
  type CustomerPriceMatch,
  type PriceMatchRecord,
} from './price-match';

const PRICE_MESSAGE = "Please enter the competitor's price for one blind in dollars, like 41.40.";
const URL_MESSAGE = "Please enter the link to the competitor's price, starting with https://.";

/** Dollars and cents as a JSON number: more than zero, at most two decimals. */
const competitorPriceSchema = z
  .number({ error: PRICE_MESSAGE })
  .positive(PRICE_MESSAGE)
  .max(COMPETITOR_PRICE_MAX_DOLLARS, PRICE_MESSAGE)
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, PRICE_MESSAGE);

/** A public https page: no credentials in it. Nothing fetches it: staff open it in their browser. */
const competitorUrlSchema = singleLineText('Link', { error: URL_MESSAGE })
  .max(COMPETITOR_URL_MAX_LENGTH, 'Please enter a shorter link.')
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && url.hostname.includes('.') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, URL_MESSAGE);

/** The request dialog's fields: what the customer found, for the configuration on their screen. */
export const competitorOfferSchema = z.object({
  competitorName: singleLineText('Competitor', { error: "Please enter the competitor's name." })
    .min(1, "Please enter the competitor's name.")
    .max(
      COMPETITOR_NAME_MAX_LENGTH,
      `Please keep the competitor's name within ${COMPETITOR_NAME_MAX_LENGTH} characters.`,
    ),
  competitorPrice: competitorPriceSchema,
  competitorUrl: competitorUrlSchema,
  note: multiLineText('Note')
    .max(PRICE_MATCH_NOTE_MAX_LENGTH, `Please keep the note within ${PRICE_MATCH_NOTE_MAX_LENGTH} characters.`)
    .default(''),
});
export type CompetitorOfferInput = z.input<typeof competitorOfferSchema>;

/** POST /api/price-matches: the configuration as the cart takes it (the server prices it) and the competitor's offer. */
export const priceMatchRequestSchema = competitorOfferSchema.extend({ configuration: configurationSchema });
export type PriceMatchRequestInput = z.input<typeof priceMatchRequestSchema>;

/** POST /api/admin/price-matches/{priceMatchId}/decision: approve, or decline with the reason the customer is mailed. */
export const priceMatchDecisionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve') }),
    z.object({
      action: z.literal('decline'),
      reason: multiLineText('Reason', { error: 'Please give the reason for declining.' })
        .min(1, 'Please give the reason for declining.')
        .max(DECLINE_REASON_MAX_LENGTH, `Please keep the reason within ${DECLINE_REASON_MAX_LENGTH} characters.`),
    }),
  ],
  { error: 'Please choose approve or decline.' },
);
export type PriceMatchDecision = z.input<typeof priceMatchDecisionSchema>;

/** Staff's lists: the requests waiting for review (oldest first), or those decided (newest first). */
export const PRICE_MATCH_LISTS = ['requested', 'decided'] as const;
export type PriceMatchList = (typeof PRICE_MATCH_LISTS)[number];

export const adminPriceMatchesQuerySchema = z.object({
  list: z.enum(PRICE_MATCH_LISTS, { error: 'Please choose requested or decided.' }).default('requested'),
  cursor: z.string().min(1).max(2048).optional(),
});

export const priceMatchIdSchema = z.uuid();

const priceMatchCodeSchema = z.object({
  promotionId: z.string(),
  code: z.string(),
  amountCents: z.number().int(),
  endsOn: z.string(),
});

export const priceMatchRecordSchema = z.object({
  id: z.string(),
  status: z.enum(PRICE_MATCH_STATUSES),
  clientId: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  configuration: configurationSchema,
  title: z.string(),
  description: z.array(z.string()),
  ourUnitCents: z.number().int(),
  competitorName: z.string(),
  competitorUnitCents: z.number().int(),
  competitorUrl: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  declineReason: z.string().nullable(),
  code: priceMatchCodeSchema.nullable(),
}) satisfies z.ZodType<PriceMatchRecord, unknown>;

/** 200 of GET /api/admin/price-matches: a page of one list. */
export const priceMatchesPageSchema = z.object({
  priceMatches: z.array(priceMatchRecordSchema),
  nextCursor: z.string().nullable(),
});
export type PriceMatchesPage = z.infer<typeof priceMatchesPageSchema>;

/** 200 of GET /api/price-matches: the customer's own requests, newest first. */
export const customerPriceMatchesSchema = z.object({
  priceMatches: z.array(
    priceMatchRecordSchema.omit({ clientId: true, customer: true, decidedBy: true }) satisfies z.ZodType<
      CustomerPriceMatch,
      unknown
    >,
  ),
});
export type CustomerPriceMatches = z.infer<typeof customerPriceMatchesSchema>;

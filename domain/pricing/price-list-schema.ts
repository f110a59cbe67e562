/** What staff send to set a client's price list, and what the API answers (rules: price-list.ts). */
import * as z from 'zod';
import { isCalendarDate } from '../appointments/schedule';
import { FAMILIES, FAMILY_IDS, SERIES_IDS } from '../catalogue/families';
import { MAX_PERCENT_OFF, type ClientPriceList, type PriceList } from './price-list';

const PERCENT_MESSAGE = `Percent off must be a number from 0 to ${MAX_PERCENT_OFF}, with at most two decimals.`;

const percentOff = z
  .number({ error: PERCENT_MESSAGE })
  .min(0, PERCENT_MESSAGE)
  .max(MAX_PERCENT_OFF, PERCENT_MESSAGE)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, PERCENT_MESSAGE);

const family = z.enum(FAMILY_IDS, { error: 'Please choose a product from the list.' });

const calendarDate = (label: string) =>
  z.string({ error: `${label} is required.` }).refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD).`);

/** PUT /api/admin/clients/{clientId}/price-list: every bad field named (`families.0.percentOff`, `endsOn`). */
export const clientPriceListInputSchema = z
  .object({
    families: z.array(z.object({ family, percentOff })).max(FAMILY_IDS.length),
    series: z.array(z.object({ family, series: z.string({ error: 'Please choose a series.' }), percentOff })).max(20),
    startsOn: calendarDate('Start date'),
    endsOn: calendarDate('End date'),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.families.forEach((row, index) => {
      if (seen.has(row.family))
        context.addIssue({
          code: 'custom',
          path: ['families', index, 'family'],
          message: `${FAMILIES[row.family].name} is listed twice.`,
        });
      seen.add(row.family);
    });
    const seenSeries = new Set<string>();
    input.series.forEach((row, index) => {
      const key = `${row.family}/${row.series}`;
      if (!(SERIES_IDS[row.family] as readonly string[]).includes(row.series))
        context.addIssue({
          code: 'custom',
          path: ['series', index, 'series'],
          message: `Please choose a series of ${FAMILIES[row.family].name}.`,
        });
      else if (seenSeries.has(key))
        context.addIssue({
          code: 'custom',
          path: ['series', index, 'series'],
          message: 'This series is listed twice.',
        });
      seenSeries.add(key);
    });
    if (input.endsOn < input.startsOn)
      context.addIssue({ code: 'custom', path: ['endsOn'], message: 'End date must be on or after the start date.' });
  });
export type ClientPriceListInput = z.output<typeof clientPriceListInputSchema>;

export const clientPriceListSchema = z.object({
  families: z.array(z.object({ family: z.enum(FAMILY_IDS), percentOff: z.number() })),
  series: z.array(z.object({ family: z.enum(FAMILY_IDS), series: z.string(), percentOff: z.number() })),
  startsOn: z.string(),
  endsOn: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ClientPriceList>;

/** GET /api/admin/clients/{clientId}/price-list: the client's terms, or null when staff gave none. */
export const clientPriceListResponseSchema = z.object({ priceList: clientPriceListSchema.nullable() });

export const priceListSchema = z.object({
  families: z.partialRecord(z.enum(FAMILY_IDS), z.number().int()),
  series: z.partialRecord(z.enum(FAMILY_IDS), z.record(z.string(), z.number().int())),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
}) satisfies z.ZodType<PriceList>;

/** GET /api/price-list: the caller's contract prices in effect today, or null (list prices). */
export const buyerPriceListResponseSchema = z.object({ priceList: priceListSchema.nullable() });
export type BuyerPriceListResponse = z.infer<typeof buyerPriceListResponseSchema>;

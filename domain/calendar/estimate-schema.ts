/**
 * The dates an order is promised, as the checkout quote, the order and the estimate route carry
 * them (calendar.ts computes them). Apart from the calendar so the checkout and order schemas
 * reach it without the rules.
 */
import * as z from 'zod';
import { isCalendarDate } from '../appointments/schedule';
import { FAMILY_IDS } from '../catalogue/families';
import { DELIVERY_ZONES } from './lead-times';

/** A calendar date written YYYY-MM-DD. */
export const isoDateSchema = z.string().refine(isCalendarDate, 'Must be a date (YYYY-MM-DD).');

/** The last day the order ships and the last day it arrives. */
export const deliveryEstimateSchema = z.object({ shipsBy: isoDateSchema, deliveredBy: isoDateSchema });
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/** Query of GET /api/delivery-estimate: the families of the blinds (comma-separated) and where they go (DFW unless said). */
export const deliveryEstimateQuerySchema = z.object({
  families: z
    .string({ error: 'families is required.' })
    .transform((text) => text.split(','))
    .pipe(z.array(z.enum(FAMILY_IDS, 'families must be product families.')).min(1).max(FAMILY_IDS.length)),
  zone: z.enum(DELIVERY_ZONES, 'zone must be dfw, texas or elsewhere.').default('dfw'),
});

/** 200 of GET /api/delivery-estimate. */
export const deliveryEstimateResponseSchema = z.object({
  zone: z.enum(DELIVERY_ZONES),
  estimate: deliveryEstimateSchema,
});
export type DeliveryEstimateResponse = z.infer<typeof deliveryEstimateResponseSchema>;

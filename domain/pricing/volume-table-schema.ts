/** What staff send to save a volume table (rules: volume-tables.ts, discounts.ts). */
import * as z from 'zod';
import { isCalendarDate } from '../appointments/schedule';
import { DISCOUNT_CEILING_PERCENT } from './discounts';
import { MAX_QUANTITY } from './quantity';

export const MAX_VOLUME_TIERS = 6;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${max}.`);

/** POST /api/admin/volume-tiers: each tier needs more blinds and gives more off than the one before. */
export const volumeTableInputSchema = z
  .object({
    tiers: z
      .array(
        z.object({
          minBlinds: whole('Minimum blinds', 2, MAX_QUANTITY),
          percent: whole('Percent off', 1, DISCOUNT_CEILING_PERCENT),
        }),
        { error: 'Please give the tiers.' },
      )
      .min(1, 'Please give at least one tier.')
      .max(MAX_VOLUME_TIERS, `A table has at most ${MAX_VOLUME_TIERS} tiers.`),
    effectiveFrom: z
      .string({ error: 'Effective date is required.' })
      .refine(isCalendarDate, 'Effective date must be a date (YYYY-MM-DD).'),
  })
  .superRefine(({ tiers }, context) => {
    tiers.forEach((tier, index) => {
      const before = tiers[index - 1];
      if (!before) return;
      if (tier.minBlinds <= before.minBlinds)
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'minBlinds'],
          message: 'Each tier must start at more blinds than the one before.',
        });
      if (tier.percent <= before.percent)
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'percent'],
          message: 'Each tier must give more off than the one before.',
        });
    });
  });
export type VolumeTableInput = z.output<typeof volumeTableInputSchema>;

import * as z from 'zod';
import { GRID_KINDS } from '#domain/catalogue/grids/types';
import { declare } from './declaration';

/** Staff replaced a price grid; the shop prices with it within a minute (grid cache). */
export const PriceGridReplaced = declare({
  name: 'PriceGridReplaced',
  version: 1,
  detail: z.object({
    kind: z.enum(GRID_KINDS),
    version: z.string(),
    previousVersion: z.string().nullable(),
    rowCount: z.number().int().positive(),
    uploadedBy: z.string(),
    uploadedAt: z.iso.datetime(),
  }),
  consumers: [],
});

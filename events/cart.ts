import * as z from 'zod';
import { declare } from './declaration';

/** A configuration was added to a cart (or added to the quantity of its line), priced by the server. */
export const CartItemAdded = declare({
  name: 'CartItemAdded',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    lineId: z.string(),
    clientId: z.string().nullable(),
    family: z.string(),
    series: z.string(),
    quantityAdded: z.number().int().positive(),
    unitCents: z.number().int().nonnegative(),
    addedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/** A cart became abandoned: idle for 24 hours, replaced by a new cart of its session, or its client signed out. */
export const CartAbandoned = declare({
  name: 'CartAbandoned',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    clientId: z.string().nullable(),
    reason: z.enum(['idle', 'replaced', 'signed-out']),
    lastUpdatedAt: z.iso.datetime(),
    abandonedAt: z.iso.datetime(),
  }),
  consumers: [],
});

import * as z from 'zod';
import { declare } from './declaration';

/** What a cart line got in one add: its blind, how many more of it, and the server's unit price. */
const addedLine = z.object({
  lineId: z.string(),
  family: z.string(),
  series: z.string(),
  quantityAdded: z.number().int().positive(),
  unitCents: z.number().int().nonnegative(),
});

/** A configuration was added to a cart (or added to the quantity of its line), priced by the server. */
export const CartItemAdded = declare({
  name: 'CartItemAdded',
  version: 1,
  detail: addedLine.extend({
    cartId: z.string(),
    clientId: z.string().nullable(),
    addedAt: z.iso.datetime(),
  }),
  consumers: [],
});

/**
 * Many blinds were added to a cart at once by the server (a property's windows, an order or windows
 * bought again): one event for the add, its lines in it (at most 1,000, about 110 KB), rather than a
 * CartItemAdded for each, which would make one click a thousand events and webhook deliveries.
 */
export const CartItemsAdded = declare({
  name: 'CartItemsAdded',
  version: 1,
  detail: z.object({
    cartId: z.string(),
    clientId: z.string().nullable(),
    lines: z.array(addedLine),
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

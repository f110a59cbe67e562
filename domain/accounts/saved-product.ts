import * as z from 'zod';
import { configurationSchema, type Configuration } from '../pricing/configuration';
import { normalizeQuantity } from '../pricing/dimensions';
import { singleLineText } from '../text';

/**
 * A configuration a client saved from a configurator, to add to the cart later from My Account. Its
 * price is recomputed from the current grids every time it is shown or added; the price when saved
 * is kept for reference.
 */
export interface SavedProduct {
  id: string;
  name: string;
  /** Saved with quantity 1: the quantity is chosen per row on My Account. */
  configuration: Configuration;
  /** The unit price computed by the server when saved, integer cents. */
  savedUnitCents: number;
  createdAt: string;
  updatedAt: string;
}

/** A saved product as My Account lists it: priced now, and spelled out like a cart line. */
export interface SavedProductView extends SavedProduct {
  /** The unit price the client pays now: the current grids' price, at their contract price if they have one; null when the grids can no longer price it. */
  unitCents: number | null;
  /** The grids' list price, shown struck through where a contract makes `unitCents` lower. */
  listUnitCents: number | null;
  priceError: string | null;
  title: string;
  description: string[];
}

export const SAVED_PRODUCT_NAME_MAX = 120;

export const savedProductNameSchema = singleLineText('Name', { error: 'Please enter a name for this configuration.' })
  .min(1, 'Please enter a name for this configuration.')
  .max(SAVED_PRODUCT_NAME_MAX, `The name can be at most ${SAVED_PRODUCT_NAME_MAX} characters.`);

/** POST /api/saved-products: a name and a configuration; any price sent along is not read. */
export const saveProductSchema = z.object({ name: savedProductNameSchema, configuration: configurationSchema });

/** PATCH /api/saved-products/{id}: a rename. */
export const renameSavedProductSchema = z.object({ name: savedProductNameSchema });

/** A saved product's quantity on My Account is 1 to 99. */
export const SAVED_PRODUCT_QUANTITY = { min: 1, max: 99 } as const;

/** A non-number becomes 1; anything above 99 is 99. */
export function savedProductQuantity(value: unknown): number {
  return Math.min(SAVED_PRODUCT_QUANTITY.max, normalizeQuantity(value));
}

/** Adding saved products to the cart: in batches of 3 with a pause between, within one time-out. */
export const SAVED_PRODUCT_CART = {
  /** One product. */
  singleTimeoutMs: 15_000,
  /** The whole bulk add of the selected products. */
  bulkTimeoutMs: 30_000,
  batchSize: 3,
  pauseBetweenBatchesMs: 100,
} as const;

/** Splits items into consecutive batches of `size`, in order. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

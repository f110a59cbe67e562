/**
 * The price grids. Sizes are inches, prices integer cents. Range rows include both ends; a size on
 * a shared boundary belongs to the smaller range.
 */
import * as z from 'zod';
import { ROLLER_SHADE_TYPES } from '../families';

export const GRID_KINDS = ['fauxWoodStock', 'fauxWoodPremium', 'wood', 'roller', 'fascia', 'vertical', 'mini'] as const;
export type GridKind = (typeof GRID_KINDS)[number];

const inches = z.number().positive().finite();
const cents = z.number().int().positive();

/** faux_wood_pricing_table: stock sizes of the standard family; `size` reads "W x H". */
export const fauxWoodStockRowSchema = z.object({
  itemNumber: z.string().min(1),
  size: z.string(),
  width: inches,
  length: inches,
  totalPriceCents: cents,
});

const ranges = { widthMin: inches, widthMax: inches, lengthMin: inches, lengthMax: inches };

/** Printed/premium faux wood ranges by colour group (CSV columns height_min/height_max). */
export const fauxWoodPremiumRowSchema = z.object({ colorGroup: z.string().min(1), ...ranges, priceCents: cents });

export const woodRowSchema = z.object({
  shadeType: z.enum(['Smooth Finish', 'Wood Finish']),
  ...ranges,
  priceCents: cents,
});

/** The sale price, when there is one, is what the customer pays; the price is the retail. */
export const rollerRowSchema = z.object({
  shadeType: z.enum(ROLLER_SHADE_TYPES),
  ...ranges,
  priceCents: cents,
  salePriceCents: cents.nullable(),
});

export const fasciaRowSchema = z.object({ widthMin: inches, widthMax: inches, priceCents: cents });

/** vertical_pricing_3_5_inch: the standard sizes (CSV columns width_inch, height_inch). */
export const verticalRowSchema = z.object({ width: inches, length: inches, priceCents: cents });

export const miniRowSchema = z.object({
  id: z.string().min(1),
  colorGroup: z.enum(['group1', 'group2', 'vinyl']),
  widthUpTo: inches,
  lengthUpTo: inches,
  priceCents: cents,
});

export const gridRowSchemas = {
  fauxWoodStock: fauxWoodStockRowSchema,
  fauxWoodPremium: fauxWoodPremiumRowSchema,
  wood: woodRowSchema,
  roller: rollerRowSchema,
  fascia: fasciaRowSchema,
  vertical: verticalRowSchema,
  mini: miniRowSchema,
} as const;

export type GridRow<K extends GridKind> = z.infer<(typeof gridRowSchemas)[K]>;
export type FauxWoodStockRow = GridRow<'fauxWoodStock'>;
export type FauxWoodPremiumRow = GridRow<'fauxWoodPremium'>;
export type WoodRow = GridRow<'wood'>;
export type RollerRow = GridRow<'roller'>;
export type FasciaRow = GridRow<'fascia'>;
export type VerticalRow = GridRow<'vertical'>;
export type MiniRow = GridRow<'mini'>;

/** Every grid the engine reads. An empty grid means "no table data". */
export type PriceGrids = { [K in GridKind]: readonly GridRow<K>[] };

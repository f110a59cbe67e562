/**
 * A configured product, as the configurator holds it and as POST /api/quotes and the cart
 * receive it. The zod schema checks the shape; the engine checks the rules and gives the texts.
 */
import * as z from 'zod';
import {
  DEFAULT_ROLLER_OPACITY,
  FAMILIES,
  ROLLER_OPACITIES,
  SERIES_IDS,
  seriesInfo,
  type FamilyId,
  type SeriesId,
} from '../catalogue/families';
import { DRAW_DIRECTIONS, FASCIA_SIZES, VALANCE_RETURNS, VERTICAL_TYPES, WAND_TILTS } from '../catalogue/options';
import { INVALID_ENTRY_MESSAGE } from './errors';
import { MAX_QUANTITY, QUANTITY_MESSAGE } from './quantity';

export { MAX_QUANTITY, QUANTITY_MESSAGE };

/**
 * A quantity as the API takes it: a JSON integer from 1 to MAX_QUANTITY, nothing else. Reading a
 * quantity box leniently (a non-number becomes 1) is the configurator's job, before this schema.
 */
export const quantitySchema = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_QUANTITY, QUANTITY_MESSAGE);

const dimensionSchema = z.object({
  inches: z.number().int({ error: INVALID_ENTRY_MESSAGE }).min(0, { error: INVALID_ENTRY_MESSAGE }),
  eighths: z.number().int().min(0).max(7),
});

const common = {
  /** null until the customer enters it. */
  width: dimensionSchema.nullable(),
  length: dimensionSchema.nullable(),
  /** Window depth in inches (faux wood), optional. */
  depth: z.number().nullable().optional(),
  mount: z.enum(['inside', 'outside']),
  /** Window: the customer measured the window; Blind: the size to make. */
  measurement: z.enum(['window', 'blind']),
  /** A colour code of the series, null until chosen. */
  color: z.string().nullable(),
  quantity: quantitySchema,
};

const slatOptionsSchema = z
  .object({
    wandTilt: z.enum(WAND_TILTS).default('left'),
    holdDown: z.boolean().default(false),
    spacers: z.boolean().default(false),
    cutOut: z.boolean().default(false),
  })
  .prefault({});

const rollerOptionsSchema = z
  .object({
    fascia: z.boolean().default(false),
    fasciaSize: z.union(FASCIA_SIZES.map((size) => z.literal(size))).default(3),
  })
  .prefault({});

const verticalOptionsSchema = z
  .object({
    /** Unset: small (1 in) for an inside mount, standard (5 in) otherwise. */
    valanceReturn: z.enum(VALANCE_RETURNS).optional(),
    splitDraw: z.boolean().default(false),
    drawDirection: z.enum(DRAW_DIRECTIONS).default('left'),
    verticalType: z.enum(VERTICAL_TYPES).default('smooth'),
  })
  .prefault({});

const miniOptionsSchema = z
  .object({ wandTilt: z.enum(WAND_TILTS).default('left'), holdDown: z.boolean().default(false) })
  .prefault({});

export const configurationSchema = z.discriminatedUnion('family', [
  z.object({
    family: z.literal('faux-wood-blinds'),
    series: z.enum(SERIES_IDS['faux-wood-blinds']),
    ...common,
    options: slatOptionsSchema,
  }),
  z.object({
    family: z.literal('wood-blinds'),
    series: z.enum(SERIES_IDS['wood-blinds']),
    ...common,
    options: slatOptionsSchema,
  }),
  z.object({
    family: z.literal('roller-shades'),
    series: z.enum(SERIES_IDS['roller-shades']),
    /** Percent openness of the Green series; ignored for Blackout. */
    opacity: z.union(ROLLER_OPACITIES.map((opacity) => z.literal(opacity))).default(DEFAULT_ROLLER_OPACITY),
    ...common,
    options: rollerOptionsSchema,
  }),
  z.object({
    family: z.literal('vertical-blinds'),
    series: z.enum(SERIES_IDS['vertical-blinds']),
    ...common,
    options: verticalOptionsSchema,
  }),
  z.object({
    family: z.literal('mini-blinds'),
    series: z.enum(SERIES_IDS['mini-blinds']),
    ...common,
    options: miniOptionsSchema,
  }),
]);

export type Configuration = z.output<typeof configurationSchema>;
export type ConfigurationInput = z.input<typeof configurationSchema>;
export type ConfigurationOf<F extends FamilyId> = Extract<Configuration, { family: F }>;

/** What a product page opens with: the series' default size and colour, window measurement, inside mount. */
export function defaultConfiguration<F extends FamilyId>(
  family: F,
  series: SeriesId<F> = FAMILIES[family].series[0]!.id as SeriesId<F>,
): ConfigurationOf<F> {
  const info = seriesInfo(family, series);
  return configurationSchema.parse({
    family,
    series,
    width: { inches: info.defaultSize.width, eighths: 0 },
    length: { inches: info.defaultSize.length, eighths: 0 },
    mount: 'inside',
    measurement: 'window',
    color: info.defaultColor,
    quantity: 1,
  }) as ConfigurationOf<F>;
}

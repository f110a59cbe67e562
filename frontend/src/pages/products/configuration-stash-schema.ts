/** The configuration stash's schema: what a stash read back from sessionStorage must be to be restored. */
import { z } from 'zod';
import { FAMILY_IDS, findColor, ROLLER_OPACITIES, type FamilyId } from '#domain/catalogue/families';
import { DRAW_DIRECTIONS, FASCIA_SIZES, VALANCE_RETURNS, VERTICAL_TYPES, WAND_TILTS } from '#domain/catalogue/options';
import { RESUME_ACTIONS, STASH_MAX_AGE_MS, type ConfigurationStash } from './configuration-stash-shape';
import type { ConfiguratorForm } from './configurator-form';

/** Typed text is short; a longer value is not one this page wrote. */
const typedText = z.string().max(12);

const formSchema = z.object({
  widthText: typedText,
  widthEighths: z.int().min(0).max(7),
  lengthText: typedText,
  lengthEighths: z.int().min(0).max(7),
  depthText: typedText,
  mount: z.enum(['inside', 'outside']),
  measurement: z.enum(['window', 'blind']),
  color: z.string().nullable(),
  opacity: z.literal(ROLLER_OPACITIES),
  wandTilt: z.enum(WAND_TILTS),
  holdDown: z.boolean(),
  spacers: z.boolean(),
  cutOut: z.boolean(),
  fascia: z.boolean(),
  fasciaSize: z.literal(FASCIA_SIZES),
  valanceReturn: z.enum(VALANCE_RETURNS).nullable(),
  splitDraw: z.boolean(),
  drawDirection: z.enum(DRAW_DIRECTIONS),
  verticalType: z.enum(VERTICAL_TYPES),
  quantityText: typedText,
}) satisfies z.ZodType<ConfiguratorForm>;

const stashSchema = z.object({
  family: z.enum(FAMILY_IDS),
  series: z.string(),
  form: formSchema,
  resume: z.enum(RESUME_ACTIONS),
  savedAt: z.number(),
}) satisfies z.ZodType<ConfigurationStash>;

/**
 * The stash if it is one this configurator can restore: well formed, for this family and series
 * (the tab is in the URL the guest returns to), a colour the series sells, and not stale.
 */
export function parseStash(
  text: string | null,
  expected: { family: FamilyId; series: string },
  now: number,
): ConfigurationStash | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = stashSchema.safeParse(value);
  if (!parsed.success) return null;
  const stash = parsed.data;
  if (stash.family !== expected.family || stash.series !== expected.series) return null;
  const age = now - stash.savedAt;
  if (age < 0 || age > STASH_MAX_AGE_MS) return null;
  const { color } = stash.form;
  if (color !== null && !findColor(stash.family, stash.series, color)) return null;
  return stash;
}

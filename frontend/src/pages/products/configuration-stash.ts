/**
 * A guest's configuration kept across signing in (issue 5: "a guest is asked to sign in and comes
 * back to the same configuration"). Save Configuration and Select Property and Room send a guest to
 * /login; the whole form waits in sessionStorage under the page's path and is taken back once when
 * the configurator mounts there again, with what the guest was doing so it can be reopened.
 */
import { z } from 'zod';
import { FAMILY_IDS, findColor, ROLLER_OPACITIES, type FamilyId } from '../../../../domain/catalogue/families';
import { DRAW_DIRECTIONS, FASCIA_SIZES, VALANCE_RETURNS, VERTICAL_TYPES, WAND_TILTS } from '../../../../domain/catalogue/options';
import { readStorage, removeStorage, writeStorage } from '../../lib/browser-storage';
import type { ConfiguratorForm } from './configurator-form';

/** What the guest pressed: it is reopened once they are back and signed in. */
export const RESUME_ACTIONS = ['save', 'property'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

/** Long enough to sign in (or register and confirm an e-mail); older is a forgotten visit, not a return. */
export const STASH_MAX_AGE_MS = 60 * 60_000;

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
});

export type ConfigurationStash = z.infer<typeof stashSchema>;

/** One stash per page: the configurator of another page never takes it. */
export function stashKey(pathname: string): string {
  return `configurator-return:${pathname}`;
}

export function serializeStash(stash: ConfigurationStash): string {
  return JSON.stringify(stash);
}

/**
 * The stash if it is one this configurator can restore: well formed, for this family and series
 * (the tab is in the URL the guest returns to), a colour the series sells, and not stale.
 */
export function parseStash(text: string | null, expected: { family: FamilyId; series: string }, now: number): ConfigurationStash | null {
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

export function keepConfigurationStash(pathname: string, stash: ConfigurationStash): void {
  writeStorage('session', stashKey(pathname), serializeStash(stash));
}

/** Reads and forgets the page's stash, so it is restored once; an unusable one is forgotten too. */
export function takeConfigurationStash(pathname: string, expected: { family: FamilyId; series: string }, now: number): ConfigurationStash | null {
  const text = readStorage('session', stashKey(pathname));
  if (text === null) return null;
  removeStorage('session', stashKey(pathname));
  return parseStash(text, expected, now);
}

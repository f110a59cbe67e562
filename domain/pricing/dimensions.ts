/** Sizes as the configurator takes them: whole inches plus eighths (0-7) from a dropdown. */
import { pricingErrors, type PricingError } from './errors';

export interface Dimension {
  inches: number;
  /** 0-7: 0, 1/8, 1/4, 3/8, 1/2, 5/8, 3/4, 7/8. */
  eighths: number;
}

const EIGHTHS_LABELS = ['0', '1/8', '1/4', '3/8', '1/2', '5/8', '3/4', '7/8'] as const;

/** The label of an eighths value in the dropdown: 2 → "1/4". */
export function formatEighths(eighths: number): string {
  return EIGHTHS_LABELS[eighths] ?? String(eighths);
}

export const EIGHTHS_OPTIONS = EIGHTHS_LABELS.map((label, value) => ({ value, label }));

/** The size in eighths of an inch: an integer, so no fraction is ever lost on the way to a price. */
export function toEighths(dimension: Dimension): number {
  return dimension.inches * 8 + dimension.eighths;
}

export function toInches(dimension: Dimension): number {
  return toEighths(dimension) / 8;
}

/** Inches with the eighths as decimals, to 3 places: 35.375 → "35.375", 35 → "35.000". */
export function formatInches(inches: number): string {
  return inches.toFixed(3);
}

export type WholeInchesResult = { ok: true; value: number | null } | { ok: false; error: PricingError };

/**
 * Reads what was typed in an inches field: digits only. Empty is "not entered yet" (null);
 * decimals, fractions, spaces or signs give Invalid Entry.
 */
export function parseWholeInches(text: string, field: 'width' | 'length'): WholeInchesResult {
  if (text === '') return { ok: true, value: null };
  if (!/^\d+$/.test(text)) return { ok: false, error: pricingErrors.invalidEntry(field) };
  return { ok: true, value: Number(text) };
}

/** Quantity: at least 1; anything that is not a number becomes 1; fractions are cut to whole units. */
export function normalizeQuantity(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return 1;
  return Math.max(1, Math.floor(number));
}

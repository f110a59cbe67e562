/**
 * What the configurator says about the width limits once the ½″ inside-mount deduction is taken
 * into account (issue 14, defect 2): the limits apply to the blind that is made, so with a window
 * measurement and an inside mount the window may be ½″ wider than the blind, and a width refused
 * because of the deduction says so instead of a bare "Invalid Size".
 */
import { SIZE_LIMITS, type FamilyId } from '../catalogue/families';
import { WINDOW_WIDTH_DEDUCTION_EIGHTHS } from './rules';

const FRACTION_GLYPHS = ['', '⅛', '¼', '⅜', '½', '⅝', '¾', '⅞'] as const;

/** Eighths of an inch as a reader writes them: 44 → '5 ½″', 48 → '6″', 4 → '½″'. */
export function formatEighthsAsInches(eighths: number): string {
  const inches = Math.floor(eighths / 8);
  const fraction = FRACTION_GLYPHS[eighths % 8];
  if (!fraction) return `${inches}″`;
  return inches === 0 ? `${fraction}″` : `${inches} ${fraction}″`;
}

/** The width taken off, in eighths: only an inside mount measured at the window (rules.ts). */
export function widthDeductionEighths(mount: 'inside' | 'outside', measurement: 'window' | 'blind'): number {
  return mount === 'inside' && measurement === 'window' ? WINDOW_WIDTH_DEDUCTION_EIGHTHS : 0;
}

/** The hint under the width field: the widths that can be entered with this mount and basis, e.g. 'Windows 6 ½″ to 96 ½″ wide'. */
export function widthHint(family: FamilyId, mount: 'inside' | 'outside', measurement: 'window' | 'blind'): string {
  const limits = SIZE_LIMITS[family].width;
  const deduction = widthDeductionEighths(mount, measurement);
  const subject = measurement === 'window' ? 'Windows' : 'Blinds';
  return `${subject} ${formatEighthsAsInches(limits.min * 8 + deduction)} to ${formatEighthsAsInches(limits.max * 8 + deduction)} wide`;
}

/** The hint under the length field, from the same limits as the checks and the product facts: '36″ to 144″ long'. */
export function lengthHint(family: FamilyId): string {
  const { min, max } = SIZE_LIMITS[family].length;
  return `${formatEighthsAsInches(min * 8)} to ${formatEighthsAsInches(max * 8)} long`;
}

/**
 * The message for a width made too narrow by the deduction, or null when the deduction is not the
 * reason (no deduction applies, or the width entered is itself under the minimum).
 */
export function deductionTooNarrowMessage(
  family: FamilyId,
  enteredWidthEighths: number,
  deductionEighths: number,
): string | null {
  const minEighths = SIZE_LIMITS[family].width.min * 8;
  const madeEighths = enteredWidthEighths - deductionEighths;
  if (deductionEighths === 0 || madeEighths >= minEighths || enteredWidthEighths < minEighths) return null;
  return `With the ${formatEighthsAsInches(deductionEighths)} inside-mount deduction this blind would be ${formatEighthsAsInches(madeEighths)} wide; the narrowest we make is ${formatEighthsAsInches(minEighths)}`;
}

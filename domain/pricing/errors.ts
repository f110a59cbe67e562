/** What the configurator shows when it cannot price: the old shop's exact texts. */
import { FAMILIES, SIZE_LIMITS, type FamilyId } from '../catalogue/families';

export const INVALID_ENTRY_MESSAGE =
  'Please enter whole numbers only (no fractions or decimals) for width and length. If you need a fraction, select it from the dropdown next to the input.';

/** A limit of the family's size range that a size made can break. */
export type SizeLimit = 'minWidth' | 'maxWidth' | 'minLength' | 'maxLength';

/**
 * What a size outside its family's limits says, in the old shop's roller shade words ('Roller
 * shades require minimum 36" length.', 'Maximum width is 84".', 'Maximum length is 144".') for
 * every family and limit, with the family's own figures from SIZE_LIMITS (issue 25, defect 7): a
 * wood blind 200″ wide reads 'Maximum width is 96".'.
 */
export function sizeLimitMessage(family: FamilyId, limit: SizeLimit): string {
  const { width, length } = SIZE_LIMITS[family];
  const name = FAMILIES[family].name;
  const families = name.charAt(0) + name.slice(1).toLowerCase();
  switch (limit) {
    case 'minWidth':
      return `${families} require minimum ${width.min}" width.`;
    case 'maxWidth':
      return `Maximum width is ${width.max}".`;
    case 'minLength':
      return `${families} require minimum ${length.min}" length.`;
    case 'maxLength':
      return `Maximum length is ${length.max}".`;
  }
}

/** The roller message when no grid row or fascia prices a size inside the limits. */
export const ROLLER_NO_SIZE_MESSAGE = 'Please check available sizes or contact customer service.';

export type PricingErrorCode =
  | 'INVALID_ENTRY'
  | 'INVALID_DIMENSIONS'
  | 'MISSING_DIMENSIONS'
  | 'COLOR_NOT_SELECTED'
  | 'SIZE_NOT_AVAILABLE'
  | 'INVALID_SIZE'
  | 'NO_MATCHING_SIZE'
  | 'NO_PRICING_DATA'
  | 'PRICE_NOT_COMPUTABLE';

/** What the customer has yet to choose: shown only once they try to add to the cart without it (issue 14, defect 6). */
export const REQUIREMENT_ERRORS: ReadonlySet<PricingErrorCode> = new Set(['MISSING_DIMENSIONS', 'COLOR_NOT_SELECTED']);

export type PricingField = 'width' | 'length' | 'depth' | 'color';

export interface PricingError {
  code: PricingErrorCode;
  /** The heading of the warning or toast. */
  title: string;
  message: string;
  /** The input to point at, when one is at fault. */
  field?: PricingField;
}

function error(code: PricingErrorCode, title: string, message: string, field?: PricingField): PricingError {
  return field ? { code, title, message, field } : { code, title, message };
}

export const pricingErrors = {
  /** Decimals, fractions or spaces typed in an inches field. */
  invalidEntry: (field: 'width' | 'length') => error('INVALID_ENTRY', 'Invalid Entry', INVALID_ENTRY_MESSAGE, field),
  /** Eighths outside 0-7, or a depth outside 0.5-10 in steps of 1/8: no input of the configurator gives these. */
  invalidDimensions: (field: PricingField) =>
    error('INVALID_DIMENSIONS', 'Invalid dimensions', 'Invalid dimensions', field),
  missingDimensions: (field: 'width' | 'length') =>
    error('MISSING_DIMENSIONS', 'Missing dimensions', 'Please select valid dimensions before adding to cart.', field),
  /** The spec names the toast only; its sentence is ours. */
  colorNotSelected: () =>
    error('COLOR_NOT_SELECTED', 'Color not selected', 'Please select a color before adding to cart.', 'color'),
  /** Roller shades: no row of the grid (or fascia) prices this size. */
  rollerSizeNotAvailable: () => error('SIZE_NOT_AVAILABLE', 'Size not available', ROLLER_NO_SIZE_MESSAGE),
  /** The size made breaks a limit of the family: roller shades head it "Size not available", the others "Invalid Size". */
  outsideSizeLimits: (family: FamilyId, limit: SizeLimit) => {
    const field = limit === 'minWidth' || limit === 'maxWidth' ? 'width' : 'length';
    const message = sizeLimitMessage(family, limit);
    return family === 'roller-shades'
      ? error('SIZE_NOT_AVAILABLE', 'Size not available', message, field)
      : error('INVALID_SIZE', 'Invalid Size', message, field);
  },
  /** A width that is allowed as entered but too narrow once the inside-mount deduction is taken off (size-advice.ts). */
  narrowedByDeduction: (message: string) => error('INVALID_SIZE', 'Too narrow for an inside mount', message, 'width'),
  noMatchingSize: () =>
    error(
      'NO_MATCHING_SIZE',
      'No matching size',
      'No matching size found. Please contact customer service for assistance.',
    ),
  noPricingData: (message = 'No pricing data available in the database') =>
    error('NO_PRICING_DATA', 'No pricing data available', message),
  /** A zero price: add to cart stays blocked. */
  priceNotComputable: () =>
    error('PRICE_NOT_COMPUTABLE', 'Size Not Available', 'Unable to calculate price for selected dimensions.'),
};

/**
 * A 400's field errors for a configuration the engine refused: the field as the request body names
 * it (`configuration.width`), or the configuration as a whole.
 */
export function configurationFieldErrors(refusal: PricingError): Record<string, string> {
  return { [refusal.field ? `configuration.${refusal.field}` : 'configuration']: refusal.message };
}

/** The wood page's own wording when its grid is empty. */
export const NO_WOOD_PRICING_MESSAGE = 'No pricing data found for this wood blind type.';

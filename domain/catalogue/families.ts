/**
 * The five product families, their series (the tabs of each product page), size limits, defaults,
 * product facts, warranties and images.
 */
import {
  FAUX_WOOD_PRINTED_COLORS,
  FAUX_WOOD_STANDARD_COLORS,
  MINI_ALUMINUM_COLORS,
  MINI_VINYL_COLORS,
  ROLLER_BLACKOUT_COLORS,
  ROLLER_GREEN_2000_COLORS,
  ROLLER_GREEN_3000_COLORS,
  VERTICAL_COLORS,
  WOOD_FINISH_COLORS,
  WOOD_SMOOTH_COLORS,
  type Color,
} from './colors';

/** The family ids are also the product pages' paths and the cart item's product_type. */
export const FAMILY_IDS = [
  'faux-wood-blinds',
  'wood-blinds',
  'roller-shades',
  'vertical-blinds',
  'mini-blinds',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export const SERIES_IDS = {
  'faux-wood-blinds': ['standard', 'printed'],
  'wood-blinds': ['smooth', 'wood'],
  'roller-shades': ['green2000', 'green3000', 'blackout'],
  'vertical-blinds': ['vertical-3-5'],
  'mini-blinds': ['aluminum', 'vinyl'],
} as const;
export type SeriesId<F extends FamilyId = FamilyId> = (typeof SERIES_IDS)[F][number];

/** The shade_type of the wood grid is the tab's name. */
export const WOOD_SHADE_TYPES = { smooth: 'Smooth Finish', wood: 'Wood Finish' } as const;
export type WoodShadeType = (typeof WOOD_SHADE_TYPES)[keyof typeof WOOD_SHADE_TYPES];

export const ROLLER_SHADE_TYPES = [
  'GREEN_3000_3PCT',
  'GREEN_3000_1PCT',
  'GREEN_2000_1PCT',
  'GREEN_2000_3PCT',
  'BLACKOUT',
] as const;
export type RollerShadeType = (typeof ROLLER_SHADE_TYPES)[number];

/** Opacity (openness) of the Green series fabrics, in percent. Blackout has none. */
export const ROLLER_OPACITIES = [1, 3] as const;
export type RollerOpacity = (typeof ROLLER_OPACITIES)[number];
export const DEFAULT_ROLLER_OPACITY: RollerOpacity = 3;

/** The roller grid's shade type for a series and, for the Green series, an opacity. */
export function rollerShadeType(series: SeriesId<'roller-shades'>, opacity: RollerOpacity): RollerShadeType {
  if (series === 'blackout') return 'BLACKOUT';
  return `${series === 'green2000' ? 'GREEN_2000' : 'GREEN_3000'}_${opacity}PCT`;
}

export interface InchRange {
  min: number;
  max: number;
}

export interface SizeLimits {
  width: InchRange;
  length: InchRange;
}

/**
 * The size that is made (after any window deduction) must fall in these limits.
 * Readings chosen where the spec has two:
 * - faux wood width 6-96, not 8-96: the configurator shows 6" Net as the finished minimum and the
 *   faux wood product facts say width 6-96;
 * - faux wood length 12-120, not 12-96: the same product facts say length 12-120;
 * - roller shades: the priced size must be in the available range 24-84 x 36-144, which is what
 *   the four "Size not available" messages describe.
 */
export const SIZE_LIMITS: Record<FamilyId, SizeLimits> = {
  'faux-wood-blinds': { width: { min: 6, max: 96 }, length: { min: 12, max: 120 } },
  'wood-blinds': { width: { min: 8, max: 96 }, length: { min: 12, max: 96 } },
  'roller-shades': { width: { min: 24, max: 84 }, length: { min: 36, max: 144 } },
  'vertical-blinds': { width: { min: 18, max: 114 }, length: { min: 12, max: 192 } },
  'mini-blinds': { width: { min: 8, max: 72 }, length: { min: 12, max: 72 } },
};

/** Optional depth of the window (faux wood configurator): 0.5-10 inches in steps of 1/8. */
export const DEPTH_LIMITS = { min: 0.5, max: 10, step: 0.125 } as const;

export interface SeriesInfo {
  id: string;
  /** The tab's label. */
  label: string;
  colors: readonly Color[];
  /** Only the standard faux wood family has a default colour in the spec (E02); the configurator opens other series on their first. */
  defaultColor: string | null;
  /** Default size in whole inches. */
  defaultSize: { width: number; length: number };
  /** The price match guarantee is shown for the standard faux wood family only. */
  priceMatchGuarantee: boolean;
}

export interface FamilyInfo {
  id: FamilyId;
  name: string;
  /** Product facts shown on the product page. */
  facts: readonly string[];
  warrantyYears: number;
  /** Made-to-measure products are not returnable (Fit Assurance remakes them instead). */
  returnable: false;
  /** Custom sizes are unavailable for roller, vertical and mini: they are sold in standard sizes. */
  customSizes: boolean;
  /** Six gallery images. */
  images: readonly string[];
  series: readonly SeriesInfo[];
}

/** The product facts' sizes: the size limits themselves, so the facts, the checks and the grids agree. */
function sizeFacts(family: FamilyId): string[] {
  const { width, length } = SIZE_LIMITS[family];
  return [`Width ${width.min}" to ${width.max}"`, `Length ${length.min}" to ${length.max}"`];
}

function galleryImages(family: FamilyId): string[] {
  return [1, 2, 3, 4, 5, 6].map((n) => `/images/products/${family}-${n}.svg`);
}

function series(
  id: string,
  label: string,
  colors: readonly Color[],
  defaultSize: { width: number; length: number },
  defaultColor: string | null = null,
): SeriesInfo {
  return { id, label, colors, defaultColor, defaultSize, priceMatchGuarantee: false };
}

/** Default sizes: printed 35 x 60, faux wood otherwise 24 x 36, wood 24 x 36, roller 35 x 60. */
const SIZE_24_36 = { width: 24, length: 36 };
const SIZE_35_60 = { width: 35, length: 60 };
/**
 * Vertical defaults to 34 x 58 "if present": when the grid does not offer it, the configurator
 * opens on the smallest offered size covering it (the seeded heights step by 6: 34 x 60).
 */
export const VERTICAL_DEFAULT_SIZE = { width: 34, length: 58 };

export const FAMILIES: Record<FamilyId, FamilyInfo> = {
  'faux-wood-blinds': {
    id: 'faux-wood-blinds',
    name: 'Faux Wood Blinds',
    facts: [
      '2-inch flat PVC foam slat',
      '3 1/4 inch valance',
      '2 x 2 1/4 inch steel head rail',
      'Warranty: 2 years',
      ...sizeFacts('faux-wood-blinds'),
    ],
    warrantyYears: 2,
    returnable: false,
    customSizes: true,
    images: galleryImages('faux-wood-blinds'),
    series: [
      { ...series('standard', 'Standard', FAUX_WOOD_STANDARD_COLORS, SIZE_24_36, 'E02'), priceMatchGuarantee: true },
      series('printed', 'Printed Wood Grain', FAUX_WOOD_PRINTED_COLORS, SIZE_35_60),
    ],
  },
  'wood-blinds': {
    id: 'wood-blinds',
    name: 'Wood Blinds',
    facts: [
      '2-inch real wood slats',
      'Smooth Finish whites or Wood Finish stained tones',
      'Warranty: 3 years',
      ...sizeFacts('wood-blinds'),
    ],
    warrantyYears: 3,
    returnable: false,
    customSizes: true,
    images: galleryImages('wood-blinds'),
    series: [
      series('smooth', WOOD_SHADE_TYPES.smooth, WOOD_SMOOTH_COLORS, SIZE_24_36),
      series('wood', WOOD_SHADE_TYPES.wood, WOOD_FINISH_COLORS, SIZE_24_36),
    ],
  },
  'roller-shades': {
    id: 'roller-shades',
    name: 'Roller Shades',
    facts: [
      'Green 2000, Green 3000 and Blackout fabrics',
      'Opacity 1% or 3% for Green 2000 and Green 3000',
      'Optional 3" or 4" fascia',
      'Warranty: 5 years',
      ...sizeFacts('roller-shades'),
    ],
    warrantyYears: 5,
    returnable: false,
    customSizes: false,
    images: galleryImages('roller-shades'),
    series: [
      series('green2000', 'Green 2000', ROLLER_GREEN_2000_COLORS, SIZE_35_60),
      series('green3000', 'Green 3000', ROLLER_GREEN_3000_COLORS, SIZE_35_60),
      series('blackout', 'Blackout', ROLLER_BLACKOUT_COLORS, SIZE_35_60),
    ],
  },
  'vertical-blinds': {
    id: 'vertical-blinds',
    name: 'Vertical Blinds',
    facts: ['3.5-inch vanes', 'Split draw available', 'Warranty: 1 year', ...sizeFacts('vertical-blinds')],
    warrantyYears: 1,
    returnable: false,
    customSizes: false,
    images: galleryImages('vertical-blinds'),
    series: [series('vertical-3-5', '3.5" Vertical', VERTICAL_COLORS, VERTICAL_DEFAULT_SIZE)],
  },
  'mini-blinds': {
    id: 'mini-blinds',
    name: 'Mini Blinds',
    facts: ['1-inch aluminum or vinyl slats', 'Warranty: 2 years', ...sizeFacts('mini-blinds')],
    warrantyYears: 2,
    returnable: false,
    customSizes: false,
    images: galleryImages('mini-blinds'),
    // The spec gives mini blinds no default size: they open on the 24 x 36 of the other blinds.
    series: [
      series('aluminum', 'Aluminum', MINI_ALUMINUM_COLORS, SIZE_24_36),
      series('vinyl', 'Vinyl', MINI_VINYL_COLORS, SIZE_24_36),
    ],
  },
};

/** The series of a family by id; the first series for an unknown id. */
export function seriesInfo(family: FamilyId, id: string): SeriesInfo {
  const all = FAMILIES[family].series;
  return all.find((s) => s.id === id) ?? all[0]!;
}

export function findColor(family: FamilyId, seriesId: string, code: string): Color | undefined {
  return seriesInfo(family, seriesId).colors.find((color) => color.code === code);
}

/** Shown where no price is known yet. */
export const STARTING_PRICE_TEXT = '$89.99';

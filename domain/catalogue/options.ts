/** The customisation options of each family, with the labels the configurator shows. */

export const WAND_TILTS = ['left', 'right', 'center'] as const;
export type WandTilt = (typeof WAND_TILTS)[number];
export const WAND_TILT_LABELS: Record<WandTilt, string> = {
  left: 'Left (standard)',
  right: 'Right (no charge)',
  center: 'Center (for small widths)',
};

/** Roller shade fascia heights in inches; the fascia price depends on the width only. */
export const FASCIA_SIZES = [3, 4] as const;
export type FasciaSize = (typeof FASCIA_SIZES)[number];

/** Vertical valance returns: 5 inches standard, 1 inch (small) for an inside mount. */
export const VALANCE_RETURNS = ['standard', 'small'] as const;
export type ValanceReturn = (typeof VALANCE_RETURNS)[number];
export const VALANCE_RETURN_INCHES: Record<ValanceReturn, number> = { standard: 5, small: 1 };

export const DRAW_DIRECTIONS = ['left', 'right', 'center'] as const;
export type DrawDirection = (typeof DRAW_DIRECTIONS)[number];

/** Vane styles of the 3.5 inch vertical blind; they share one price grid. */
export const VERTICAL_TYPES = ['smooth', 'embossed'] as const;
export type VerticalType = (typeof VERTICAL_TYPES)[number];
export const VERTICAL_TYPE_LABELS: Record<VerticalType, string> = { smooth: 'Smooth PVC', embossed: 'Embossed PVC' };

/** An inside-mounted vertical gets the small return unless the customer picks one. */
export function defaultValanceReturn(mount: 'inside' | 'outside'): ValanceReturn {
  return mount === 'inside' ? 'small' : 'standard';
}

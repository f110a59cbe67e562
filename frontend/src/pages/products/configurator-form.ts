/**
 * What the configurator's inputs hold (text as typed) and how it becomes a configuration for the
 * pricing engine. Kept apart from React so that the rules of the inputs are tested on their own.
 */
import {
  DEFAULT_ROLLER_OPACITY,
  FAMILIES,
  seriesInfo,
  type FamilyId,
  type RollerOpacity,
} from '#domain/catalogue/families';
import type { FauxWoodPrefill } from '#domain/catalogue/query';
import type { DrawDirection, FasciaSize, ValanceReturn, VerticalType, WandTilt } from '#domain/catalogue/options';
import {
  sellsStandardSizesOnly,
  smallestStandardSizeFitting,
  standardSizeDimension,
  type StandardSizeFamily,
  type StandardSizes,
} from '#domain/catalogue/standard-sizes';
import type { Configuration, ConfigurationOf } from '#domain/pricing/configuration';
import { normalizeQuantity, parseWholeInches } from '#domain/pricing/dimensions';
import type { PricingError } from '#domain/pricing/errors';
import { MAX_QUANTITY } from '#domain/pricing/quantity';

export interface ConfiguratorForm {
  widthText: string;
  widthEighths: number;
  lengthText: string;
  lengthEighths: number;
  /** Window depth in inches, empty when not given (faux wood only). */
  depthText: string;
  mount: 'inside' | 'outside';
  measurement: 'window' | 'blind';
  color: string | null;
  opacity: RollerOpacity;
  wandTilt: WandTilt;
  holdDown: boolean;
  spacers: boolean;
  cutOut: boolean;
  fascia: boolean;
  fasciaSize: FasciaSize;
  /** Unset: the engine picks the return that suits the mount. */
  valanceReturn: ValanceReturn | null;
  splitDraw: boolean;
  drawDirection: DrawDirection;
  verticalType: VerticalType;
  quantityText: string;
}

/** Only the faux wood configurator asks for the window's depth. */
export function hasDepth(family: FamilyId): boolean {
  return family === 'faux-wood-blinds';
}

/**
 * The series' defaults, with what the page's query pre-fills (faux wood's featured links) and a
 * product's colour. A standard-size family opens with no size: its default (or the smallest offered
 * size covering it) applies once the grids have loaded (`fitToStandardSizes`).
 */
export function initialForm(
  family: FamilyId,
  series: string,
  prefill: FauxWoodPrefill = {},
  color?: string,
): ConfiguratorForm {
  const info = seriesInfo(family, series);
  const standardOnly = sellsStandardSizesOnly(family);
  return {
    widthText: standardOnly ? '' : String(prefill.width ?? info.defaultSize.width),
    widthEighths: 0,
    lengthText: standardOnly ? '' : String(prefill.length ?? info.defaultSize.length),
    lengthEighths: 0,
    depthText: '',
    mount: prefill.mount ?? 'inside',
    measurement: prefill.measurement ?? 'window',
    // The spec names a default colour for standard faux wood only; elsewhere the series' first
    // colour, so that every configurator opens priced (issue 14, defect 6).
    color: color ?? info.defaultColor ?? info.colors[0]?.code ?? null,
    opacity: DEFAULT_ROLLER_OPACITY,
    wandTilt: 'left',
    holdDown: false,
    spacers: false,
    cutOut: false,
    fascia: false,
    fasciaSize: 3,
    valanceReturn: null,
    splitDraw: false,
    drawDirection: 'left',
    verticalType: 'smooth',
    quantityText: '1',
  };
}

/** The size chosen in a dimension, in inches; null when none is. */
export function chosenInches(form: ConfiguratorForm, dimension: 'width' | 'length'): number | null {
  const text = dimension === 'width' ? form.widthText : form.lengthText;
  const eighths = dimension === 'width' ? form.widthEighths : form.lengthEighths;
  return text === '' ? null : Number(text) + eighths / 8;
}

/** The form's fields for a size in inches chosen from a dropdown (whole inches, and eighths should a grid hold a fraction). */
export function chooseInches(dimension: 'width' | 'length', inches: number | null): Partial<ConfiguratorForm> {
  const size = inches === null ? null : standardSizeDimension(inches);
  const text = size ? String(size.inches) : '';
  const eighths = size?.eighths ?? 0;
  return dimension === 'width'
    ? { widthText: text, widthEighths: eighths }
    : { lengthText: text, lengthEighths: eighths };
}

/**
 * Fits the chosen size to the standard sizes the grid offers: with none chosen, the series' default
 * if the grid has it (vertical 34 x 58 "if present"), else the smallest offered size that covers
 * it, so the page opens priced (issue 14, defect 6); a width or length the grid does not offer
 * (another colour group, a replaced grid) is cleared, to be chosen again.
 */
export function fitToStandardSizes(
  form: ConfiguratorForm,
  family: StandardSizeFamily,
  series: string,
  sizes: StandardSizes,
): ConfiguratorForm {
  const width = chosenInches(form, 'width');
  const length = chosenInches(form, 'length');
  if (width === null && length === null) {
    const { defaultSize } = seriesInfo(family, series);
    const preset = smallestStandardSizeFitting(sizes, defaultSize.width, defaultSize.length);
    return preset
      ? { ...form, ...chooseInches('width', preset.width), ...chooseInches('length', preset.length) }
      : form;
  }
  return {
    ...form,
    ...chooseInches('width', width !== null && sizes.widths.includes(width) ? width : null),
    ...chooseInches('length', length !== null && sizes.lengths.includes(length) ? length : null),
  };
}

/** At least 1, a non-number becomes 1, and no more than the cart accepts. */
export function quantityFromText(text: string): number {
  return Math.min(MAX_QUANTITY, normalizeQuantity(text));
}

export type FormReading = { ok: true; configuration: Configuration } | { ok: false; error: PricingError };

type FamilyFields =
  | Pick<ConfigurationOf<'faux-wood-blinds' | 'wood-blinds' | 'vertical-blinds' | 'mini-blinds'>, 'options'>
  | Pick<ConfigurationOf<'roller-shades'>, 'opacity' | 'options'>;

function familyFields(family: FamilyId, form: ConfiguratorForm): FamilyFields {
  switch (family) {
    case 'faux-wood-blinds':
    case 'wood-blinds':
      return {
        options: { wandTilt: form.wandTilt, holdDown: form.holdDown, spacers: form.spacers, cutOut: form.cutOut },
      };
    case 'roller-shades':
      return { opacity: form.opacity, options: { fascia: form.fascia, fasciaSize: form.fasciaSize } };
    case 'vertical-blinds':
      return {
        options: {
          ...(form.valanceReturn ? { valanceReturn: form.valanceReturn } : {}),
          splitDraw: form.splitDraw,
          drawDirection: form.drawDirection,
          verticalType: form.verticalType,
        },
      };
    case 'mini-blinds':
      return { options: { wandTilt: form.wandTilt, holdDown: form.holdDown } };
  }
}

/**
 * Reads the inputs: Invalid Entry when an inches field holds anything but digits; otherwise the
 * configuration the engine prices and the cart receives (an empty field is a missing dimension).
 * Built without the configuration's schema (zod stays out of the page's first load, decision 0026):
 * the inputs can hold only what the schema accepts and every option is given, so parsing would
 * return the same configuration (configurator-form.test.ts holds this); the server parses it.
 */
export function readForm(family: FamilyId, series: string, form: ConfiguratorForm): FormReading {
  const width = parseWholeInches(form.widthText, 'width');
  if (!width.ok) return width;
  const length = parseWholeInches(form.lengthText, 'length');
  if (!length.ok) return length;
  // A depth that is not a number is out of range (0), which the engine reports as Invalid dimensions.
  const depth = hasDepth(family) && form.depthText.trim() !== '' ? Number(form.depthText) || 0 : null;
  const configuration = {
    family,
    series,
    width: width.value === null ? null : { inches: width.value, eighths: form.widthEighths },
    length: length.value === null ? null : { inches: length.value, eighths: form.lengthEighths },
    depth,
    mount: form.mount,
    measurement: form.measurement,
    color: form.color,
    quantity: quantityFromText(form.quantityText),
    ...familyFields(family, form),
  } as Configuration;
  return { ok: true, configuration };
}

/** The product's name in toasts and headings: "Faux Wood Blinds - Printed Wood Grain". */
export function productName(family: FamilyId, series: string): string {
  const info = FAMILIES[family];
  return info.series.length > 1 ? `${info.name} - ${seriesInfo(family, series).label}` : info.name;
}

/**
 * The pricing engine: one pure function from a configuration and the price grids to a priced
 * result or the error the configurator shows. The browser previews with it; the server
 * recomputes with it and trusts nothing else. The rules are in README.md beside this file.
 */
import type { GroupedColor } from '../catalogue/colors';
import { savingClaim } from '../claims';
import {
  DEPTH_LIMITS,
  SIZE_LIMITS,
  WOOD_SHADE_TYPES,
  rollerShadeType,
  seriesInfo,
  type FamilyId,
} from '../catalogue/families';
import {
  matchFascia,
  matchMiniBlind,
  matchRange,
  matchStockSize,
  matchVertical,
  SIZE_TOLERANCE_INCHES,
} from '../catalogue/grids/match';
import type { MiniRow, PriceGrids } from '../catalogue/grids/types';
import { defaultValanceReturn, VALANCE_RETURN_INCHES } from '../catalogue/options';
import type { Configuration, ConfigurationOf } from './configuration';
import { formatInches, normalizeQuantity, toEighths, type Dimension } from './dimensions';
import { NO_WOOD_PRICING_MESSAGE, pricingErrors, type PricingError } from './errors';
import { applyFactor, factorText, mulDivRoundHalfUp, savingsPercent, type PriceFactor } from './money';
import {
  FAUX_WOOD_FALLBACK_CENTS_PER_SQUARE_FOOT,
  FAUX_WOOD_PREMIUM_FACTOR,
  FAUX_WOOD_STANDARD_FACTOR,
  SPLIT_DRAW_CENTS,
  VERTICAL_FALLBACK_CENTS_PER_SQUARE_FOOT,
  WOOD_FACTOR,
} from './rules';
import { deductionTooNarrowMessage, widthDeductionEighths } from './size-advice';

/**
 * One line of the unit price; the lines of a quote add up to its unit price. The labels name the
 * grid, its row and the factor: staff's reading. Customers see only the lines an option adds, by
 * `option` (customer-price.ts).
 */
export interface PriceLine {
  kind: 'grid' | 'factor' | 'sale' | 'fascia' | 'splitDraw' | 'squareFootFallback';
  label: string;
  amountCents: number;
  /** The option's name as the customer reads it ('Split draw', '4″ fascia'), on lines an option adds. */
  option?: string;
}

/** The size the price is read from, in inches: what customer-price.ts tells the customer the price is for. */
export type PricedAs =
  | { kind: 'stockSize'; width: number; length: number; cutToFit: boolean }
  | { kind: 'sizeBand'; widthMin: number; widthMax: number; lengthMin: number; lengthMax: number }
  | { kind: 'standardSize'; width: number; length: number }
  | { kind: 'area'; centsPerSquareFoot: number };

export interface PriceMessage {
  code: 'windowDeduction' | 'cutToFit' | 'savings' | 'priceMatchGuarantee' | 'estimate';
  text: string;
}

export interface Quote {
  ok: true;
  family: FamilyId;
  series: string;
  /** As entered, in inches (eighths as decimals). */
  enteredWidth: number;
  enteredLength: number;
  /** Inches taken off the width (window measurement, inside mount). */
  deductionInches: number;
  /** The size made and priced: entered width minus the deduction, and the entered length. */
  width: number;
  length: number;
  /** The grid size or range the price comes from; null for a per-square-foot estimate. */
  matchedSize: string | null;
  pricedAs: PricedAs;
  unitCents: number;
  /** The retail price struck through; the saving is measured against it when it is a retail price. */
  retailCents: number;
  /** "Suggested retail" for printed and premium faux wood, where the table price is shown as such. */
  retailLabel: 'Retail' | 'Suggested retail';
  /** Off a retail price; 0 against a suggested retail list price (docs/decisions/0024). */
  savingsPercent: number;
  quantity: number;
  totalCents: number;
  lines: PriceLine[];
  messages: PriceMessage[];
  /** Vertical blinds only: the valance return depth in inches. */
  valanceReturnInches?: number;
}

export type PriceResult = Quote | { ok: false; error: PricingError };

interface SizeInEighths {
  width: number;
  length: number;
}

interface GridPrice {
  matchedSize: string | null;
  pricedAs: PricedAs;
  lines: PriceLine[];
  retailCents: number;
  retailLabel?: Quote['retailLabel'];
  messages?: PriceMessage[];
  valanceReturnInches?: number;
}

const fail = (error: PricingError): { ok: false; error: PricingError } => ({ ok: false, error });

function checkDimension(dimension: Dimension | null, field: 'width' | 'length'): PricingError | undefined {
  if (dimension === null) return undefined;
  if (!Number.isInteger(dimension.inches) || dimension.inches < 0) return pricingErrors.invalidEntry(field);
  if (!Number.isInteger(dimension.eighths) || dimension.eighths < 0 || dimension.eighths > 7)
    return pricingErrors.invalidDimensions(field);
  return undefined;
}

function isMissing(dimension: Dimension | null): boolean {
  return dimension === null || toEighths(dimension) === 0;
}

function validDepth(depth: number): boolean {
  return depth >= DEPTH_LIMITS.min && depth <= DEPTH_LIMITS.max && Number.isInteger(depth / DEPTH_LIMITS.step);
}

/** The family's size limits, on the size made: the limit broken, named with the family's figure. */
function checkSize(family: FamilyId, width: number, length: number): PricingError | undefined {
  const limits = SIZE_LIMITS[family];
  if (width < limits.width.min) return pricingErrors.outsideSizeLimits(family, 'minWidth');
  if (width > limits.width.max) return pricingErrors.outsideSizeLimits(family, 'maxWidth');
  if (length < limits.length.min) return pricingErrors.outsideSizeLimits(family, 'minLength');
  if (length > limits.length.max) return pricingErrors.outsideSizeLimits(family, 'maxLength');
  return undefined;
}

function gridLine(label: string, cents: number): PriceLine {
  return { kind: 'grid', label, amountCents: cents };
}

function factored(label: string, tableCents: number, factor: PriceFactor): PriceLine[] {
  return [
    gridLine(label, tableCents),
    {
      kind: 'factor',
      label: `Price factor ${factorText(factor)}`,
      amountCents: applyFactor(tableCents, factor) - tableCents,
    },
  ];
}

/** The per-square-foot estimate used when a faux wood or vertical grid has no rows at all. */
function squareFootEstimate(size: SizeInEighths, centsPerSquareFoot: number): GridPrice {
  // width x height / 144 square feet; in eighths, 144 square inches are 144 x 64 square eighths.
  const cents = mulDivRoundHalfUp(centsPerSquareFoot, size.width * size.length, 144 * 64);
  const rate = `$${centsPerSquareFoot / 100} per square foot`;
  return {
    matchedSize: null,
    pricedAs: { kind: 'area', centsPerSquareFoot },
    lines: [{ kind: 'squareFootFallback', label: `Estimate at ${rate}`, amountCents: cents }],
    retailCents: cents,
    messages: [{ code: 'estimate', text: `Estimated at ${rate}` }],
  };
}

interface SizeBand {
  widthMin: number;
  widthMax: number;
  lengthMin: number;
  lengthMax: number;
}

function rangeLabel(row: SizeBand): string {
  return `${row.widthMin}-${row.widthMax} x ${row.lengthMin}-${row.lengthMax}`;
}

function sizeBand({ widthMin, widthMax, lengthMin, lengthMax }: SizeBand): PricedAs {
  return { kind: 'sizeBand', widthMin, widthMax, lengthMin, lengthMax };
}

function priceFauxWood(
  config: ConfigurationOf<'faux-wood-blinds'>,
  size: SizeInEighths,
  grids: PriceGrids,
): GridPrice | PricingError {
  const width = size.width / 8;
  const length = size.length / 8;
  if (config.series === 'standard') {
    if (grids.fauxWoodStock.length === 0) return squareFootEstimate(size, FAUX_WOOD_FALLBACK_CENTS_PER_SQUARE_FOOT);
    const row = matchStockSize(grids.fauxWoodStock, width, length);
    if (!row) return pricingErrors.noMatchingSize();
    const exact =
      Math.abs(row.width - width) <= SIZE_TOLERANCE_INCHES && Math.abs(row.length - length) <= SIZE_TOLERANCE_INCHES;
    const messages: PriceMessage[] = [{ code: 'priceMatchGuarantee', text: 'Price Match Guarantee' }];
    if (!exact) messages.push({ code: 'cutToFit', text: `Cut to fit from stock size ${row.size}` });
    return {
      matchedSize: row.size,
      pricedAs: { kind: 'stockSize', width: row.width, length: row.length, cutToFit: !exact },
      lines: factored(`Stock size ${row.size} (${row.itemNumber})`, row.totalPriceCents, FAUX_WOOD_STANDARD_FACTOR),
      retailCents: row.totalPriceCents,
      messages,
    };
  }
  if (grids.fauxWoodPremium.length === 0) return squareFootEstimate(size, FAUX_WOOD_FALLBACK_CENTS_PER_SQUARE_FOOT);
  const color = seriesInfo(config.family, config.series).colors.find(
    (c) => c.code === config.color,
  ) as GroupedColor<string>;
  const row = matchRange(
    grids.fauxWoodPremium.filter((r) => r.colorGroup === color.group),
    width,
    length,
  );
  if (!row) return pricingErrors.noMatchingSize();
  return {
    matchedSize: rangeLabel(row),
    pricedAs: sizeBand(row),
    lines: factored(
      `Printed wood grain ${rangeLabel(row)} (${row.colorGroup})`,
      row.priceCents,
      FAUX_WOOD_PREMIUM_FACTOR,
    ),
    retailCents: row.priceCents,
    retailLabel: 'Suggested retail',
  };
}

function priceWood(
  config: ConfigurationOf<'wood-blinds'>,
  size: SizeInEighths,
  grids: PriceGrids,
): GridPrice | PricingError {
  const shadeType = WOOD_SHADE_TYPES[config.series];
  const rows = grids.wood.filter((row) => row.shadeType === shadeType);
  if (rows.length === 0) return pricingErrors.noPricingData(NO_WOOD_PRICING_MESSAGE);
  const row = matchRange(rows, size.width / 8, size.length / 8);
  if (!row) return pricingErrors.noMatchingSize();
  return {
    matchedSize: rangeLabel(row),
    pricedAs: sizeBand(row),
    lines: factored(`${shadeType} ${rangeLabel(row)}`, row.priceCents, WOOD_FACTOR),
    retailCents: row.priceCents,
  };
}

function priceRoller(
  config: ConfigurationOf<'roller-shades'>,
  size: SizeInEighths,
  grids: PriceGrids,
): GridPrice | PricingError {
  const shadeType = rollerShadeType(config.series, config.opacity);
  const rows = grids.roller.filter((row) => row.shadeType === shadeType);
  if (rows.length === 0) return pricingErrors.noPricingData();
  const width = size.width / 8;
  const row = matchRange(rows, width, size.length / 8);
  if (!row) return pricingErrors.rollerSizeNotAvailable();
  const lines = [gridLine(`${shadeType} ${rangeLabel(row)}`, row.priceCents)];
  if (row.salePriceCents !== null)
    lines.push({ kind: 'sale', label: 'Sale price', amountCents: row.salePriceCents - row.priceCents });
  let retailCents = row.priceCents;
  if (config.options.fascia) {
    if (grids.fascia.length === 0) return pricingErrors.noPricingData();
    const fascia = matchFascia(grids.fascia, width);
    if (!fascia) return pricingErrors.rollerSizeNotAvailable();
    const { fasciaSize } = config.options;
    lines.push({
      kind: 'fascia',
      label: `${fasciaSize}" fascia, width ${fascia.widthMin}-${fascia.widthMax}`,
      amountCents: fascia.priceCents,
      option: `${fasciaSize}″ fascia`,
    });
    retailCents += fascia.priceCents;
  }
  return { matchedSize: rangeLabel(row), pricedAs: sizeBand(row), lines, retailCents };
}

function priceVertical(
  config: ConfigurationOf<'vertical-blinds'>,
  size: SizeInEighths,
  grids: PriceGrids,
): GridPrice | PricingError {
  const valanceReturnInches = VALANCE_RETURN_INCHES[config.options.valanceReturn ?? defaultValanceReturn(config.mount)];
  const splitDraw: PriceLine[] = config.options.splitDraw
    ? [{ kind: 'splitDraw', label: 'Split draw', amountCents: SPLIT_DRAW_CENTS, option: 'Split draw' }]
    : [];
  let price: GridPrice;
  if (grids.vertical.length === 0) {
    price = squareFootEstimate(size, VERTICAL_FALLBACK_CENTS_PER_SQUARE_FOOT);
  } else {
    const row = matchVertical(grids.vertical, size.width / 8, size.length / 8);
    if (!row) return pricingErrors.noMatchingSize();
    const label = `${row.width} x ${row.length}`;
    price = {
      matchedSize: label,
      pricedAs: { kind: 'standardSize', width: row.width, length: row.length },
      lines: [gridLine(`Standard size ${label}`, row.priceCents)],
      retailCents: row.priceCents,
    };
  }
  return {
    ...price,
    lines: [...price.lines, ...splitDraw],
    retailCents: price.retailCents + (config.options.splitDraw ? SPLIT_DRAW_CENTS : 0),
    valanceReturnInches,
  };
}

function priceMiniBlind(
  config: ConfigurationOf<'mini-blinds'>,
  size: SizeInEighths,
  grids: PriceGrids,
): GridPrice | PricingError {
  if (grids.mini.length === 0) return pricingErrors.noPricingData();
  const color = seriesInfo(config.family, config.series).colors.find((c) => c.code === config.color) as GroupedColor<
    MiniRow['colorGroup']
  >;
  const row = matchMiniBlind(grids.mini, color.group, size.width / 8, size.length / 8);
  if (!row) return pricingErrors.noMatchingSize();
  const label = `up to ${row.widthUpTo} x ${row.lengthUpTo}`;
  return {
    matchedSize: label,
    pricedAs: { kind: 'standardSize', width: row.widthUpTo, length: row.lengthUpTo },
    lines: [gridLine(`Mini blind ${label} (${row.colorGroup})`, row.priceCents)],
    retailCents: row.priceCents,
  };
}

function priceFromGrid(config: Configuration, size: SizeInEighths, grids: PriceGrids): GridPrice | PricingError {
  switch (config.family) {
    case 'faux-wood-blinds':
      return priceFauxWood(config, size, grids);
    case 'wood-blinds':
      return priceWood(config, size, grids);
    case 'roller-shades':
      return priceRoller(config, size, grids);
    case 'vertical-blinds':
      return priceVertical(config, size, grids);
    case 'mini-blinds':
      return priceMiniBlind(config, size, grids);
  }
}

/**
 * Prices one configuration. Checks run in the order the configurator reports them: what was
 * typed (Invalid Entry), missing dimensions, the colour, the size limits, then the grid match.
 */
export function priceConfiguration(config: Configuration, grids: PriceGrids): PriceResult {
  const entryError = checkDimension(config.width, 'width') ?? checkDimension(config.length, 'length');
  if (entryError) return fail(entryError);
  if (isMissing(config.width)) return fail(pricingErrors.missingDimensions('width'));
  if (isMissing(config.length)) return fail(pricingErrors.missingDimensions('length'));
  if (config.depth !== undefined && config.depth !== null && !validDepth(config.depth))
    return fail(pricingErrors.invalidDimensions('depth'));
  if (!config.color || !seriesInfo(config.family, config.series).colors.some((color) => color.code === config.color)) {
    return fail(pricingErrors.colorNotSelected());
  }

  const entered = { width: toEighths(config.width!), length: toEighths(config.length!) };
  const deduction = widthDeductionEighths(config.mount, config.measurement);
  const size = { width: entered.width - deduction, length: entered.length };
  const narrowed = deductionTooNarrowMessage(config.family, entered.width, deduction);
  if (narrowed) return fail(pricingErrors.narrowedByDeduction(narrowed));
  const sizeError = checkSize(config.family, size.width / 8, size.length / 8);
  if (sizeError) return fail(sizeError);

  const price = priceFromGrid(config, size, grids);
  if ('code' in price) return fail(price);
  const unitCents = price.lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (unitCents <= 0) return fail(pricingErrors.priceNotComputable());

  const retailLabel = price.retailLabel ?? 'Retail';
  // A saving is claimed off a retail price only; a suggested retail list price is shown, never claimed (docs/decisions/0024).
  const saving = retailLabel === 'Retail' ? savingsPercent(price.retailCents, unitCents) : 0;
  const messages: PriceMessage[] = [];
  if (deduction > 0) {
    const text = `Window measurement: ${formatInches(deduction / 8)}" deducted from the width for an inside mount (${formatInches(entered.width / 8)}" to ${formatInches(size.width / 8)}")`;
    messages.push({ code: 'windowDeduction', text });
  }
  messages.push(...(price.messages ?? []));
  if (saving > 0) messages.push({ code: 'savings', text: savingClaim(saving) });

  const quantity = normalizeQuantity(config.quantity);
  const quote: Quote = {
    ok: true,
    family: config.family,
    series: config.series,
    enteredWidth: entered.width / 8,
    enteredLength: entered.length / 8,
    deductionInches: deduction / 8,
    width: size.width / 8,
    length: size.length / 8,
    matchedSize: price.matchedSize,
    pricedAs: price.pricedAs,
    unitCents,
    retailCents: price.retailCents,
    retailLabel,
    savingsPercent: saving,
    quantity,
    totalCents: unitCents * quantity,
    lines: price.lines,
    messages,
  };
  if (price.valanceReturnInches !== undefined) quote.valanceReturnInches = price.valanceReturnInches;
  return quote;
}

export interface ManyQuotes {
  results: PriceResult[];
  /** The sum of the priced lines' totals. */
  totalCents: number;
  pricedCount: number;
  failedCount: number;
}

/** Prices many windows at once (a property manager's whole building), each on its own. */
export function priceMany(configs: readonly Configuration[], grids: PriceGrids): ManyQuotes {
  const results = configs.map((config) => priceConfiguration(config, grids));
  const priced = results.filter((result): result is Quote => result.ok);
  return {
    results,
    totalCents: priced.reduce((sum, quote) => sum + quote.totalCents, 0),
    pricedCount: priced.length,
    failedCount: results.length - priced.length,
  };
}

/**
 * The checks a grid passes before the shop prices from it: positive prices, sound ranges, no
 * overlap, no gap, and every size of the product's range priced. Problems name the CSV row
 * (the header is row 1, so the first row of prices is row 2, as a spreadsheet shows it).
 */
import { FAUX_WOOD_PRINTED_COLORS, MINI_ALUMINUM_COLORS, MINI_VINYL_COLORS } from '../colors';
import { ROLLER_SHADE_TYPES, SIZE_LIMITS, WOOD_SHADE_TYPES, type InchRange } from '../families';
import { columnHeader } from './columns';
import { SIZE_TOLERANCE_INCHES, STOCK_LENGTH_ALLOWANCE_INCHES, type RangeRow } from './match';
import type { FauxWoodStockRow, GridKind, GridRow, MiniRow, VerticalRow } from './types';

/** A broken upload can produce thousands of problems; the first fifty are enough to fix it. */
const MAX_PROBLEMS = 50;

/** The CSV row number of the row at this index of the grid. */
export const csvRowNumber = (index: number): number => index + 2;

class Problems {
  readonly list: string[] = [];
  add(row: number | null, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push(row === null ? message : `Row ${row}: ${message}`);
  }
}

interface Band {
  min: number;
  max: number;
  row: number;
}

const bandText = (band: Band): string => `${band.min}-${band.max}`;
const bandKey = (band: Band): string => `${band.min}:${band.max}`;

function distinctBands(bands: Band[]): Band[] {
  const seen = new Map<string, Band>();
  for (const band of bands) if (!seen.has(bandKey(band))) seen.set(bandKey(band), band);
  return [...seen.values()].sort((a, b) => a.min - b.min || a.max - b.max);
}

/** Bands must follow each other without overlap or gap and cover the product's limits. */
function checkBands(label: string, where: string, bands: Band[], limits: InchRange, problems: Problems): void {
  const sorted = distinctBands(bands);
  const first = sorted[0];
  if (!first) return;
  if (first.min > limits.min + SIZE_TOLERANCE_INCHES)
    problems.add(first.row, `${label}s${where} start at ${first.min}; sizes from ${limits.min} must be priced`);
  let reach = first;
  for (const band of sorted.slice(1)) {
    if (band.min < reach.max - SIZE_TOLERANCE_INCHES) {
      problems.add(
        band.row,
        `${label} ${bandText(band)}${where} overlaps ${label} ${bandText(reach)} (row ${reach.row})`,
      );
    } else if (band.min > reach.max + SIZE_TOLERANCE_INCHES) {
      problems.add(band.row, `gap in ${label}${where} between ${reach.max} and ${band.min}`);
    }
    if (band.max > reach.max) reach = band;
  }
  if (reach.max < limits.max - SIZE_TOLERANCE_INCHES)
    problems.add(reach.row, `${label}s${where} end at ${reach.max}; sizes up to ${limits.max} must be priced`);
}

function checkPrice(row: number, header: string, cents: number, problems: Problems): void {
  if (!(cents > 0)) problems.add(row, `${header} must be more than 0`);
}

function checkRangeGrid<Row extends RangeRow & { priceCents: number }>(
  kind: 'fauxWoodPremium' | 'wood' | 'roller',
  rows: readonly Row[],
  groupOf: (row: Row) => string,
  requiredGroups: readonly string[],
  problems: Problems,
): void {
  const limits =
    SIZE_LIMITS[kind === 'roller' ? 'roller-shades' : kind === 'wood' ? 'wood-blinds' : 'faux-wood-blinds'];
  const [widthMin, widthMax, lengthMin, lengthMax] = ['widthMin', 'widthMax', 'lengthMin', 'lengthMax'].map((key) =>
    columnHeader(kind, key),
  );
  const lengthLabel = kind === 'fauxWoodPremium' ? 'height' : 'length';
  const groups = new Map<string, { row: Row; number: number }[]>();
  rows.forEach((row, index) => {
    const number = csvRowNumber(index);
    checkPrice(number, 'price', row.priceCents, problems);
    const sound = row.widthMax >= row.widthMin && row.lengthMax >= row.lengthMin;
    if (row.widthMax < row.widthMin) problems.add(number, `${widthMax} must be at least ${widthMin}`);
    if (row.lengthMax < row.lengthMin) problems.add(number, `${lengthMax} must be at least ${lengthMin}`);
    if (sound) groups.set(groupOf(row), [...(groups.get(groupOf(row)) ?? []), { row, number }]);
  });
  for (const group of requiredGroups) if (!groups.has(group)) problems.add(null, `No rows for ${group}`);
  for (const [group, members] of groups) {
    const where = ` of ${group}`;
    const widths = members.map(({ row, number }) => ({ min: row.widthMin, max: row.widthMax, row: number }));
    const lengths = members.map(({ row, number }) => ({ min: row.lengthMin, max: row.lengthMax, row: number }));
    checkBands('width', where, widths, limits.width, problems);
    checkBands(lengthLabel, where, lengths, limits.length, problems);
    const cells = new Map<string, number>();
    members.forEach(({ number }, i) => {
      const key = `${bandKey(widths[i]!)}|${bandKey(lengths[i]!)}`;
      const earlier = cells.get(key);
      if (earlier !== undefined)
        problems.add(number, `overlaps row ${earlier}: same width and ${lengthLabel} ranges${where}`);
      else cells.set(key, number);
    });
    for (const width of distinctBands(widths)) {
      for (const length of distinctBands(lengths)) {
        if (!cells.has(`${bandKey(width)}|${bandKey(length)}`)) {
          problems.add(
            width.row,
            `no price${where} for width ${bandText(width)} with ${lengthLabel} ${bandText(length)}`,
          );
        }
      }
    }
  }
}

function checkStockGrid(rows: readonly FauxWoodStockRow[], problems: Problems): void {
  const limits = SIZE_LIMITS['faux-wood-blinds'];
  const items = new Map<string, number>();
  const sizes = new Map<string, number>();
  const byWidth = new Map<number, { length: number; number: number }[]>();
  rows.forEach((row, index) => {
    const number = csvRowNumber(index);
    checkPrice(number, 'total_price', row.totalPriceCents, problems);
    const sameItem = items.get(row.itemNumber);
    const sizeKey = `${row.width}x${row.length}`;
    const sameSize = sizes.get(sizeKey);
    if (sameItem !== undefined) problems.add(number, `item_number ${row.itemNumber} repeats row ${sameItem}`);
    if (sameSize !== undefined) problems.add(number, `size ${row.size} overlaps row ${sameSize}`);
    items.set(row.itemNumber, number);
    sizes.set(sizeKey, number);
    byWidth.set(row.width, [...(byWidth.get(row.width) ?? []), { length: row.length, number }]);
  });
  let widest: { width: number; number: number } | undefined;
  for (const [width, stocked] of byWidth) {
    const sorted = [...stocked].sort((a, b) => a.length - b.length);
    if (!widest || width > widest.width) widest = { width, number: sorted[0]!.number };
    let previous = { length: limits.length.min, number: sorted[0]!.number };
    for (const next of sorted) {
      if (next.length - previous.length > STOCK_LENGTH_ALLOWANCE_INCHES + SIZE_TOLERANCE_INCHES) {
        problems.add(
          next.number,
          `gap for stock width ${width}: lengths between ${previous.length} and ${next.length - STOCK_LENGTH_ALLOWANCE_INCHES} have no stock size at most ${STOCK_LENGTH_ALLOWANCE_INCHES} inches longer`,
        );
      }
      previous = next;
    }
    if (previous.length < limits.length.max - SIZE_TOLERANCE_INCHES) {
      problems.add(
        previous.number,
        `stock width ${width} ends at length ${previous.length}; lengths up to ${limits.length.max} must be stocked`,
      );
    }
  }
  if (widest && widest.width < limits.width.max - SIZE_TOLERANCE_INCHES) {
    problems.add(
      widest.number,
      `the widest stock size is ${widest.width}; widths up to ${limits.width.max} must be stocked`,
    );
  }
}

/** Standard-size grids (vertical, mini): every width with every length, reaching the product's maximum. */
function checkStandardSizes<Row>(
  rows: readonly Row[],
  size: (row: Row) => { group: string; width: number; length: number; priceCents: number },
  headers: { width: string; length: string },
  limits: { width: number; length: number },
  requiredGroups: readonly string[],
  problems: Problems,
): void {
  const groups = new Map<
    string,
    { widths: Map<number, number>; lengths: Map<number, number>; cells: Map<string, number> }
  >();
  rows.forEach((row, index) => {
    const number = csvRowNumber(index);
    const { group, width, length, priceCents } = size(row);
    checkPrice(number, 'price', priceCents, problems);
    const sizes = groups.get(group) ?? { widths: new Map(), lengths: new Map(), cells: new Map() };
    groups.set(group, sizes);
    const earlier = sizes.cells.get(`${width}x${length}`);
    if (earlier !== undefined)
      problems.add(number, `${headers.width} ${width} with ${headers.length} ${length} overlaps row ${earlier}`);
    else sizes.cells.set(`${width}x${length}`, number);
    if (!sizes.widths.has(width)) sizes.widths.set(width, number);
    if (!sizes.lengths.has(length)) sizes.lengths.set(length, number);
  });
  for (const group of requiredGroups) if (!groups.has(group)) problems.add(null, `No rows for ${group}`);
  for (const [group, sizes] of groups) {
    const where = group ? ` of ${group}` : '';
    for (const [width, number] of sizes.widths) {
      for (const length of sizes.lengths.keys()) {
        if (!sizes.cells.has(`${width}x${length}`))
          problems.add(number, `no price${where} for ${headers.width} ${width} with ${headers.length} ${length}`);
      }
    }
    const widest = Math.max(...sizes.widths.keys());
    const longest = Math.max(...sizes.lengths.keys());
    if (widest < limits.width)
      problems.add(
        sizes.widths.get(widest)!,
        `${headers.width} stops at ${widest}${where}; sizes up to ${limits.width} must be priced`,
      );
    if (longest < limits.length)
      problems.add(
        sizes.lengths.get(longest)!,
        `${headers.length} stops at ${longest}${where}; sizes up to ${limits.length} must be priced`,
      );
  }
}

const groupsOf = (colors: readonly { group: string }[]): string[] => [...new Set(colors.map((color) => color.group))];

/** Every problem of a grid (at most fifty), or an empty list when the shop can price from it. */
export function validateGrid<K extends GridKind>(kind: K, rows: readonly GridRow<K>[]): string[] {
  const problems = new Problems();
  if (rows.length === 0) return ['The grid has no rows'];
  const grid = { kind, rows } as { [P in GridKind]: { kind: P; rows: readonly GridRow<P>[] } }[GridKind];
  switch (grid.kind) {
    case 'fauxWoodStock':
      checkStockGrid(grid.rows, problems);
      break;
    case 'fauxWoodPremium':
      checkRangeGrid(grid.kind, grid.rows, (row) => row.colorGroup, groupsOf(FAUX_WOOD_PRINTED_COLORS), problems);
      break;
    case 'wood':
      checkRangeGrid(grid.kind, grid.rows, (row) => row.shadeType, Object.values(WOOD_SHADE_TYPES), problems);
      break;
    case 'roller':
      checkRangeGrid(grid.kind, grid.rows, (row) => row.shadeType, ROLLER_SHADE_TYPES, problems);
      grid.rows.forEach((row, index) => {
        if (row.salePriceCents !== null && row.salePriceCents > row.priceCents)
          problems.add(csvRowNumber(index), 'sale_price must not be more than price');
        if (row.salePriceCents !== null) checkPrice(csvRowNumber(index), 'sale_price', row.salePriceCents, problems);
      });
      break;
    case 'fascia': {
      grid.rows.forEach((row, index) => {
        checkPrice(csvRowNumber(index), 'price', row.priceCents, problems);
        if (row.widthMax < row.widthMin) problems.add(csvRowNumber(index), 'width_max must be at least width_min');
      });
      const bands = grid.rows.map((row, index) => ({ min: row.widthMin, max: row.widthMax, row: csvRowNumber(index) }));
      checkBands(
        'width',
        '',
        bands.filter((band) => band.max >= band.min),
        SIZE_LIMITS['roller-shades'].width,
        problems,
      );
      break;
    }
    case 'vertical': {
      const limits = SIZE_LIMITS['vertical-blinds'];
      const size = (row: VerticalRow) => ({
        group: '',
        width: row.width,
        length: row.length,
        priceCents: row.priceCents,
      });
      checkStandardSizes(
        grid.rows,
        size,
        { width: 'width_inch', length: 'height_inch' },
        { width: limits.width.max, length: limits.length.max },
        [],
        problems,
      );
      break;
    }
    case 'mini': {
      const limits = SIZE_LIMITS['mini-blinds'];
      const ids = new Map<string, number>();
      grid.rows.forEach((row, index) => {
        const earlier = ids.get(row.id);
        if (earlier !== undefined) problems.add(csvRowNumber(index), `id ${row.id} repeats row ${earlier}`);
        ids.set(row.id, csvRowNumber(index));
      });
      const size = (row: MiniRow) => ({
        group: row.colorGroup,
        width: row.widthUpTo,
        length: row.lengthUpTo,
        priceCents: row.priceCents,
      });
      const groups = groupsOf([...MINI_ALUMINUM_COLORS, ...MINI_VINYL_COLORS]);
      checkStandardSizes(
        grid.rows,
        size,
        { width: 'width_up_to', length: 'length_up_to' },
        { width: limits.width.max, length: limits.length.max },
        groups,
        problems,
      );
      break;
    }
  }
  return problems.list;
}

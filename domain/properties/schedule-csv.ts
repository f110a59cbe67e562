/**
 * A property's window schedule as CSV: the template a customer downloads, the file they upload
 * (read the same way in the browser's preview and on the server, which is the truth) and the export
 * of the property's windows, which imports again as it is. One row a window: where it is (building,
 * unit, room, label), its widths at the top, middle and bottom and its height in whole inches and
 * eighths, as the Add Window form takes them, and optionally its product and color.
 */
import Papa from 'papaparse';
import { FAMILIES, FAMILY_IDS, type FamilyId, type SeriesInfo } from '../catalogue/families';
import { groupThousands } from '../thousands';
import {
  propertyWindowInputSchema,
  type PropertyWindow,
  type PropertyWindowInput,
  type WindowProduct,
} from './property';

/** The measurements, each in two columns: whole inches, and eighths of an inch (0 to 7). */
const MEASURES = [
  ['widthTop', 'Top width'],
  ['widthMiddle', 'Middle width'],
  ['widthBottom', 'Bottom width'],
  ['height', 'Height'],
] as const;
type Measure = (typeof MEASURES)[number][0];

const inchesHeader = (label: string) => `${label} (inches)`;
const eighthsHeader = (label: string) => `${label} (eighths)`;

const NAME_COLUMNS = [
  ['building', 'Building'],
  ['unit', 'Unit'],
  ['roomName', 'Room'],
  ['label', 'Label'],
] as const;

export const SCHEDULE_HEADERS = [
  ...NAME_COLUMNS.map(([, header]) => header),
  ...MEASURES.flatMap(([, label]) => [inchesHeader(label), eighthsHeader(label)]),
  'Product',
  'Color',
] as const;

/** Columns a file must have; the others may be left out (read as empty). */
const REQUIRED_HEADERS = MEASURES.map(([, label]) => inchesHeader(label));

/** Other spellings a header is read as. */
const HEADER_ALIASES: Record<string, string> = { colour: 'Color' };

/**
 * The rows one import takes at most (a 2,000-window building, with room to spare); a larger
 * schedule is imported in parts. The server refuses a larger file whole.
 */
export const MAX_SCHEDULE_ROWS = 2_500;
/** A schedule of MAX_SCHEDULE_ROWS is about 250 KB; a file far larger is not a schedule. */
export const MAX_SCHEDULE_BYTES = 1_000_000;

export const SCHEDULE_FILE_MESSAGES = {
  empty: 'The file is empty. Download the template, fill in one row a window, and upload it.',
  tooLarge: `The file is larger than ${MAX_SCHEDULE_BYTES / 1_000_000} MB; a schedule of ${groupThousands(MAX_SCHEDULE_ROWS)} windows is far smaller. Please upload the CSV saved from the template.`,
  noRows: 'The file has no windows: add one row a window under the header row.',
} as const;

export function tooManyRowsMessage(rows: number): string {
  return `The file has ${groupThousands(rows)} windows; one import takes at most ${groupThousands(MAX_SCHEDULE_ROWS)}. Please split it into files of ${groupThousands(MAX_SCHEDULE_ROWS)} rows or fewer.`;
}

/** A problem of one row, named by its row as a spreadsheet numbers it (the header is row 1) and its column. */
export interface ScheduleProblem {
  row: number;
  column: string | null;
  message: string;
}

export interface ScheduleRow {
  row: number;
  window: PropertyWindowInput;
}

/**
 * What a file holds. `fileProblems` (a missing column, too many rows): nothing can be imported.
 * Otherwise `rows` are the valid rows, each imported whole, and every other row is skipped with
 * its `problems`.
 */
export interface ScheduleParse {
  fileProblems: string[];
  rows: ScheduleRow[];
  problems: ScheduleProblem[];
  /** Rows with anything in them (empty lines are not windows). */
  rowCount: number;
}

/**
 * POST /api/properties/{propertyId}/windows/import answers what it imported (201) and which rows
 * it skipped with their problems; a file it cannot import at all is a 400 with `fileProblems`, or
 * with `problems` when no row is valid.
 */
export interface ScheduleImportResult {
  imported: number;
  skippedRows: number[];
  problems: ScheduleProblem[];
}

export const NO_VALID_ROWS_MESSAGE = 'None of the rows can be imported: please correct the problems listed.';

/** What the result says of an import: 'Imported 198 windows; rows 5 and 17 were skipped.' */
export function importedMessage(imported: number, skipped: readonly number[]): string {
  const windows = imported === 1 ? '1 window' : `${groupThousands(imported)} windows`;
  if (skipped.length === 0) return `Imported ${windows}.`;
  return `Imported ${windows}; ${rowsText(skipped)} ${skipped.length === 1 ? 'was' : 'were'} skipped.`;
}

/** What the preview says of the rows it will skip: 'Rows 5 and 17 will be skipped.' */
export function willSkipMessage(skipped: readonly number[]): string {
  const rows = rowsText(skipped);
  return `${rows[0]!.toUpperCase()}${rows.slice(1)} will be skipped.`;
}

/** 'row 5', 'rows 5 and 17', 'rows 5, 9 and 17'. */
function rowsText(rows: readonly number[]): string {
  if (rows.length === 1) return `row ${rows[0]}`;
  return `rows ${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1]}`;
}

/** The rows skipped, in order, each once. */
export function skippedRows(parse: Pick<ScheduleParse, 'problems'>): number[] {
  return [...new Set(parse.problems.map((problem) => problem.row))].sort((a, b) => a - b);
}

const WHOLE_INCHES = /^\d+$/;
const EIGHTHS = /^[0-7]$/;
const FRACTION = /^([1-7])\s*\/\s*(2|4|8)$/;

/** Eighths as the cell has them: empty is 0, a digit 0 to 7, or a fraction of 2, 4 or 8 (3/8, 1/2). */
function eighthsOf(text: string): number | undefined {
  if (text === '') return 0;
  if (EIGHTHS.test(text)) return Number(text);
  const fraction = FRACTION.exec(text);
  if (!fraction) return undefined;
  const eighths = (Number(fraction[1]) * 8) / Number(fraction[2]);
  return Number.isInteger(eighths) && eighths < 8 ? eighths : undefined;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function familyNamed(text: string): FamilyId | undefined {
  return FAMILY_IDS.find((id) => sameText(id, text) || sameText(FAMILIES[id].name, text));
}

/** The product cell, "Faux Wood Blinds" or "Faux Wood Blinds: Printed", and the color cell, to a product. */
function productOf(productText: string, colorText: string): { product: WindowProduct } | ScheduleProblemInRow {
  const [familyText = '', seriesText] = productText.split(':');
  const family = familyNamed(familyText);
  if (!family) {
    const names = FAMILY_IDS.map((id) => FAMILIES[id].name).join(', ');
    return { column: 'Product', message: `Product must be one of ${names}.` };
  }
  const allSeries = FAMILIES[family].series;
  let candidates: readonly SeriesInfo[] = allSeries;
  if (seriesText !== undefined) {
    const series = allSeries.find((s) => sameText(s.label, seriesText) || sameText(s.id, seriesText));
    if (!series) {
      const labels = allSeries.map((s) => s.label).join(', ');
      return { column: 'Product', message: `The style of ${FAMILIES[family].name} must be one of ${labels}.` };
    }
    candidates = [series];
  }
  if (colorText === '') {
    const series = candidates[0]!;
    return { product: { family, series: series.id, colorCode: series.defaultColor ?? series.colors[0]!.code } };
  }
  for (const series of candidates) {
    const color = series.colors.find((c) => sameText(c.code, colorText) || sameText(c.name, colorText));
    if (color) return { product: { family, series: series.id, colorCode: color.code } };
  }
  return {
    column: 'Color',
    message: `Color must be a color code or name of ${productText.trim()}, e.g. ${candidates[0]!.colors[0]!.code}.`,
  };
}

interface ScheduleProblemInRow {
  column: string | null;
  message: string;
}

const COLUMN_OF_FIELD: Record<string, string> = {
  ...Object.fromEntries(NAME_COLUMNS.map(([field, header]) => [field, header])),
  ...Object.fromEntries(MEASURES.map(([field, label]) => [field, inchesHeader(label)])),
  product: 'Product',
};

/** One row's cells to a window, or every problem of the row. */
function windowOf(
  cell: (header: string) => string,
): { window: PropertyWindowInput } | { problems: ScheduleProblemInRow[] } {
  const problems: ScheduleProblemInRow[] = [];
  const input: Record<string, unknown> = Object.fromEntries(
    NAME_COLUMNS.map(([field, header]) => [field, cell(header)]),
  );
  for (const [field, label] of MEASURES) {
    const inches = cell(inchesHeader(label));
    const eighths = eighthsOf(cell(eighthsHeader(label)));
    if (inches === '') problems.push({ column: inchesHeader(label), message: `${label} is required.` });
    else if (!WHOLE_INCHES.test(inches))
      problems.push({
        column: inchesHeader(label),
        message: `${label} must be whole inches; put the fraction in ${eighthsHeader(label)}.`,
      });
    if (eighths === undefined)
      problems.push({
        column: eighthsHeader(label),
        message: `${eighthsHeader(label)} must be a whole number from 0 to 7 (or a fraction like 3/8).`,
      });
    input[field satisfies Measure] = WHOLE_INCHES.test(inches) ? Number(inches) + (eighths ?? 0) / 8 : 0;
  }
  const productText = cell('Product');
  const colorText = cell('Color');
  if (productText !== '') {
    const found = productOf(productText, colorText);
    if ('product' in found) input.product = found.product;
    else problems.push(found);
  } else if (colorText !== '') {
    problems.push({ column: 'Product', message: 'Product is required when a color is given.' });
  }
  const parsed = propertyWindowInputSchema.safeParse(input);
  if (!parsed.success) {
    const reported = new Set(problems.map((problem) => problem.column));
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? null;
      // A measurement already named as unreadable is not also "must be greater than 0".
      if (column !== null && reported.has(column)) continue;
      problems.push({ column, message: issue.message });
    }
  }
  return problems.length > 0 || !parsed.success ? { problems } : { window: parsed.data };
}

function canonicalHeader(text: string): string {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const known = SCHEDULE_HEADERS.find((header) => sameText(header, trimmed));
  return known ?? HEADER_ALIASES[trimmed.toLowerCase()] ?? trimmed;
}

/** Reads an uploaded schedule: each row a window, or skipped with every problem it has. */
export function parseScheduleCsv(text: string): ScheduleParse {
  const none = (fileProblems: string[]): ScheduleParse => ({ fileProblems, rows: [], problems: [], rowCount: 0 });
  if (text.length > MAX_SCHEDULE_BYTES) return none([SCHEDULE_FILE_MESSAGES.tooLarge]);
  const records = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) return none([SCHEDULE_FILE_MESSAGES.empty]);
  const headers = header.map(canonicalHeader);
  const fileProblems = [
    ...REQUIRED_HEADERS.filter((required) => !headers.includes(required)).map(
      (missing) => `Row 1: the column ${missing} is missing. Download the template for the columns.`,
    ),
    ...headers
      .filter((found) => found !== '' && !(SCHEDULE_HEADERS as readonly string[]).includes(found))
      .map((unknown) => `Row 1: ${unknown} is not a column of the schedule (${SCHEDULE_HEADERS.join(', ')}).`),
  ];
  const filled = body
    .map((record, index) => ({ record, row: index + 2 }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (fileProblems.length === 0 && filled.length > MAX_SCHEDULE_ROWS)
    fileProblems.push(tooManyRowsMessage(filled.length));
  if (fileProblems.length === 0 && filled.length === 0) fileProblems.push(SCHEDULE_FILE_MESSAGES.noRows);
  if (fileProblems.length > 0) return none(fileProblems);

  const rows: ScheduleRow[] = [];
  const problems: ScheduleProblem[] = [];
  for (const { record, row } of filled) {
    const cell = (name: string) => {
      const index = headers.indexOf(name);
      return index === -1 ? '' : (record[index] ?? '').trim();
    };
    const read = windowOf(cell);
    if ('window' in read) rows.push({ row, window: read.window });
    else problems.push(...read.problems.map((problem) => ({ row, ...problem })));
  }
  return { fileProblems: [], rows, problems, rowCount: filled.length };
}

function inchesAndEighths(value: number): [string, string] {
  const eighths = Math.round(value * 8);
  return [String(Math.floor(eighths / 8)), String(eighths % 8)];
}

/** The product cell of a window's product: the family's name, and the style unless it is the family's first. */
function productCell(product: WindowProduct): string {
  const family = FAMILIES[product.family];
  const series = family.series.find((s) => s.id === product.series);
  return series && series !== family.series[0] ? `${family.name}: ${series.label}` : family.name;
}

/** The windows as a schedule: the template's columns, one row a window, which imports as it is. */
export function scheduleCsvOf(
  windows: ReadonlyArray<Pick<PropertyWindow, 'building' | 'unit' | 'roomName' | 'label' | 'product' | Measure>>,
): string {
  return Papa.unparse({
    fields: [...SCHEDULE_HEADERS],
    data: windows.map((window) => [
      ...NAME_COLUMNS.map(([field]) => window[field]),
      ...MEASURES.flatMap(([field]) => inchesAndEighths(window[field])),
      window.product ? productCell(window.product) : '',
      window.product?.colorCode ?? '',
    ]),
  });
}

/** The template: the columns, and two example rows to replace. */
export function scheduleTemplateCsv(): string {
  const example = { building: 'A', roomName: 'Bedroom', product: null };
  return scheduleCsvOf([
    { ...example, unit: '101', label: 'Left', widthTop: 35.375, widthMiddle: 35.25, widthBottom: 35.375, height: 60 },
    {
      ...example,
      unit: '102',
      label: '',
      widthTop: 48,
      widthMiddle: 47.875,
      widthBottom: 48,
      height: 72.5,
      product: { family: 'faux-wood-blinds', series: 'standard', colorCode: 'E02' },
    },
  ]);
}

/** The export's file name: the property's name in letters, digits and hyphens. */
export function scheduleFileName(propertyName: string): string {
  const slug = propertyName
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `${slug || 'property'}-windows.csv`;
}
